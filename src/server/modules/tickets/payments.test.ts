/** Paid and free registration on the built-in test provider (the default without Stripe keys). */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentIntentResponse } from '@shared/schemas/tickets';
import { payments, registrations, testProviderIntents } from '../../db/schema/index';
import { TEST_CARDS } from '../../plugins/payments';
import {
  buyTicket,
  confirmTestPayment,
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  expectBadInput,
  getEvent,
  holdSeat,
  outbox,
  registerFor,
  registrationCount,
  signUp,
  signUpHost,
  signUpMany,
  testCard,
  type TestContext,
} from '../../test/harness';

let t: TestContext;
let host: Awaited<ReturnType<typeof signUpHost>>;
let venueId: number;

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t);
  venueId = (await createVenue(t.app, host.cookie)).id;
});
afterAll(() => t.close());

const paidEvent = (partial: Parameters<typeof eventBody>[1] = {}) => createEvent(t.app, host.cookie, eventBody(venueId, { price: 1500, ...partial }));
const freeEvent = (partial: Parameters<typeof eventBody>[1] = {}) => createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, ...partial }));

async function paymentRows(eventId: number, userId?: number) {
  const where = userId === undefined ? eq(payments.eventId, eventId) : and(eq(payments.eventId, eventId), eq(payments.userId, userId));
  return t.db.select().from(payments).where(where);
}
async function ledger(intentId: string) {
  return (await t.db.select().from(testProviderIntents).where(eq(testProviderIntents.id, intentId)))[0]!;
}
async function isRegistered(eventId: number, userId: number) {
  const [row] = await t.db
    .select({ n: count() })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId)));
  return Number(row!.n) > 0;
}

describe('POST /api/create-payment-intent', () => {
  it('holds a seat for 15 minutes and answers the client secret, the amount and the provider', async () => {
    const event = await paidEvent({ maxParticipants: 10 });
    const member = await signUp(t.app);
    const before = Date.now();
    const res = await holdSeat(t.app, event.id, member);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<PaymentIntentResponse>();
    expect(body).toMatchObject({ amount: 1500, currency: 'gbp', provider: 'test' });
    expect(body).not.toHaveProperty('publishableKey');
    expect(body.clientSecret).toMatch(/^pi_test_\w+_secret_\w+$/);
    expect(body.clientSecret.startsWith(`${body.paymentIntentId}_secret_`)).toBe(true);
    const hold = Date.parse(body.holdExpiresAt) - before;
    expect(hold).toBeGreaterThan(15 * 60_000 - 5_000);
    expect(hold).toBeLessThan(15 * 60_000 + 5_000);
    // The seat is held: one fewer for sale, nobody registered yet.
    expect(await getEvent(t.app, event.id)).toMatchObject({ spotsLeft: 9, participantCount: 0 });
  });

  it('takes the amount from the event, whatever the client sends', async () => {
    const event = await paidEvent();
    const member = await signUp(t.app);
    const res = await holdSeat(t.app, event.id, member, 1);
    expect(res.statusCode, res.body).toBe(200);
    const intent = res.json<PaymentIntentResponse>();
    expect(intent.amount).toBe(1500);
    expect((await ledger(intent.paymentIntentId)).amount).toBe(1500);

    expect((await confirmTestPayment(t.app, member.cookie, intent.clientSecret)).statusCode).toBe(200);
    const [payment] = await paymentRows(event.id, member.user.id);
    expect(payment).toMatchObject({ amount: 1500, status: 'succeeded', intentId: intent.paymentIntentId });
    expect((await ledger(intent.paymentIntentId)).amount).toBe(1500);
  });

  it('returns the same hold when asked twice (no second seat)', async () => {
    const event = await paidEvent({ maxParticipants: 8 });
    const member = await signUp(t.app);
    const first = (await holdSeat(t.app, event.id, member)).json<PaymentIntentResponse>();
    const second = await holdSeat(t.app, event.id, member);
    expect(second.statusCode).toBe(200);
    expect(second.json<PaymentIntentResponse>()).toMatchObject({
      clientSecret: first.clientSecret,
      paymentIntentId: first.paymentIntentId,
      holdExpiresAt: first.holdExpiresAt,
    });
    expect(await paymentRows(event.id)).toHaveLength(1);
    expect((await getEvent(t.app, event.id)).spotsLeft).toBe(7);
  });

  it("refuses another member's userId (403) and visitors (401), holding nothing", async () => {
    const event = await paidEvent();
    const member = await signUp(t.app);
    const other = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/create-payment-intent',
      headers: { cookie: member.cookie },
      payload: { eventId: event.id, userId: other.user.id, amount: 1500 },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/create-payment-intent', payload: { eventId: event.id, userId: member.user.id } })).statusCode).toBe(
      401,
    );
    expect(await paymentRows(event.id)).toHaveLength(0);
    expect((await getEvent(t.app, event.id)).spotsLeft).toBe(20);
  });

  it('answers 404 for an unknown event, 400 for a free one or bad input, 409 when already registered', async () => {
    const member = await signUp(t.app);
    const missing = await holdSeat(t.app, 987654, member);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Event not found');

    const free = await freeEvent();
    expect((await holdSeat(t.app, free.id, member)).statusCode).toBe(400);

    expectBadInput(
      await t.app.inject({
        method: 'POST',
        url: '/api/create-payment-intent',
        headers: { cookie: member.cookie },
        payload: { eventId: 'one', userId: member.user.id },
      }),
    );

    const event = await paidEvent();
    await buyTicket(t.app, event.id, member);
    const again = await holdSeat(t.app, event.id, member);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You are already registered for this event');
  });

  it("answers 409 'Event is full' when every seat is held or sold", async () => {
    const event = await paidEvent({ maxParticipants: 6 });
    const members = await signUpMany(t.app, 7);
    for (const m of members.slice(0, 6)) expect((await holdSeat(t.app, event.id, m)).statusCode).toBe(200);
    const res = await holdSeat(t.app, event.id, members[6]!);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Event is full');
    expect(await paymentRows(event.id)).toHaveLength(6);
    expect((await getEvent(t.app, event.id)).spotsLeft).toBe(0);
  });

  it('frees the seat of an expired hold; paying on it afterwards, with the event full, is refunded', async () => {
    const event = await paidEvent({ maxParticipants: 6 });
    const members = await signUpMany(t.app, 7);
    const holds: PaymentIntentResponse[] = [];
    for (const m of members.slice(0, 6)) holds.push((await holdSeat(t.app, event.id, m)).json<PaymentIntentResponse>());
    const late = members[6]!;
    expect((await holdSeat(t.app, event.id, late)).statusCode).toBe(409);

    // The first member's 15 minutes run out.
    await t.db
      .update(payments)
      .set({ holdExpiresAt: new Date(Date.now() - 60_000) })
      .where(eq(payments.intentId, holds[0]!.paymentIntentId));
    const res = await holdSeat(t.app, event.id, late);
    expect(res.statusCode, res.body).toBe(200);
    const [expired] = await t.db.select().from(payments).where(eq(payments.intentId, holds[0]!.paymentIntentId));
    expect(expired).toMatchObject({ status: 'expired', holdsSeat: false });
    expect((await getEvent(t.app, event.id)).spotsLeft).toBe(0);

    // The first member pays anyway: there is no seat left, so the money goes back.
    const paid = await confirmTestPayment(t.app, members[0]!.cookie, holds[0]!.clientSecret);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ outcome: 'refund' });
    expect(await isRegistered(event.id, members[0]!.user.id)).toBe(false);
    expect((await ledger(holds[0]!.paymentIntentId)).amountRefunded).toBe(1500);
    const reg = await registerFor(t.app, event.id, members[0]!, { paymentIntentId: holds[0]!.paymentIntentId });
    expect(reg.statusCode).toBe(409);
    expect(reg.json().message).toBe('Event is full: your payment has been refunded');

    // Everyone else still gets their seat.
    for (const [i, m] of members.slice(1, 6).entries()) expect((await confirmTestPayment(t.app, m.cookie, holds[i + 1]!.clientSecret)).statusCode).toBe(200);
    expect((await confirmTestPayment(t.app, late.cookie, res.json<PaymentIntentResponse>().clientSecret)).statusCode).toBe(200);
    expect(await getEvent(t.app, event.id)).toMatchObject({ participantCount: 6, spotsLeft: 0 });
    expect(await registrationCount(t.db, event.id)).toBe(6);
  });
});

describe('POST /api/payments/test/confirm', () => {
  async function held(maxParticipants = 10) {
    const event = await paidEvent({ maxParticipants });
    const member = await signUp(t.app);
    const intent = (await holdSeat(t.app, event.id, member)).json<PaymentIntentResponse>();
    return { event, member, intent };
  }

  it('4242 4242 4242 4242 succeeds and registers the member, without any further call', async () => {
    const { event, member, intent } = await held();
    const res = await confirmTestPayment(t.app, member.cookie, intent.clientSecret, testCard('4242 4242 4242 4242'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'succeeded', paymentIntentId: intent.paymentIntentId, outcome: 'registered' });
    expect(await isRegistered(event.id, member.user.id)).toBe(true);
    expect(await getEvent(t.app, event.id, member.cookie)).toMatchObject({ participantCount: 1, spotsLeft: 9, viewer: { registered: true, paid: true } });
    expect((await ledger(intent.paymentIntentId)).status).toBe('succeeded');
    const [payment] = await paymentRows(event.id, member.user.id);
    expect(payment).toMatchObject({ status: 'succeeded', holdsSeat: false });

    // Confirming again changes nothing.
    expect((await confirmTestPayment(t.app, member.cookie, intent.clientSecret)).statusCode).toBe(200);
    expect(await registrationCount(t.db, event.id)).toBe(1);
    expect((await getEvent(t.app, event.id)).participantCount).toBe(1);
    expect((await outbox(t.app, member.user.email)).filter((m) => m.subject.startsWith('Your ticket'))).toHaveLength(1);
  });

  it("4000 0000 0000 0002 is declined (402 'Your card was declined.'), registers nobody, and a retry with a good card works", async () => {
    const { event, member, intent } = await held();
    const res = await confirmTestPayment(t.app, member.cookie, intent.clientSecret, testCard(TEST_CARDS.declined));
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ message: 'Your card was declined.', error: 'Your card was declined.' });
    expect(await isRegistered(event.id, member.user.id)).toBe(false);
    expect((await getEvent(t.app, event.id)).participantCount).toBe(0);
    const [payment] = await paymentRows(event.id, member.user.id);
    expect(payment).toMatchObject({ status: 'requires_payment', failureMessage: 'Your card was declined.' });
    expect((await registerFor(t.app, event.id, member, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(402);

    expect((await confirmTestPayment(t.app, member.cookie, intent.clientSecret)).statusCode).toBe(200);
    expect(await isRegistered(event.id, member.user.id)).toBe(true);
  });

  it.each([
    ['an expired card', testCard(TEST_CARDS.success, { expMonth: 1, expYear: 2020 }), 'expYear', "Your card's expiration date is in the past."],
    ['a bad card number', testCard('4242 4242 4242 4241'), 'cardNumber', 'Your card number is incorrect.'],
    ['a short card number', testCard('4242'), 'cardNumber', 'Your card number is incorrect.'],
    ['a month 13', testCard(TEST_CARDS.success, { expMonth: 13 }), 'expMonth', "Your card's expiration month is invalid."],
    ['a short security code', testCard(TEST_CARDS.success, { cvc: '1' }), 'cvc', "Your card's security code is incomplete."],
  ])('rejects %s with 400 and the provider-style message', async (_name, card, path, message) => {
    const { event, member, intent } = await held();
    const body = expectBadInput(await confirmTestPayment(t.app, member.cookie, intent.clientSecret, card));
    expect(body.message).toBe(message);
    expect(body.errors).toContainEqual({ path, message });
    expect(await isRegistered(event.id, member.user.id)).toBe(false);
    expect((await ledger(intent.paymentIntentId)).status).toBe('requires_payment');
  });

  it("refuses someone else's client secret (403) and an unknown one (404)", async () => {
    const { event, member, intent } = await held();
    const thief = await signUp(t.app);
    const res = await confirmTestPayment(t.app, thief.cookie, intent.clientSecret);
    expect(res.statusCode).toBe(403);
    expect(await isRegistered(event.id, member.user.id)).toBe(false);
    expect(await isRegistered(event.id, thief.user.id)).toBe(false);
    expect((await ledger(intent.paymentIntentId)).status).toBe('requires_payment');
    expect((await confirmTestPayment(t.app, thief.cookie, 'pi_test_nope_secret_nope')).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/payments/test/confirm', payload: { clientSecret: intent.clientSecret, ...testCard() } })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/events/:id/register', () => {
  it('answers 402 for a paid event without a payment, and for an unpaid one', async () => {
    const event = await paidEvent();
    const member = await signUp(t.app);
    const none = await registerFor(t.app, event.id, member);
    expect(none.statusCode).toBe(402);
    expect(none.json().message).toBe('Payment required: please pay for your ticket first');
    expect((await registerFor(t.app, event.id, member, { paymentIntentId: 'pi_test_made_up' })).statusCode).toBe(402);

    const intent = (await holdSeat(t.app, event.id, member)).json<PaymentIntentResponse>();
    const unpaid = await registerFor(t.app, event.id, member, { paymentIntentId: intent.paymentIntentId });
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json().message).toBe('Your payment has not gone through yet');
    expect(await isRegistered(event.id, member.user.id)).toBe(false);
    expect((await getEvent(t.app, event.id)).participantCount).toBe(0);
  });

  it('refuses a payment made by someone else, or for another event (402)', async () => {
    const event = await paidEvent();
    const otherEvent = await paidEvent();
    const payer = await signUp(t.app);
    const freeloader = await signUp(t.app);
    const intent = await buyTicket(t.app, event.id, payer);
    expect((await registerFor(t.app, event.id, freeloader, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(402);
    expect((await registerFor(t.app, otherEvent.id, payer, { paymentIntentId: intent.paymentIntentId })).statusCode).toBe(402);
    expect(await isRegistered(event.id, freeloader.user.id)).toBe(false);
    expect(await isRegistered(otherEvent.id, payer.user.id)).toBe(false);
  });

  it('registers once with a succeeded payment, however often it is sent', async () => {
    const event = await paidEvent();
    const member = await signUp(t.app);
    const intent = await buyTicket(t.app, event.id, member);
    const first = await registerFor(t.app, event.id, member, { paymentIntentId: intent.paymentIntentId });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ eventId: event.id, userId: member.user.id, checkedIn: false, ticketCode: expect.any(String) });
    const second = await registerFor(t.app, event.id, member, { paymentIntentId: intent.paymentIntentId });
    expect(second.statusCode).toBe(200);
    expect(second.json().id).toBe(first.json().id);
    const both = await Promise.all([1, 2, 3].map(() => registerFor(t.app, event.id, member, { paymentIntentId: intent.paymentIntentId })));
    expect(both.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await registrationCount(t.db, event.id)).toBe(1);
    expect((await getEvent(t.app, event.id)).participantCount).toBe(1);
  });

  it('registers at once for a free event (201); a second time is 409', async () => {
    const event = await freeEvent({ maxParticipants: 6 });
    const member = await signUp(t.app);
    const res = await registerFor(t.app, event.id, member);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ eventId: event.id, userId: member.user.id });
    const again = await registerFor(t.app, event.id, member);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You are already registered for this event');
    expect(await registrationCount(t.db, event.id)).toBe(1);
    expect(await getEvent(t.app, event.id)).toMatchObject({ participantCount: 1, spotsLeft: 5 });
  });

  it("refuses another member's userId (403), visitors (401) and unknown events (404)", async () => {
    const event = await freeEvent();
    const member = await signUp(t.app);
    const other = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/register`,
      headers: { cookie: member.cookie },
      payload: { userId: other.user.id, consentToShare: true },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: `/api/events/${event.id}/register`, payload: { userId: member.user.id } })).statusCode).toBe(401);
    const missing = await registerFor(t.app, 987654, member);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Event not found');
    expectBadInput(await t.app.inject({ method: 'POST', url: `/api/events/${event.id}/register`, headers: { cookie: member.cookie }, payload: {} }));
    expect(await registrationCount(t.db, event.id)).toBe(0);
  });

  it("answers 409 'Event is full' for a free event without seats", async () => {
    const event = await freeEvent({ maxParticipants: 6 });
    const members = await signUpMany(t.app, 7);
    for (const m of members.slice(0, 6)) expect((await registerFor(t.app, event.id, m)).statusCode).toBe(201);
    const res = await registerFor(t.app, event.id, members[6]!);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Event is full');
    expect(await registrationCount(t.db, event.id)).toBe(6);
  });
});

describe('the host of an evening gets in free', () => {
  it('registers the host at their own paid evening at once, without a payment or a hold', async () => {
    const event = await paidEvent({ maxParticipants: 6 });
    expect(event.price).toBe(1500);
    const res = await registerFor(t.app, event.id, host);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ eventId: event.id, userId: host.user.id });
    expect(await paymentRows(event.id)).toEqual([]);
    expect(await getEvent(t.app, event.id, host.cookie)).toMatchObject({ participantCount: 1, spotsLeft: 5, viewer: { registered: true, paid: false } });
    expect((await outbox(t.app, host.user.email)).some((m) => m.subject.includes(event.title))).toBe(true);
    // A second time is 409, as for anyone.
    const again = await registerFor(t.app, event.id, host);
    expect(again.statusCode).toBe(409);
    expect(await registrationCount(t.db, event.id)).toBe(1);
  });

  it('the server decides: no payment intent for the host, and other hosts and members still pay', async () => {
    const event = await paidEvent();
    const hold = await holdSeat(t.app, event.id, host);
    expect(hold.statusCode, hold.body).toBe(400);
    expect(hold.json().message).toBe('As the host of this evening you get in free: register without paying');
    expect(await paymentRows(event.id)).toEqual([]);
    expect((await getEvent(t.app, event.id)).spotsLeft).toBe(event.maxParticipants);

    const otherHost = await signUpHost(t);
    const member = await signUp(t.app);
    for (const m of [otherHost, member]) {
      const res = await registerFor(t.app, event.id, m);
      expect(res.statusCode, res.body).toBe(402);
      expect(await isRegistered(event.id, m.user.id)).toBe(false);
    }
    expect((await holdSeat(t.app, event.id, otherHost)).statusCode).toBe(200);
  });
});
