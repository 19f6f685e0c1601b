import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { outboxMail } from '@shared/schemas/dev';
import { emailField } from '@shared/schemas/users';
import { notFound } from '../../errors';
import { readOutbox } from './service';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Whether a request comes from this machine: the socket's own peer address, never an address
 * taken from X-Forwarded-For (whatever TRUST_PROXY says), which any client can write.
 */
export const fromLoopback = (req: { socket: { remoteAddress?: string } | null | undefined }) => LOOPBACK.has(req.socket?.remoteAddress ?? '');

/**
 * Development only: read the outbox the mail plugin writes when no SMTP server is set. It holds
 * everyone's login codes, so it exists only outside production and without SMTP (see app.ts),
 * and answers only requests from this machine; anyone else gets the same 404 as an unknown path.
 */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (req) => {
    if (!fromLoopback(req)) throw notFound('Not found');
  });
  app.get('/api/dev/outbox', { schema: { querystring: z.object({ to: emailField }), response: { 200: z.array(outboxMail) } } }, async (req) =>
    readOutbox(app.db, req.query.to),
  );
};
