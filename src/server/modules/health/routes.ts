import type { FastifyPluginAsync } from 'fastify';

export const healthRoutes: FastifyPluginAsync = async (app) => {
  app.get('/api/health', { config: { rateLimit: false } }, async (_req, reply) => {
    try {
      await app.database.ping();
      return { status: 'ok', database: 'up' };
    } catch {
      return reply.code(503).send({ status: 'unavailable', database: 'down', message: 'The database is unreachable' });
    }
  });
};
