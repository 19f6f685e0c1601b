import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam, idParams } from '@shared/schemas/common';
import {
  deskParams,
  doorCheckInBody,
  doorCheckInResult,
  doorPackSchema,
  doorSchema,
  doorSyncBody,
  doorSyncResult,
  doorUndoResult,
  scanBody,
} from '@shared/schemas/door';
import * as door from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const csv = 'text/csv; charset=utf-8';
/** A CSV answer, declared by its media type; csv-stringify writes the text (service.ts). */
const csvAnswer = { content: { 'text/csv': { schema: z.string().describe('text/csv') } } };
const guestParams = z.object({ id: idParam, userId: idParam });

/**
 * The door (/check-in, hosts of the event): docs/spec/organiser-tools.md §2.19. The guest's
 * arrival (/arrival) is modules/arrival.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const deps = (): door.DoorDeps => ({
    db: app.db,
    now: () => app.now(),
    publishCheckins: (eventId, userIds, states) => app.live.publishRoom({ eventId, kind: 'checkins_updated', userIds, ...(states ? { states } : {}) }),
  });

  app.get('/api/events/:id/door', { schema: { params: idParams, response: { 200: doorSchema, ...errors } } }, async (req) =>
    door.door(app.db, req.me, req.params.id),
  );

  app.post('/api/events/:id/door/scan', { schema: { params: idParams, body: scanBody, response: { 200: doorCheckInResult, ...errors } } }, async (req) =>
    door.scan(deps(), req.me, req.params.id, req.body.code, req.body.method),
  );

  app.post(
    '/api/events/:id/door/check-in',
    { schema: { params: idParams, body: doorCheckInBody, response: { 200: doorCheckInResult, ...errors } } },
    async (req) => door.checkInBySearch(deps(), req.me, req.params.id, req.body.userId),
  );

  app.delete('/api/events/:id/door/check-in/:userId', { schema: { params: guestParams, response: { 200: doorUndoResult, ...errors } } }, async (req) =>
    door.undoCheckIn(deps(), req.me, req.params.id, req.params.userId),
  );

  // The door offline (docs/decisions/0052-the-door-offline.md): a desk's pack, and what it checked in offline.
  app.put('/api/events/:id/door/desks/:deskId', { schema: { params: deskParams, response: { 200: doorPackSchema, ...errors } } }, async (req) =>
    door.deskPack(deps(), req.me, req.params.id, req.params.deskId),
  );

  app.post(
    '/api/events/:id/door/desks/:deskId/sync',
    { schema: { params: deskParams, body: doorSyncBody, response: { 200: doorSyncResult, ...errors } } },
    async (req) => door.syncDesk(deps(), req.me, req.params.id, req.params.deskId, req.body.items),
  );

  app.get('/api/events/:id/attendance.csv', { schema: { params: idParams, response: { 200: csvAnswer, ...errors } } }, async (req, reply) => {
    const text = await door.attendanceCsv(app.db, req.me, req.params.id);
    return reply
      .type(csv)
      .header('content-disposition', `attachment; filename="attendance-${req.params.id}.csv"`)
      .header('cache-control', 'no-store')
      .send(text);
  });
};

/** Tells open pages through `app.live`: the live runtime comes first (docs/decisions/0056). */
export const doorRoutes = fp(plugin, { name: 'door', dependencies: ['live-runtime'], encapsulate: true });
