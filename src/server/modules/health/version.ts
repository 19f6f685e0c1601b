import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { release as releaseSchema, type Release } from '@shared/schemas/release';

/**
 * GET /api/version: which release this instance runs, `{ version, commit, builtAt }` (src/server/lib/release.ts,
 * docs/decisions/0088). Open to anyone (src/server/open-routes.ts): an upgrade script or a monitor asks each
 * instance, through the proxy or directly; it holds nothing secret. Never cached: during a rolling
 * upgrade two instances answer differently, and a cache in between would hide which one answered.
 */
const plugin: FastifyPluginAsyncZod<{ release: Release }> = async (app, { release }) => {
  app.get('/api/version', { config: { rateLimit: false }, schema: { response: { 200: releaseSchema } } }, async (_req, reply) =>
    reply.header('cache-control', 'no-store').send(release),
  );
};

export const versionRoutes = fp(plugin, { name: 'version' });
