import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBody, loginResponse, loginStarted, meResponse, unlockBody, verifyBody } from '@shared/schemas/auth';
import { errorBody, noContent } from '@shared/schemas/common';
import { requireViewer } from '../../plugins/auth';
import * as auth from './service';

export const APP_NAME = 'Speed Friendship';

/** A locked account's answer, and too many codes for one address, say when to come back (Retry-After), like the per-IP limit's. */
async function retryAfterOnLock<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof auth.LoginLockedError || err instanceof auth.TooManyCodesError) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
}

export const authRoutes: FastifyPluginAsyncZod<{ rateLimit: number; publicUrl: string }> = async (app, opts) => {
  const limited = { rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' } };

  app.post(
    '/api/auth/login',
    { config: limited, schema: { body: loginBody, response: { 200: loginStarted, 403: errorBody, 404: errorBody, 429: errorBody } } },
    async (req, reply) => {
      await retryAfterOnLock(reply, () => auth.startLogin(app.db, app.mailer, req.body.email, APP_NAME, app.now(), app.loginCodeSecret));
      return { message: 'We sent a 6-digit code to your email. It works for 10 minutes.', email: req.body.email };
    },
  );

  app.post(
    '/api/auth/verify',
    { config: limited, schema: { body: verifyBody, response: { 200: loginResponse, 401: errorBody, 403: errorBody, 429: errorBody } } },
    async (req, reply) => {
      const user = await retryAfterOnLock(reply, () =>
        auth.verifyLogin(app.db, req.body.email, req.body.code, {
          mailer: app.mailer,
          appName: APP_NAME,
          now: app.now(),
          publicUrl: opts.publicUrl,
          secret: app.loginCodeSecret,
        }),
      );
      await reply.startSession(user.id);
      return user;
    },
  );

  // The lock notice's one-time link (docs/decisions/0009): a page at /unlock posts it, so a mail
  // scanner fetching the link consumes nothing. Public: the link is the proof.
  app.post(
    '/api/auth/unlock',
    { config: limited, schema: { body: unlockBody, response: { 200: loginResponse, 400: errorBody, 403: errorBody } } },
    async (req, reply) => {
      const user = await auth.unlockWithLink(app.db, req.body.token, app.now());
      await reply.startSession(user.id);
      return user;
    },
  );

  app.get('/api/auth/me', { schema: { response: { 200: meResponse, 401: errorBody } } }, async (req) => {
    return requireViewer(req);
  });

  app.post('/api/auth/logout', { schema: { response: { 204: noContent } } }, async (_req, reply) => {
    await reply.endSession();
    return reply.code(204).send();
  });
};
