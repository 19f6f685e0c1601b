import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { loginBody, loginResponse, loginStarted, meResponse, unlockBody, verifyBody, verifyResponse } from '@shared/schemas/auth';
import { errorBody, noContent } from '@shared/schemas/common';
import { createUserBody } from '@shared/schemas/users';
import * as auth from './service';

export const authRoutes: FastifyPluginAsyncZod<{
  rateLimit: number;
  publicUrl: string;
  /** Makes the account of a proven new address (the users module's, given by app.ts). */
  createAccount: (account: auth.NewAccount) => Promise<{ id: number; email: string; name: string }>;
}> = async (app, opts) => {
  const limited = { rateLimit: { max: opts.rateLimit, timeWindow: '1 minute' } };

  app.post('/api/auth/login', { config: limited, schema: { body: loginBody, response: { 200: loginStarted, 429: errorBody } } }, async (req, reply) => {
    await auth.retryAfterOnLock(reply, () => auth.startLogin(app.db, app.mailer, req.body.email, auth.APP_NAME, app.now(), app.loginCodeSecret));
    return auth.codeSent(req.body.email);
  });

  // The spec's sign-up (its body and checks as before), which proves the address first (docs/decisions/0070):
  // the answers wait with a mailed code, and POST /api/auth/verify makes the account and the session.
  // The answer is the same for every address.
  app.post(
    '/api/users',
    { config: limited, schema: { body: createUserBody, response: { 202: loginStarted, 400: errorBody, 429: errorBody } } },
    async (req, reply) => {
      await auth.retryAfterOnLock(reply, () => auth.startLogin(app.db, app.mailer, req.body.email, auth.APP_NAME, app.now(), app.loginCodeSecret, req.body));
      return reply.code(202).send(auth.codeSent(req.body.email));
    },
  );

  app.post(
    '/api/auth/verify',
    { config: limited, schema: { body: verifyBody, response: { 200: verifyResponse, 401: errorBody, 403: errorBody, 429: errorBody } } },
    async (req, reply) => {
      const { email, code, ...profile } = req.body;
      const outcome = await auth.retryAfterOnLock(reply, () =>
        auth.verifyLogin(app.db, email, code, {
          mailer: app.mailer,
          appName: auth.APP_NAME,
          now: app.now(),
          publicUrl: opts.publicUrl,
          secret: app.loginCodeSecret,
          profile,
          // The account, and the share link it came by, are made only here, once the address is proven.
          createAccount: opts.createAccount,
        }),
      );
      if ('needsProfile' in outcome) return { needsProfile: true as const, email, message: auth.PROFILE_NEEDED };
      await reply.startSession(outcome.user.id);
      return { ...outcome.user, created: outcome.created };
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
    return req.me;
  });

  app.post('/api/auth/logout', { schema: { response: { 204: noContent } } }, async (_req, reply) => {
    await reply.endSession();
    return reply.code(204).send();
  });
};
