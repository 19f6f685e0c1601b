import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { errorBody, idParams } from '@shared/schemas/common';
import { cancelResponse, checkinBody, paymentIntentBody, paymentIntentResponse, registerBody, registrationSchema, testConfirmBody } from '@shared/schemas/events';
import { AppError } from '../../errors';
import { requireViewer } from '../../plugins/auth';
import { TestProvider } from '../../plugins/payments';
import * as tickets from './service';

const errors = { 400: errorBody, 401: errorBody, 402: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

export const ticketRoutes: FastifyPluginAsyncZod<{ publicUrl: string; holdMinutes: number; webhookSecret: string | null }> = async (app, opts) => {
  const deps = (): tickets.TicketDeps => ({ db: app.db, payments: app.payments, mailer: app.mailer, publicUrl: opts.publicUrl, holdMinutes: opts.holdMinutes, log: app.log });

  app.post('/api/create-payment-intent', { schema: { body: paymentIntentBody, response: { 200: paymentIntentResponse, ...errors } } }, async (req) =>
    tickets.createPaymentIntent(deps(), await requireViewer(req), req.body),
  );

  app.post('/api/events/:id/register', { schema: { params: idParams, body: registerBody, response: { 200: registrationSchema, 201: registrationSchema, ...errors } } }, async (req, reply) => {
    const { status, registration } = await tickets.register(deps(), await requireViewer(req), req.params.id, req.body);
    return reply.code(status).send(registration);
  });

  app.delete('/api/events/:id/registration', { schema: { params: idParams, response: { 200: cancelResponse, ...errors } } }, async (req) =>
    tickets.cancel(deps(), await requireViewer(req), req.params.id),
  );

  app.post('/api/events/:id/checkin', { schema: { params: idParams, body: checkinBody, response: { 200: registrationSchema, ...errors } } }, async (req) =>
    tickets.checkIn(deps(), await requireViewer(req), req.params.id, req.body.userId),
  );

  // The built-in test provider's card form confirms here, then the seat is settled at once.
  const provider = app.payments;
  if (provider instanceof TestProvider) {
    app.post('/api/payments/test/confirm', { schema: { body: testConfirmBody } }, async (req) => {
      const viewer = await requireViewer(req);
      const ours = await tickets.paymentForSecret(app.db, req.body.clientSecret);
      if (!ours) throw new AppError('not_found', 'Payment not found');
      if (ours.userId !== viewer.id) throw new AppError('forbidden', 'This payment belongs to someone else');
      const intentId = await provider.confirm(req.body).catch(async (err: unknown) => {
        if (err instanceof AppError && err.status === 402) await tickets.markPaymentFailed(deps(), ours.intentId, err.message);
        throw err;
      });
      const intent = await provider.retrieveIntent(intentId);
      const outcome = await tickets.settleSucceededPayment(deps(), intentId, intent.amount);
      return { status: 'succeeded', paymentIntentId: intentId, outcome };
    });
  }

  // Stripe's webhook: the signature is checked on the raw body.
  const stripe = app.stripe;
  if (stripe) {
    await app.register(async (scope) => {
      scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));
      scope.post('/api/webhooks/stripe', { config: { rateLimit: false } }, async (req, reply) => {
        if (!opts.webhookSecret) throw new AppError('not_found', 'Webhooks are not configured');
        const signature = req.headers['stripe-signature'];
        let event: Stripe.Event;
        try {
          event = stripe.webhooks.constructEvent(req.body as Buffer, String(signature ?? ''), opts.webhookSecret);
        } catch {
          throw new AppError('bad_request', 'Invalid webhook signature');
        }
        if (event.type === 'payment_intent.succeeded') {
          const intent = event.data.object as Stripe.PaymentIntent;
          await tickets.settleSucceededPayment(deps(), intent.id, intent.amount);
        } else if (event.type === 'payment_intent.payment_failed') {
          const intent = event.data.object as Stripe.PaymentIntent;
          await tickets.markPaymentFailed(deps(), intent.id, intent.last_payment_error?.message ?? 'Payment failed');
        }
        return reply.send({ received: true });
      });
    });
  }
};
