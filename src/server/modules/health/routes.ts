import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthDown, healthUp } from '@shared/schemas/health';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/health', { config: { rateLimit: false }, schema: { response: { 200: healthUp, 503: healthDown } } }, async (_req, reply) => {
    try {
      await app.database.ping();
      return { status: 'ok' as const, database: 'up' as const };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: 'down', message: 'The database is unreachable' });
    }
  });
};
