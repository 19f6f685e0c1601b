import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, idParams } from '@shared/schemas/common';
import { metAgainAnswerBody, metAgainQuestion, metAgainTokenParams, myMetAgain } from '@shared/schemas/met-again';
import * as metAgain from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/**
 * "Did you meet NAME again?" (issue 36, docs/decisions/0083-met-again.md): the e-mail link's page
 * (no sign-in, the token is the proof), the guest's questions on /notifications, and the sweep that
 * asks.
 */
const plugin: FastifyPluginAsyncZod<{ publicUrl: string; sweepMs?: number }> = async (app, opts) => {
  const deps = (): metAgain.MetAgainDeps => ({ db: app.db, mailer: app.mailer, publicUrl: opts.publicUrl, log: app.log, now: app.now });
  metAgain.startMetAgainSweep(app, deps, opts.sweepMs);

  // The e-mail's link: reading changes nothing; the page's button posts the answer.
  app.get('/api/met-again/:token', { schema: { params: metAgainTokenParams, response: { 200: metAgainQuestion, ...errors } } }, async (req) =>
    metAgain.showByToken(deps(), req.params.token),
  );
  app.post(
    '/api/met-again/:token',
    { schema: { params: metAgainTokenParams, body: metAgainAnswerBody, response: { 200: metAgainQuestion, ...errors } } },
    async (req) => metAgain.answerByToken(deps(), req.params.token, req.body.answer),
  );

  app.get('/api/me/met-again', { schema: { response: { 200: myMetAgain, ...errors } } }, async (req) => metAgain.mine(app.db, req.me));
  app.post('/api/me/met-again/:id', { schema: { params: idParams, body: metAgainAnswerBody, response: { 200: metAgainQuestion, ...errors } } }, async (req) =>
    metAgain.answerAsGuest(deps(), req.me, req.params.id, req.body.answer),
  );
};

export const metAgainRoutes = fp(plugin, { name: 'met-again', dependencies: ['clock'], encapsulate: true });
