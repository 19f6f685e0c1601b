import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParams } from '@shared/schemas/common';
import {
  bookForTwoBody,
  bookForTwoResponse,
  checkoutForTwoBody,
  claimBody,
  claimResponse,
  claimTokenParams,
  friendSeatClaimSchema,
  friendSeatSchema,
  giveTicketBody,
  myFriendSeatsSchema,
  placeForTwoSchema,
} from '@shared/schemas/friend-seats';
import { paymentIntentResponse } from '@shared/schemas/tickets';
import type { NoShowRule } from '@shared/domain/no-shows';
import * as friendSeats from './friend-seats';

const errors = { 400: errorBody, 401: errorBody, 402: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** A seat for a friend (docs/decisions/0075-a-seat-for-a-friend.md): every route is for a signed-in member, checked by the service. */
const plugin: FastifyPluginAsyncZod<{
  publicUrl: string;
  holdMinutes: number;
  limits: friendSeats.FriendSeatLimits;
  noShowRule: NoShowRule;
  sweepMs?: number;
}> = async (app, opts) => {
  const deps = (): friendSeats.FriendSeatDeps => ({
    db: app.db,
    payments: app.payments,
    mailer: app.mailer,
    publicUrl: opts.publicUrl,
    holdMinutes: opts.holdMinutes,
    log: app.log,
    limits: opts.limits,
    now: app.now,
    noShows: { rule: opts.noShowRule, now: app.now },
  });
  friendSeats.startFriendSeatSweep(app, deps, opts.sweepMs);

  app.post(
    '/api/events/:id/friend-seats/transfer',
    { schema: { params: idParams, body: giveTicketBody, response: { 201: friendSeatSchema, ...errors } } },
    async (req, reply) => reply.code(201).send(await friendSeats.giveTicket(deps(), req.me, req.params.id, req.body.email)),
  );
  app.get('/api/events/:id/friend-seats', { schema: { params: idParams, response: { 200: myFriendSeatsSchema, ...errors } } }, async (req) =>
    friendSeats.mine(deps(), req.me, req.params.id),
  );
  app.delete(
    '/api/friend-seats/:id',
    { schema: { params: idParams, response: { 200: z.object({ withdrawn: z.literal(true), message: z.string() }), ...errors } } },
    async (req) => friendSeats.withdraw(deps(), req.me, req.params.id),
  );
  app.get('/api/friend-seats/claim/:token', { schema: { params: claimTokenParams, response: { 200: friendSeatClaimSchema, ...errors } } }, async (req) =>
    friendSeats.claimView(deps(), req.me, req.params.token),
  );
  app.post(
    '/api/friend-seats/claim/:token',
    { schema: { params: claimTokenParams, body: claimBody, response: { 200: claimResponse, ...errors } } },
    async (req) => friendSeats.claim(deps(), req.me, req.params.token, req.body.consentToShare),
  );
  app.post(
    '/api/events/:id/book-for-two',
    { schema: { params: idParams, body: bookForTwoBody, response: { 201: bookForTwoResponse, ...errors } } },
    async (req, reply) => reply.code(201).send(await friendSeats.bookForTwo(deps(), req.me, req.params.id, req.body)),
  );
  app.post('/api/events/:id/waitlist-for-two', { schema: { params: idParams, response: { 201: placeForTwoSchema, ...errors } } }, async (req, reply) =>
    reply.code(201).send(await friendSeats.joinWaitlistForTwo(deps(), req.me, req.params.id)),
  );
  app.post(
    '/api/events/:id/checkout-for-two',
    { schema: { params: idParams, body: checkoutForTwoBody, response: { 200: paymentIntentResponse, ...errors } } },
    async (req) => friendSeats.checkoutForTwo(deps(), req.me, req.params.id, req.body.friendEmail),
  );
};

export const friendSeatRoutes = fp(plugin, { name: 'friend-seats', dependencies: ['tickets'], encapsulate: true });
