import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam, idParams } from '@shared/schemas/common';
import {
  blockBody,
  blockList,
  blockState,
  removeGuestResult,
  reportBody,
  reportCreated,
  reportList,
  suspendBody,
  suspensionResult,
} from '@shared/schemas/safety';
import * as safety from './service';

const APP_NAME = 'Speed Friendship';
const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };
const userParams = z.object({ userId: idParam });
const guestParams = z.object({ id: idParam, userId: idParam });

/** Safety tools (GitHub issue 21, docs/decisions/0041, 0042): blocks, reports, suspensions, removing a guest. */
export const safetyRoutes: FastifyPluginAsyncZod<{ publicUrl: string; holdMinutes: number }> = async (app, opts) => {
  const suspendDeps = (): safety.SuspendDeps => ({
    db: app.db,
    payments: app.payments,
    mailer: app.mailer,
    publicUrl: opts.publicUrl,
    holdMinutes: opts.holdMinutes,
    log: app.log,
    appName: APP_NAME,
  });

  app.get('/api/me/blocks', { schema: { response: { 200: blockList, ...errors } } }, async (req, reply) => {
    const viewer = req.me;
    reply.header('cache-control', 'private, no-store');
    return safety.myBlocks(app.db, viewer);
  });

  app.post('/api/me/blocks', { schema: { body: blockBody, response: { 200: blockState, ...errors } } }, async (req) => {
    const { state, replanned } = await safety.block(app.db, req.me, req.body.userId);
    // Every instance forgets the places it kept for the evenings planned again.
    for (const eventId of replanned) await app.bus.publish({ eventId, kind: 'rotation_planned' });
    return state;
  });

  app.delete('/api/me/blocks/:userId', { schema: { params: userParams, response: { 200: blockState, ...errors } } }, async (req) =>
    safety.unblock(app.db, req.me, req.params.userId),
  );

  app.post('/api/reports', { schema: { body: reportBody, response: { 201: reportCreated, ...errors } } }, async (req, reply) =>
    reply.code(201).send(await safety.report(app.db, req.me, req.body)),
  );

  app.get('/api/reports', { schema: { response: { 200: reportList, ...errors } } }, async (req, reply) => {
    const viewer = req.me;
    reply.header('cache-control', 'private, no-store');
    return safety.listReports(app.db, viewer);
  });

  app.post(
    '/api/reports/:id/handled',
    { schema: { params: idParams, response: { 200: z.object({ id: z.number(), handled: z.literal(true) }), ...errors } } },
    async (req) => safety.markHandled(app.db, req.me, req.params.id),
  );

  app.put('/api/users/:id/suspension', { schema: { params: idParams, body: suspendBody, response: { 200: suspensionResult, ...errors } } }, async (req) =>
    safety.setSuspension(suspendDeps(), req.me, req.params.id, req.body.suspended),
  );

  app.post('/api/events/:id/guests/:userId/removal', { schema: { params: guestParams, response: { 200: removeGuestResult, ...errors } } }, async (req) => {
    const result = await safety.removeGuest(app.db, req.me, req.params.id, req.params.userId, app.now());
    // The guest's phone is told, the door refreshes, and everyone watching gets their new places.
    await app.bus.publish({ eventId: req.params.id, kind: 'guest_removed', userId: req.params.userId });
    return result;
  });
};
