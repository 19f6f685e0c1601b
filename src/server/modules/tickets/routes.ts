import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { NoShowRule } from '@shared/domain/no-shows';
import { errorBody, idParams } from '@shared/schemas/common';
import { myWaitlistPlace } from '@shared/schemas/events';
import {
  cancelResponse,
  checkinBody,
  hostWaitlistSchema,
  paymentIntentBody,
  paymentIntentResponse,
  registerBody,
  registrationSchema,
  testConfirmBody,
  testConfirmResponse,
  waitlistLeft,
  webhookAck,
} from '@shared/schemas/tickets';
import { TestProvider } from '../../plugins/payments';
import * as tickets from './service';
import * as stillComing from './still-coming';
import * as waitlist from './waitlist';

const errors = { 400: errorBody, 401: errorBody, 402: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

const plugin: FastifyPluginAsyncZod<{
  publicUrl: string;
  holdMinutes: number;
  webhookSecret: string | null;
  seatSweepMs?: number;
  noShowRule: NoShowRule;
  /** STILL_COMING_HOURS: a guest booking an evening nearer than this is asked "Still coming?" at once (docs/decisions/0074-still-coming.md). */
  stillComingHours?: number;
}> = async (app, opts) => {
  const deps = (): tickets.TicketDeps => {
    const d: tickets.TicketDeps = {
      db: app.db,
      payments: app.payments,
      mailer: app.mailer,
      publicUrl: opts.publicUrl,
      holdMinutes: opts.holdMinutes,
      log: app.log,
      noShows: { rule: opts.noShowRule, now: app.now },
    };
    const hours = opts.stillComingHours;
    if (hours) d.askStillComing = (eventId, userId) => stillComing.askDue({ ...d, hours, now: app.now }, { eventId, userId });
    return d;
  };
  // Lapsed payment holds and waitlist offers give their seats back, and free seats go to the line, between requests too.
  waitlist.startSeatSweep(app, deps, opts.seatSweepMs);

  app.post('/api/create-payment-intent', { schema: { body: paymentIntentBody, response: { 200: paymentIntentResponse, ...errors } } }, async (req) =>
    tickets.createPaymentIntent(deps(), req.me, req.body),
  );

  app.post(
    '/api/events/:id/register',
    { schema: { params: idParams, body: registerBody, response: { 200: registrationSchema, 201: registrationSchema, ...errors } } },
    async (req, reply) => {
      const { status, registration } = await tickets.register(deps(), req.me, req.params.id, req.body);
      return reply.code(status).send(registration);
    },
  );

  app.delete('/api/events/:id/registration', { schema: { params: idParams, response: { 200: cancelResponse, ...errors } } }, async (req) =>
    tickets.cancel(deps(), req.me, req.params.id),
  );

  // A full evening's waitlist (docs/decisions/0016).
  app.post('/api/events/:id/waitlist', { schema: { params: idParams, response: { 201: myWaitlistPlace, ...errors } } }, async (req, reply) =>
    reply.code(201).send(await waitlist.join(deps(), req.me, req.params.id)),
  );
  app.delete('/api/events/:id/waitlist', { schema: { params: idParams, response: { 200: waitlistLeft, ...errors } } }, async (req) =>
    waitlist.leave(deps(), req.me, req.params.id),
  );
  app.get('/api/events/:id/waitlist', { schema: { params: idParams, response: { 200: hostWaitlistSchema, ...errors } } }, async (req) =>
    waitlist.forHost(app.db, req.me, req.params.id),
  );

  app.post('/api/events/:id/checkin', { schema: { params: idParams, body: checkinBody, response: { 200: registrationSchema, ...errors } } }, async (req) => {
    const { registration, checkedInNow } = await tickets.checkIn(deps(), req.me, req.params.id, req.body.userId);
    // The host's door and the guest's pages refresh (every instance).
    if (checkedInNow) await app.live.publishRoom({ eventId: registration.eventId, kind: 'checkins_updated', userIds: [registration.userId] });
    return registration;
  });

  // The built-in test provider's card form confirms here, then the seat is settled at once.
  const provider = app.payments;
  if (provider instanceof TestProvider) {
    app.post('/api/payments/test/confirm', { schema: { body: testConfirmBody, response: { 200: testConfirmResponse, ...errors } } }, async (req) =>
      tickets.confirmTestPayment(deps(), provider, req.me, req.body),
    );
  }

  // Stripe's webhook: the signature is checked on the raw body, so this scope keeps JSON unparsed.
  const stripe = app.stripe;
  if (stripe) {
    await app.register(async (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      scope.post(
        '/api/webhooks/stripe',
        { config: { rateLimit: false }, schema: { response: { 200: webhookAck, 400: errorBody, 404: errorBody } } },
        async (req) =>
          tickets.receiveStripeWebhook(deps(), stripe, opts.webhookSecret, {
            rawBody: req.body as Buffer,
            signature: String(req.headers['stripe-signature'] ?? ''),
          }),
      );
    });
  }
};

/** Tells open pages through `app.live`: the live runtime comes first (docs/decisions/0056). */
export const ticketRoutes = fp(plugin, { name: 'tickets', dependencies: ['live-runtime'], encapsulate: true });
