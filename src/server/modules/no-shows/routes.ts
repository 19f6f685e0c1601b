import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { NoShowRule } from '@shared/domain/no-shows';
import { errorBody, idParams } from '@shared/schemas/common';
import { adminNoShowSchema, clearNoShowBody, eveningNoShowsSchema, myNoShowsSchema } from '@shared/schemas/no-shows';
import * as noShows from './service';
import { every } from '../../lib/every';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** How often each instance records the no-shows of evenings just over. */
export const NO_SHOW_SWEEP_MS = 60_000;

/** One sweep by the app's clock, logged when it recorded or deleted anything. Safe on every instance at once. */
export async function sweepNoShows(app: FastifyInstance, rule: NoShowRule) {
  const result = await noShows.sweep(app.db, app.now(), rule);
  if (result.evenings.length || result.deleted) app.log.info({ evenings: result.evenings, deleted: result.deleted }, 'no-shows recorded');
  return result;
}

/** The periodic sweep, stopped when the app closes (after the sweep under way, if any). */
function startSweep(app: FastifyInstance, rule: NoShowRule, everyMs: number) {
  every(app, { what: 'no-show sweep', everyMs, run: () => sweepNoShows(app, rule) });
}

/** No-shows (GitHub issue 35, docs/decisions/0076-no-shows-have-a-cost.md): the member's record, hosts' counts, admins' clearing. */
export const noShowRoutes: FastifyPluginAsyncZod<{ rule: NoShowRule; sweepMs?: number }> = async (app, opts) => {
  const { rule } = opts;
  startSweep(app, rule, opts.sweepMs ?? NO_SHOW_SWEEP_MS);

  // Signed-in members: their own record only (the id comes from the session).
  app.get('/api/no-shows/mine', { schema: { response: { 200: myNoShowsSchema, ...errors } } }, async (req, reply) => {
    const viewer = req.me;
    reply.header('cache-control', 'private, no-store');
    return noShows.mine(app.db, viewer, app.now(), rule);
  });

  // Hosts (their evenings) and admins (every evening): counts, never names.
  app.get('/api/no-shows/evenings', { schema: { response: { 200: z.array(eveningNoShowsSchema), ...errors } } }, async (req) =>
    noShows.eveningCounts(app.db, req.me, app.now(), rule),
  );

  // Admins only.
  app.get('/api/admin/no-shows', { schema: { response: { 200: z.array(adminNoShowSchema), ...errors } } }, async (req, reply) => {
    const viewer = req.me;
    reply.header('cache-control', 'private, no-store');
    return noShows.forAdmin(app.db, viewer, app.now(), rule);
  });

  // Admins only.
  app.post(
    '/api/admin/no-shows/:id/clear',
    { schema: { params: idParams, body: clearNoShowBody, response: { 200: adminNoShowSchema, ...errors } } },
    async (req) => noShows.clear(app.db, req.me, req.params.id, req.body.reason, app.now(), rule),
  );
};
