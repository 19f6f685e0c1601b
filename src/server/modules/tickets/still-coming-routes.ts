import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, idParams } from '@shared/schemas/common';
import { myStillComing, stillComingAnswerBody, stillComingCounts, stillComingQuestion, stillComingTokenParams } from '@shared/schemas/still-coming';
import * as stillComing from './still-coming';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 410: errorBody };

/**
 * "Still coming?" (issue 35, docs/decisions/0074-still-coming.md): the e-mail link's page (no sign-in,
 * the token is the proof), the guest's questions on /notifications, the host's counts, and the sweep
 * that asks.
 */
const plugin: FastifyPluginAsyncZod<{ publicUrl: string; holdMinutes: number; hours: number; sweepMs?: number }> = async (app, opts) => {
  const deps = (): stillComing.StillComingDeps => ({
    db: app.db,
    payments: app.payments,
    mailer: app.mailer,
    publicUrl: opts.publicUrl,
    holdMinutes: opts.holdMinutes,
    log: app.log,
    hours: opts.hours,
    now: app.now,
  });
  stillComing.startStillComingSweep(app, deps, opts.sweepMs);

  // The e-mail's link: reading changes nothing; the page's button posts the answer.
  app.get('/api/still-coming/:token', { schema: { params: stillComingTokenParams, response: { 200: stillComingQuestion, ...errors } } }, async (req) =>
    stillComing.showByToken(deps(), req.params.token),
  );
  app.post(
    '/api/still-coming/:token',
    { schema: { params: stillComingTokenParams, body: stillComingAnswerBody, response: { 200: stillComingQuestion, ...errors } } },
    async (req) => stillComing.answerByToken(deps(), req.params.token, req.body.answer),
  );

  app.get('/api/me/still-coming', { schema: { response: { 200: myStillComing, ...errors } } }, async (req) => stillComing.mine(deps(), req.me));
  app.post(
    '/api/events/:id/still-coming',
    { schema: { params: idParams, body: stillComingAnswerBody, response: { 200: stillComingQuestion, ...errors } } },
    async (req) => stillComing.answerAsGuest(deps(), req.me, req.params.id, req.body.answer),
  );
  app.get('/api/events/:id/still-coming', { schema: { params: idParams, response: { 200: stillComingCounts, ...errors } } }, async (req) =>
    stillComing.countsForHost(app.db, req.me, req.params.id),
  );
};

export const stillComingRoutes = fp(plugin, { name: 'still-coming', dependencies: ['clock'], encapsulate: true });
