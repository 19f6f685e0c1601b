import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxMail } from '@shared/schemas/dev';
import { emailField } from '@shared/schemas/users';
import { readOutbox } from './service';

/** Development only: read the outbox the mail plugin writes when no SMTP server is set. */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/dev/outbox', { schema: { querystring: z.object({ to: emailField }), response: { 200: z.array(outboxMail) } } }, async (req) => readOutbox(app.db, req.query.to));
};
