import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContent } from '@shared/schemas/common';
import { healthDown, healthUp, liveUp, readyDown, readyUp, type ReadyDown } from '@shared/schemas/health';
import { RETRY_AFTER_SECONDS } from '../../errors';
import { databaseAnswers, notReadyReason, type ReadinessState } from './service';
import { databaseWatch, type DatabaseWatch } from './watch';

declare module 'fastify' {
  interface FastifyInstance {
    readiness: ReadinessState;
    /** The database's outages as this instance meets them, logged once each way (./watch.ts). */
    databaseWatch: DatabaseWatch;
  }
}

const NOT_READY: Record<ReadyDown['reason'], string> = {
  shutting_down: 'This instance is shutting down',
  database_down: 'The database is unreachable',
  migrating: 'This instance is applying database migrations',
};

/**
 * The probes (docs/decisions/0036, 0087):
 * - /api/health/live: the process answers; no database (an outage is no reason to restart it);
 * - /api/health: the process answers, and says whether its database does (503 when not);
 * - /api/health/ready: send this instance traffic; 503 while it shuts down, applies its own
 *   migrations, or its database does not answer.
 * None is logged per request at info (src/server/logging.ts QUIET_ROUTES); an outage is logged
 * once when it starts and once when it ends, by the watch.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  app.decorate('readiness', { shuttingDown: false });
  const watch = databaseWatch({ ping: () => app.database.ping(), log: app.log, now: () => app.now().getTime() });
  app.decorate('databaseWatch', watch);
  app.addHook('onClose', async () => watch.stop());

  // Shutting down (src/server/lib/drain.ts, docs/decisions/0132): every answer closes its connection,
  // so a proxy's pooled connection ends after a request it sent, never under one; a socket upgrade is
  // refused (503, a GET) for the proxy to take to another instance.
  app.addHook('onRequest', async (req, reply) => {
    if (!app.readiness.shuttingDown) return;
    reply.header('connection', 'close');
    if (req.headers.upgrade) {
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send({ message: NOT_READY.shutting_down, error: NOT_READY.shutting_down });
    }
  });

  const noStore = { 'cache-control': 'no-store' };

  app.get('/api/health/live', { config: { rateLimit: false }, schema: { response: { 200: liveUp } } }, async (_req, reply) =>
    reply.headers(noStore).send({ status: 'alive' as const }),
  );

  app.get('/api/health', { config: { rateLimit: false }, schema: { response: { 200: healthUp, 503: healthDown } } }, async (_req, reply) => {
    if (await databaseAnswers(app.database, watch)) return { status: 'ok' as const, database: 'up' as const };
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .headers(noStore)
      .send({ status: 'unavailable', database: 'down', message: 'The database is unreachable' });
  });

  // The phones' question after a drop, "can I reach the server?" (src/client/lib/live-socket.ts):
  // no database, never cached, and not logged (a phone whose line is down asks every second).
  app.get('/api/ping', { config: { rateLimit: false }, schema: { response: { 204: noContent } } }, async (_req, reply) =>
    reply.code(204).headers(noStore).send(),
  );

  app.get('/api/health/ready', { config: { rateLimit: false }, schema: { response: { 200: readyUp, 503: readyDown } } }, async (_req, reply) => {
    const reason = await notReadyReason(app.readiness, app.database, watch);
    if (reason === null) return reply.headers(noStore).send({ status: 'ready' as const });
    return reply
      .code(503)
      .header('retry-after', String(RETRY_AFTER_SECONDS))
      .headers(noStore)
      .send({ status: 'not_ready', reason, message: NOT_READY[reason] });
  });
};

export const healthRoutes = fp(plugin, { name: 'health', dependencies: ['db', 'clock'] });
