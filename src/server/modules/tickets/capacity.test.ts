/**
 * participantCount never exceeds maxParticipants, under any concurrency. On PGlite the
 * requests interleave between queries; on PostgreSQL (DATABASE_URL) they race for real.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PaymentIntentResponse } from '@shared/schemas/tickets';
import { events, payments } from '../../db/schema/index';
import {
  buyTicket,
  confirmTestPayment,
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  getEvent,
  holdSeat,
  registerFor,
  registrationCount,
  signUp,
  signUpHost,
  signUpMany,
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

async function seatsTaken(eventId: number) {
  const [row] = await t.db.select({ seatsTaken: events.seatsTaken, participantCount: events.participantCount }).from(events).where(eq(events.id, eventId));
  return row!;
}

describe('capacity under concurrency', () => {
  it('200 concurrent free registrations for 10 seats: exactly 10 succeed, the rest 409, no 5xx', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, maxParticipants: 10 }));
    const members = await signUpMany(t.app, 200);
    expect(new Set(members.map((m) => m.user.id)).size).toBe(200);

    const results = await Promise.all(members.map((m) => registerFor(t.app, event.id, m)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 409)).toHaveLength(190);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe('Event is full');

    expect(await getEvent(t.app, event.id)).toMatchObject({ participantCount: 10, spotsLeft: 0, maxParticipants: 10 });
    expect(await registrationCount(t.db, event.id)).toBe(10);
    expect(await seatsTaken(event.id)).toEqual({ seatsTaken: 10, participantCount: 10 });
    // The winners are exactly the members the API said yes to.
    const winners = members
      .filter((_, i) => codes[i] === 201)
      .map((m) => m.user.id)
      .sort();
    const participants = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/participants`, headers: { cookie: host.cookie } });
    expect(
      participants
        .json<{ userId: number }[]>()
        .map((p) => p.userId)
        .sort(),
    ).toEqual(winners);
  });

  it('50 concurrent payment holds for 5 seats: exactly 5 succeed, the rest 409', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 1500, maxParticipants: 6 }));
    // One seat sold first, so 5 are left.
    await buyTicket(t.app, event.id, await signUp(t.app));
    expect((await getEvent(t.app, event.id)).spotsLeft).toBe(5);

    const members = await signUpMany(t.app, 50);
    const results = await Promise.all(members.map((m) => holdSeat(t.app, event.id, m)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(codes.filter((c) => c === 409)).toHaveLength(45);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().message).toBe('Event is full');

    const holding = await t.db.select().from(payments).where(eq(payments.eventId, event.id));
    expect(holding.filter((p) => p.holdsSeat && p.status === 'requires_payment')).toHaveLength(5);
    expect(await seatsTaken(event.id)).toEqual({ seatsTaken: 6, participantCount: 1 });
    expect((await getEvent(t.app, event.id)).spotsLeft).toBe(0);

    // The five holders can all pay (concurrently) and be seated.
    const holders = members.map((m, i) => ({ m, res: results[i]! })).filter((x) => x.res.statusCode === 200);
    const paid = await Promise.all(holders.map(({ m, res }) => confirmTestPayment(t.app, m.cookie, res.json<PaymentIntentResponse>().clientSecret)));
    expect(paid.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await getEvent(t.app, event.id)).toMatchObject({ participantCount: 6, spotsLeft: 0 });
    expect(await registrationCount(t.db, event.id)).toBe(6);
  });

  it('seats of expired holds go to concurrent buyers, never more than the capacity', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 1500, maxParticipants: 8 }));
    const members = await signUpMany(t.app, 40);
    const results = await Promise.all(members.map((m) => holdSeat(t.app, event.id, m)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(8);
    // Two holds run out: their seats go back on sale.
    const held = results.map((r, i) => ({ r, m: members[i]! })).filter((x) => x.r.statusCode === 200);
    await t.db
      .update(payments)
      .set({ holdExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(payments.intentId, held[0]!.r.json<PaymentIntentResponse>().paymentIntentId));
    await t.db
      .update(payments)
      .set({ holdExpiresAt: new Date(Date.now() - 1_000) })
      .where(eq(payments.intentId, held[1]!.r.json<PaymentIntentResponse>().paymentIntentId));
    const losers = results
      .map((r, i) => ({ r, m: members[i]! }))
      .filter((x) => x.r.statusCode === 409)
      .map((x) => x.m);
    const second = await Promise.all(losers.map((m) => holdSeat(t.app, event.id, m)));
    expect(second.filter((r) => r.statusCode >= 500)).toHaveLength(0);
    expect(second.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(await seatsTaken(event.id)).toEqual({ seatsTaken: 8, participantCount: 0 });
  });
});
