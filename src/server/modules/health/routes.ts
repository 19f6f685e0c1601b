import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthDown, healthUp } from '@shared/schemas/health';
import { RETRY_AFTER_SECONDS } from '../../errors';

/** How long the probe waits for the database before calling it down. */
const PING_TIMEOUT_MS = 3_000;

function withTimeout(p: Promise<void>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database ping timed out')), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { config: { rateLimit: false }, schema: { response: { 200: healthUp, 503: healthDown } } }, async (req, reply) => {
    try {
      await withTimeout(app.database.ping(), PING_TIMEOUT_MS);
      return { status: 'ok' as const, database: 'up' as const };
    } catch (err) {
      req.log.warn({ err }, 'health: the database is down');
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).header('cache-control', 'no-store').send({ status: 'unavailable', database: 'down', message: 'The database is unreachable' });
    }
  });
};
