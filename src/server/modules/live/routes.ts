import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParams } from '@shared/schemas/common';
import { liveDashboardRowSchema, myRoundSchema, roundRecordSchema, rotationRowSchema, timerSyncSchema, timerUpdateSchema } from '@shared/schemas/live';
import { clientMessage } from '@shared/realtime';
import { forbidden } from '../../errors';
import { roundHistory } from './round-history';
import * as live from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/**
 * The live evening's HTTP routes: the timer, the rotation, the rounds and the host's dashboard. The
 * runtime behind them (timers, sockets, the bus) is runtime.ts, reached through `app.live`.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  /** The timer as state, for a page's first paint (the socket keeps it current). */
  app.get('/api/events/:id/timer', { schema: { params: idParams, response: { 200: timerSyncSchema, ...errors } } }, async (req) => {
    const viewer = req.me;
    if (!(await live.canWatch(app.db, viewer, req.params.id))) throw forbidden('Only guests and hosts of this event can see its timer');
    return live.stateMessage('timer_sync', await live.timerState(app.db, req.params.id));
  });

  /** The same commands as the socket, for dashboards that drive several events. Hosts of the event only. */
  app.post('/api/events/:id/timer', { schema: { params: idParams, body: clientMessage, response: { 200: timerUpdateSchema, ...errors } } }, async (req) => {
    const viewer = req.me;
    const state = await app.live.command(viewer, req.params.id, req.body);
    return live.stateMessage('timer_update', state);
  });

  app.get('/api/events/:id/rotation/me', { schema: { params: idParams, response: { 200: z.array(myRoundSchema), ...errors } } }, async (req) =>
    live.myRotation(app.db, req.me, req.params.id),
  );

  app.get('/api/events/:id/rotation', { schema: { params: idParams, response: { 200: z.array(rotationRowSchema), ...errors } } }, async (req) =>
    live.fullRotation(app.db, req.me, req.params.id),
  );

  app.get('/api/events/:id/rounds', { schema: { params: idParams, response: { 200: z.array(roundRecordSchema), ...errors } } }, async (req) =>
    roundHistory(app.db, req.me, req.params.id),
  );

  /** /dashboard: every live or upcoming event the host runs, with its real timer state. */
  app.get(
    '/api/live/events',
    { config: { access: { role: 'host' } }, schema: { response: { 200: z.array(liveDashboardRowSchema), ...errors } } },
    async (req) => {
      const viewer = req.me;
      return live.hostDashboard(app.db, viewer);
    },
  );
};

/** Encapsulated; the runtime it reaches through `app.live` comes first (docs/decisions/0056). */
export const liveRoutes = fp(plugin, { name: 'live', dependencies: ['live-runtime'], encapsulate: true });
