import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParam, idParams } from '@shared/schemas/common';
import { myGroupsSchema } from '@shared/schemas/friend-groups';
import {
  calculateBody,
  calculateResult,
  connectionsStateSchema,
  matchSchema,
  myMatchesSchema,
  progressRowSchema,
  quickRatingBody,
  ratingBody,
  ratingSchema,
  releaseResult,
} from '@shared/schemas/matching';
import { AppError } from '../../errors';
import { answeredByRoute, keyToAnswer, sendKept } from '../../plugins/idempotency';
import { startAutoRelease } from './auto-release';
import { createRecalculator } from './recalculate';
import * as matching from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const eventUser = z.object({ id: idParam, userId: idParam });

const plugin: FastifyPluginAsyncZod<{ releasePollMs?: number }> = async (app, opts) => {
  // Contacts of an evening nobody released go out automatically 24 hours after it ends.
  startAutoRelease(app, opts.releasePollMs);
  // One calculation per evening at a time after last ratings; one that follows in the background tells open pages when done.
  const recalc = createRecalculator(
    async (eventId) => {
      await matching.calculate(app.db, eventId);
      await app.live.publish(eventId, 'ratings_updated');
    },
    (err, eventId) => app.log.warn({ err, eventId }, 'calculating the matches after a rating failed (the host can calculate again)'),
  );
  app.addHook('onClose', () => recalc.idle());

  app.post(
    '/api/events/:id/ratings',
    { config: { idempotent: true }, schema: { params: idParams, body: ratingBody, response: { 201: ratingSchema, ...errors } } },
    async (req, reply) => {
      const viewer = req.me;
      // A phone's key is answered by the rating's own statement (docs/decisions/0127).
      const keyed = keyToAnswer(req);
      const { rating, ratedEveryone, answer } = await matching.rate(app.db, viewer, req.params.id, req.body, keyed);
      if (answer !== null) answeredByRoute(req);
      // After a guest's last rating, matches are calculated (idempotent).
      if (ratedEveryone) await recalc.after(req.params.id);
      await app.live.publish(req.params.id, 'ratings_updated');
      // The key's answer is sent as it was stored, so a replay is the same text.
      if (answer !== null) return sendKept(reply, 201, answer);
      return reply.code(201).send(rating);
    },
  );

  app.get('/api/events/:id/ratings/:userId', { schema: { params: eventUser, response: { 200: z.array(ratingSchema), ...errors } } }, async (req) =>
    matching.ratingsGiven(app.db, req.me, req.params.id, req.params.userId),
  );

  app.post(
    '/api/events/:id/calculate-matches',
    { schema: { params: idParams, body: calculateBody, response: { 200: calculateResult, ...errors } } },
    async (req) => matching.calculateAsHost(app.db, req.me, req.params.id, req.body.algorithm),
  );

  app.get('/api/events/:id/matches', { schema: { params: idParams, response: { 200: z.array(matchSchema), ...errors } } }, async (req) =>
    matching.eventMatches(app.db, req.me, req.params.id),
  );

  app.get('/api/events/:id/matches/:userId', { schema: { params: eventUser, response: { 200: z.array(matchSchema), ...errors } } }, async (req) =>
    matching.matchesFor(app.db, req.me, req.params.id, req.params.userId),
  );

  app.post(
    '/api/events/:id/matches/:matchId/share',
    { schema: { params: z.object({ id: idParam, matchId: idParam }), response: { 200: matchSchema, ...errors } } },
    async (req) => matching.share(app.db, req.me, req.params.id, req.params.matchId),
  );

  app.post('/api/events/:id/release-contacts', { schema: { params: idParams, response: { 200: releaseResult, ...errors } } }, async (req) => {
    const result = await matching.release(app.db, req.me, req.params.id);
    await app.live.publish(req.params.id, 'contacts_released');
    return result;
  });

  app.get('/api/me/matches', { schema: { response: { 200: myMatchesSchema, ...errors } } }, async (req) =>
    matching.myReleasedMatches(app.db, req.me, app.now()),
  );

  // Community groups (docs/spec/organiser-tools.md §2.17): cliques of the viewer's mutual matches.
  app.get('/api/me/groups', { schema: { response: { 200: myGroupsSchema, ...errors } } }, async (req) => matching.myGroups(app.db, req.me));

  app.get(
    '/api/events/:id/progress',
    {
      schema: {
        params: idParams,
        querystring: z.object({ round: z.coerce.number().int().min(0).max(1000) }),
        response: { 200: z.array(progressRowSchema), ...errors },
      },
    },
    async (req) => matching.progress(app.db, req.me, req.params.id, req.query.round),
  );

  app.get('/api/events/:id/connections', { schema: { params: idParams, response: { 200: connectionsStateSchema, ...errors } } }, async (req) =>
    matching.connections(app.db, req.me, req.params.id),
  );

  app.post(
    '/api/events/:id/connections',
    { schema: { params: idParams, body: quickRatingBody, response: { 200: connectionsStateSchema, ...errors } } },
    async (req) => {
      const viewer = req.me;
      if (!req.body.ratedId && !req.body.code) throw new AppError('bad_request', 'Choose who you talked to');
      // The round under way, from the live runtime rather than live's service, which calls this module's own (no module loop, docs/decisions/0056).
      const { state, ratedEveryone } = await matching.logConnection(app.db, viewer, req.params.id, req.body, async () => {
        const timer = await app.live.timer(req.params.id);
        return { round: timer.currentRound > 0 ? timer.currentRound : null, active: timer.phase === 'active' };
      });
      // A decision about the last of those the guest sat with calculates the matches, as the card's does.
      if (ratedEveryone) await recalc.after(req.params.id);
      await app.live.publish(req.params.id, 'ratings_updated');
      return state;
    },
  );
};

/** Tells open pages through `app.live`: the live runtime comes first (docs/decisions/0056). */
export const matchingRoutes = fp(plugin, { name: 'matching', dependencies: ['live-runtime'], encapsulate: true });
