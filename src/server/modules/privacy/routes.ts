import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NoShowRule } from '@shared/domain/no-shows';
import { privacyFacts } from '@shared/schemas/privacy';
import * as privacy from './service';

/** The figures of the public /privacy page (docs/decisions/0044): open to visitors, the same for everyone. */
export const privacyRoutes: FastifyPluginAsyncZod<{ retentionDays: number; sessionDays: number; noShows: NoShowRule }> = async (app, opts) => {
  app.get('/api/privacy', { schema: { response: { 200: privacyFacts } } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return privacy.facts(opts);
  });
};
