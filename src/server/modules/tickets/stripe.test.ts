/**
 * The Stripe provider (keys set), against a local fake Stripe server that the real Stripe SDK
 * talks to over HTTP. Webhooks are signed with the SDK's own test helper.
 */
import { and, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentIntentResponse } from '@shared/schemas/tickets';
import { payments, registrations } from '../../db/schema/index';
import { startFakeStripe, type FakeStripe } from '../../test/fake-stripe';
import {
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  getEvent,
  holdSeat,
  outbox,
  registerFor,
  registrationCount,
  signUp,
  signUpHost,
  startingIn,
  testCard,
  withCookie,
  type TestContext,
} from '../../test/harness';

const WEBHOOK_SECRET = 'whsec_test';
let fake: FakeStripe;
let t: TestContext;
let host: Awaited<ReturnType<typeof signUpHost>>;
let venueId: number;
/** Only for its webhook signing helper (never connects anywhere). */
const signer = new Stripe('sk_test_signer');

beforeAll(async () => {
  fake = await startFakeStripe({ secretKey: 'sk_test_x' });
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET },
    stripeConnection: fake.connection,
  });
  host = await signUpHost(t);
  venueId = (await createVenue(t.app, host.cookie)).id;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

type Member = Awaited<ReturnType<typeof signUp>>;

function postWebhook(payload: string, signature: string | undefined) {
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    headers: { 'content-type': 'application/json', ...(signature === undefined ? {} : { 'stripe-signature': signature }) },
    payload,
  });
}
function signed(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event, null, 2);
  return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }) };
}

async function isRegistered(eventId: number, userId: number) {
  return (
    (
      await t.db
        .select()
        .from(registrations)
        .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId)))
    ).length > 0
  );
}
async function ourPayment(intentId: string) {
  return (await t.db.select().from(payments).where(eq(payments.intentId, intentId)))[0]!;
}
async function hold(eventId: number, member: Member, amount = 1500) {
  const res = await holdSeat(t.app, eventId, member, amount);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PaymentIntentResponse>();
}
const paidEvent = (partial: Parameters<typeof eventBody>[1] = {}) => createEvent(t.app, host.cookie, eventBody(venueId, { price: 1500, ...partial }));

describe('the fake Stripe server', () => {
  it('answers the SDK like Stripe, honouring Idempotency-Key', async () => {
    const client = new Stripe('sk_test_x', { ...fake.connection, maxNetworkRetries: 0 });
    const a = await client.paymentIntents.create({ amount: 700, currency: 'gbp', metadata: { k: 'v' } }, { idempotencyKey: 'same-key' });
    const b = await client.paymentIntents.create({ amount: 700, currency: 'gbp', metadata: { k: 'v' } }, { idempotencyKey: 'same-key' });
    expect(b.id).toBe(a.id);
    expect(a).toMatchObject({ object: 'payment_intent', amount: 700, currency: 'gbp', status: 'requires_payment_method', metadata: { k: 'v' } });
    await expect(client.paymentIntents.create({ amount: 800, currency: 'gbp' }, { idempotencyKey: 'same-key' })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
    });
    await expect(client.paymentIntents.retrieve('pi_missing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await expect(client.refunds.create({ payment_intent: a.id })).rejects.toMatchObject({ statusCode: 400 });
    expect((await client.paymentIntents.cancel(a.id)).status).toBe('canceled');
    await expect(new Stripe('sk_test_wrong', fake.connection).paymentIntents.retrieve(a.id)).rejects.toMatchObject({ statusCode: 401 });
  });
});

describe('Stripe: POST /api/create-payment-intent', () => {
  it('creates a Stripe intent for the price of the event and answers provider stripe with the publishable key', async () => {
    const event = await paidEvent({ maxParticipants: 10 });
    const member = await signUp(t.app);
    const intent = await hold(event.id, member, 1);
    expect(intent).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_x', amount: 1500, currency: 'gbp' });

    const atStripe = fake.intents.get(intent.paymentIntentId);
    expect(atStripe).toMatchObject({
      amount: 1500,
      currency: 'gbp',
      client_secret: intent.clientSecret,
      metadata: { eventId: String(event.id), userId: String(member.user.id) },
      automatic_payment_methods: { enabled: true },
    });
    const created = fake.requests.find(
      (r) =>
        r.method === 'POST' && r.path === '/v1/payment_intents' && (r.body.metadata as Record<string, string> | undefined)?.userId === String(member.user.id),
    );
    expect(created?.idempotencyKey).toMatch(new RegExp(`^hold-${event.id}-${member.user.id}-`));
    expect((await getEvent(t.app, event.id)).spotsLeft).toBe(9);

    // Asking again hands back the same hold: no second intent, no second seat.
    const again = await hold(event.id, member);
    expect(again.paymentIntentId).toBe(intent.paymentIntentId);
    expect([...fake.intents.values()].filter((i) => i.metadata.eventId === String(event.id))).toHaveLength(1);
    expect((await getEvent(t.app, event.id)).spotsLeft).toBe(9);
  });

  it('has no test-card route', async () => {
    const event = await paidEvent();
    const member = await signUp(t.app);
    const intent = await hold(event.id, member);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/confirm',
      headers: withCookie(member.cookie),
      payload: { clientSecret: intent.clientSecret, ...testCard() },
    });
    expect(res.statusCode).toBe(404);
    expect(await isRegistered(event.id, member.user.id)).toBe(false);
  });
});

describe('Stripe: POST /api/webhooks/stripe', () => {
  it('payment_intent.succeeded, correctly signed, registers the member once', async () => {
    const event = await paidEvent({ maxParticipants: 10 });
    const member = await signUp(t.app);
    const intent = await hold(event.id, member);
    fake.succeed(intent.paymentIntentId);

    const { payload, signature } = signed(fake.event('payment_intent.succeeded', intent.paymentIntentId));
    const res = await postWebhook(payload, signature);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await isRegistered(event.id, member.user.id)).toBe(true);
    expect(await ourPayment(intent.paymentIntentId)).toMatchObject({ status: 'succeeded', holdsSeat: false, provider: 'stripe' });
    expect(await getEvent(t.app, event.id)).toMatchObject({ participantCount: 1, spotsLeft: 9 });
    expect((await outbox(t.app, member.user.email)).filter((m) => m.subject.startsWith('Your ticket'))).toHaveLength(1);

    // Stripe delivers at least once: a replay changes nothing.
    expect((await postWebhook(payload, signature)).statusCode).toBe(200);
    expect(await registrationCount(t.db, event.id)).toBe(1);
    expect((await getEvent(t.app, event.id)).participantCount).toBe(1);
    // The browser coming back afterwards finds the registration.
    const reg = await registerFor(t.app, event.id, member, { paymentIntentId: intent.paymentIntentId });
    expect(reg.statusCode).toBe(200);
    expect(await registrationCount(t.db, event.id)).toBe(1);
  });

  it('a forged or tampered signature answers 400 and registers nobody', async () => {
    const event = await paidEvent();
    const member = await signUp(t.app);
    const intent = await hold(event.id, member);
    const evt = fake.event('payment_intent.succeeded', intent.paymentIntentId);
    (evt.data as { object: { status: string } }).object.status = 'succeeded';

    const forged = signed(evt, 'whsec_someone_else');
    const res = await postWebhook(forged.payload, forged.signature);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Invalid webhook signature' });

    const good = signed(fake.event('payment_intent.created', intent.paymentIntentId));
    const tampered = JSON.stringify(evt, null, 2);
    expect((await postWebhook(tampered, good.signature)).statusCode).toBe(400);
    expect((await postWebhook(tampered, undefined)).statusCode).toBe(400);
    expect((await postWebhook(tampered, 't=1,v1=deadbeef')).statusCode).toBe(400);
    // An old (replayed) signature is refused too.
    const stale = signer.webhooks.generateTestHeaderString({ payload: tampered, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    expect((await postWebhook(tampered, stale)).statusCode).toBe(400);

    expect(await isRegistered(event.id, member.user.id)).toBe(false);
    expect(await ourPayment(intent.paymentIntentId)).toMatchObject({ status: 'requires_payment', holdsSeat: true });
    expect((await getEvent(t.app, event.id)).participantCount).toBe(0);
  });

  it('payment_intent.payment_failed records the message and registers nobody', async () => {
    const event = await paidEvent();
    const member = await signUp(t.app);
    const intent = await hold(event.id, member);
    const evt = fake.event('payment_intent.payment_failed', intent.paymentIntentId);
    (evt.data as { object: { last_payment_error: unknown } }).object.last_payment_error = { message: 'Your card was declined.' };
    const { payload, signature } = signed(evt);
    expect((await postWebhook(payload, signature)).statusCode).toBe(200);
    expect(await ourPayment(intent.paymentIntentId)).toMatchObject({ status: 'requires_payment', failureMessage: 'Your card was declined.' });
    expect(await isRegistered(event.id, member.user.id)).toBe(false);
  });

  it('a payment that succeeds after its hold ran out and the event filled is refunded through Stripe', async () => {
    const event = await paidEvent({ maxParticipants: 6 });
    const late = await signUp(t.app);
    const lateIntent = await hold(event.id, late);
    await t.db
      .update(payments)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(payments.intentId, lateIntent.paymentIntentId));
    // Six others take every seat meanwhile.
    for (let i = 0; i < 6; i++) await hold(event.id, await signUp(t.app));
    expect((await getEvent(t.app, event.id)).spotsLeft).toBe(0);

    fake.succeed(lateIntent.paymentIntentId);
    const { payload, signature } = signed(fake.event('payment_intent.succeeded', lateIntent.paymentIntentId));
    expect((await postWebhook(payload, signature)).statusCode).toBe(200);
    expect(await isRegistered(event.id, late.user.id)).toBe(false);
    expect(fake.refunds.filter((r) => r.payment_intent === lateIntent.paymentIntentId)).toEqual([expect.objectContaining({ amount: 1500 })]);
    expect(await ourPayment(lateIntent.paymentIntentId)).toMatchObject({ status: 'refunded' });
    // A replay refunds nothing more.
    expect((await postWebhook(payload, signature)).statusCode).toBe(200);
    expect(fake.refunds.filter((r) => r.payment_intent === lateIntent.paymentIntentId)).toHaveLength(1);
    expect(await getEvent(t.app, event.id)).toMatchObject({ participantCount: 0, spotsLeft: 0 });
  });

  it('a signed event about an intent that is not ours is acknowledged and ignored', async () => {
    const client = new Stripe('sk_test_x', fake.connection);
    const stranger = await client.paymentIntents.create({ amount: 1500, currency: 'gbp' });
    fake.succeed(stranger.id);
    const { payload, signature } = signed(fake.event('payment_intent.succeeded', stranger.id));
    const before = await t.db.select().from(registrations);
    expect((await postWebhook(payload, signature)).statusCode).toBe(200);
    expect(await t.db.select().from(registrations)).toHaveLength(before.length);
  });
});

describe('Stripe: POST /api/events/:id/register (server-side check)', () => {
  it('asks Stripe: 402 before the payment succeeds, registered once it has (no webhook needed)', async () => {
    const event = await paidEvent({ maxParticipants: 10 });
    const member = await signUp(t.app);
    const intent = await hold(event.id, member);

    const early = await registerFor(t.app, event.id, member, { paymentIntentId: intent.paymentIntentId });
    expect(early.statusCode).toBe(402);
    expect(early.json().message).toBe('Your payment has not gone through yet');
    expect(await isRegistered(event.id, member.user.id)).toBe(false);

    // The customer pays (the fake's test hook over HTTP); no webhook arrives.
    const paid = await fetch(`${fake.url}/_test/payment_intents/${intent.paymentIntentId}/succeed`, { method: 'POST' });
    expect(paid.status).toBe(200);
    const retrievals = () => fake.requests.filter((r) => r.method === 'GET' && r.path === `/v1/payment_intents/${intent.paymentIntentId}`).length;
    const asked = retrievals();
    const res = await registerFor(t.app, event.id, member, { paymentIntentId: intent.paymentIntentId });
    expect(res.statusCode, res.body).toBe(200);
    expect(retrievals()).toBe(asked + 1);
    expect(await isRegistered(event.id, member.user.id)).toBe(true);
    expect(await getEvent(t.app, event.id)).toMatchObject({ participantCount: 1, spotsLeft: 9 });

    // Again: once.
    expect((await registerFor(t.app, event.id, member, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(200);
    expect(await registrationCount(t.db, event.id)).toBe(1);
  });

  it("refuses another member's succeeded intent (402)", async () => {
    const event = await paidEvent();
    const payer = await signUp(t.app);
    const other = await signUp(t.app);
    const intent = await hold(event.id, payer);
    fake.succeed(intent.paymentIntentId);
    expect((await registerFor(t.app, event.id, other, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(402);
    expect(await isRegistered(event.id, other.user.id)).toBe(false);
  });
});

describe('Stripe: cancelling', () => {
  async function bought(partial: Parameters<typeof eventBody>[1] = {}) {
    const event = await paidEvent({ maxParticipants: 10, ...partial });
    const member = await signUp(t.app);
    const intent = await hold(event.id, member);
    fake.succeed(intent.paymentIntentId);
    expect((await registerFor(t.app, event.id, member, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(200);
    return { event, member, intent };
  }

  it('24 hours or more before the start refunds through Stripe', async () => {
    const { event, member, intent } = await bought({ days: 3 });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/events/${event.id}/registration`, headers: withCookie(member.cookie) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ refunded: true, amountRefunded: 1500 });

    const refunds = fake.refunds.filter((r) => r.payment_intent === intent.paymentIntentId);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: 1500, currency: 'gbp', status: 'succeeded' });
    const call = fake.requests.find((r) => r.path === '/v1/refunds' && r.body.payment_intent === intent.paymentIntentId);
    expect(call).toMatchObject({
      method: 'POST',
      body: { payment_intent: intent.paymentIntentId, amount: '1500' },
      idempotencyKey: `cancel-${intent.paymentIntentId}`,
    });
    expect(await ourPayment(intent.paymentIntentId)).toMatchObject({ status: 'refunded', refundId: refunds[0]!.id });
    expect(await getEvent(t.app, event.id)).toMatchObject({ participantCount: 0, spotsLeft: 10 });
  });

  it('less than 24 hours before the start calls no refund', async () => {
    const { event, member, intent } = await bought(startingIn(180));
    const res = await t.app.inject({ method: 'DELETE', url: `/api/events/${event.id}/registration`, headers: withCookie(member.cookie) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ refunded: false, amountRefunded: 0 });
    expect(fake.refunds.filter((r) => r.payment_intent === intent.paymentIntentId)).toHaveLength(0);
    expect(await getEvent(t.app, event.id)).toMatchObject({ participantCount: 0, spotsLeft: 10 });
  });
});
