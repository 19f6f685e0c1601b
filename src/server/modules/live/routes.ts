import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParams } from '@shared/schemas/common';
import { clientMessage } from '@shared/realtime';
import { forbidden } from '../../errors';
import { requireRole, requireViewer } from '../../plugins/auth';
import * as live from './service';


export const liveRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The timer as state, for a page's first paint (the socket keeps it current). */
  app.get('/api/events/:id/timer', { schema: { params: idParams } }, async (req) => {
    const viewer = await requireViewer(req);
    if (!(await live.canWatch(app.db, viewer, req.params.id))) throw forbidden('Only guests and hosts of this event can see its timer');
    return live.stateMessage('timer_sync', await live.timerState(app.db, req.params.id));
  });

  /** The same commands as the socket, for dashboards that drive several events. Hosts of the event only. */
  app.post('/api/events/:id/timer', { schema: { params: idParams, body: clientMessage } }, async (req) => {
    const viewer = await requireViewer(req);
    const state = await live.command(app.live.deps(), viewer, req.params.id, req.body);
    return live.stateMessage('timer_update', state);
  });

  app.get('/api/events/:id/rotation/me', { schema: { params: idParams } }, async (req) => live.myRotation(app.db, await requireViewer(req), req.params.id));

  app.get('/api/events/:id/rotation', { schema: { params: idParams } }, async (req) => live.fullRotation(app.db, await requireViewer(req), req.params.id));

  app.get('/api/events/:id/rounds', { schema: { params: idParams } }, async (req) => live.roundHistory(app.db, await requireViewer(req), req.params.id));

  /** /dashboard: every live or upcoming event the host runs, with its real timer state. */
  app.get('/api/live/events', async (req) => {
    const viewer = await requireRole(req, 'host');
    return live.hostDashboard(app.db, viewer);
  });
};
