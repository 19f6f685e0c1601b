import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noContent } from '@shared/schemas/common';
import { healthDown, healthUp, readyDown, readyUp, type ReadyDown } from '@shared/schemas/health';
import { RETRY_AFTER_SECONDS } from '../../errors';
import { migrating } from './service';

/** How long the probe waits for the database before calling it down. */
const PING_TIMEOUT_MS = 3_000;

function withTimeout<T>(p: Promise<T>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

declare module 'fastify' {
  interface FastifyInstance {
    readiness: {
      /** Set on SIGTERM (main.ts), before the app closes: readiness answers 503 from then on. */
      shuttingDown: boolean;
    };
  }
}

const NOT_READY: Record<ReadyDown['reason'], string> = {
  shutting_down: 'This instance is shutting down',
  database_down: 'The database is unreachable',
  migrating: 'Database migrations are running',
};

/**
 * Liveness (/api/health: the process answers, and says whether its database does) and readiness
 * (/api/health/ready: send this instance traffic), docs/decisions/0036-readiness-and-a-shutdown-that-loses-nothing.md.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  app.decorate('readiness', { shuttingDown: false });

  app.get('/api/health', { config: { rateLimit: false }, schema: { response: { 200: healthUp, 503: healthDown } } }, async (req, reply) => {
    try {
      await withTimeout(app.database.ping(), PING_TIMEOUT_MS);
      return { status: 'ok' as const, database: 'up' as const };
    } catch (err) {
      req.log.warn({ err }, 'health: the database is down');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .send({ status: 'unavailable', database: 'down', message: 'The database is unreachable' });
    }
  });

  // The phones' question after a drop, "can I reach the server?" (src/client/lib/live-socket.ts):
  // no database, never cached, and not logged (a phone whose line is down asks every second).
  app.get('/api/ping', { logLevel: 'warn', config: { rateLimit: false }, schema: { response: { 204: noContent } } }, async (_req, reply) =>
    reply.code(204).header('cache-control', 'no-store').send(),
  );

  app.get('/api/health/ready', { config: { rateLimit: false }, schema: { response: { 200: readyUp, 503: readyDown } } }, async (req, reply) => {
    const notReady = (reason: ReadyDown['reason']) =>
      reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .header('cache-control', 'no-store')
        .send({ status: 'not_ready', reason, message: NOT_READY[reason] });
    if (app.readiness.shuttingDown) return notReady('shutting_down');
    let running: boolean;
    try {
      running = await withTimeout(migrating(app.database), PING_TIMEOUT_MS);
    } catch (err) {
      req.log.warn({ err }, 'readiness: the database is down');
      return notReady('database_down');
    }
    if (running) return notReady('migrating');
    if (app.readiness.shuttingDown) return notReady('shutting_down');
    return reply.header('cache-control', 'no-store').send({ status: 'ready' as const });
  });
};

export const healthRoutes = fp(plugin, { name: 'health', dependencies: ['db'] });
