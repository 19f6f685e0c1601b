/**
 * The evening's age range is checked at booking (issue 34): a member whose profile age is outside it
 * is refused with a message naming the range, before any seat is held, paid, taken or queued for.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventWaitlist, payments } from '../../db/schema/index';
import {
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
  withCookie,
  type TestContext,
} from '../../test/harness';

let t: TestContext;
let host: Awaited<ReturnType<typeof signUpHost>>;
let venueId: number;

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t, { age: 52 });
  venueId = (await createVenue(t.app, host.cookie, { name: 'Age Check Bar' })).id;
});
afterAll(() => t.close());

const RANGE_REFUSAL = /^This evening is for ages 25-40, and your profile says you are (45|22), so you can't book it\.$/;

async function holdsOf(eventId: number, userId: number) {
  return t.db
    .select()
    .from(payments)
    .where(and(eq(payments.eventId, eventId), eq(payments.userId, userId)));
}

describe('booking an evening outside the age range', () => {
  it('a free evening: register answers 409 naming the range, and no seat is taken', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, ageRangeMin: 25, ageRangeMax: 40 }));
    const older = await signUp(t.app, { age: 45 });
    const res = await registerFor(t.app, event.id, older);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(RANGE_REFUSAL);
    expect(await registrationCount(t.db, event.id)).toBe(0);
    expect((await getEvent(t.app, event.id)).spotsLeft).toBe(20);

    // The bounds are in the range.
    for (const age of [25, 40]) expect((await registerFor(t.app, event.id, await signUp(t.app, { age }))).statusCode).toBe(201);
  });

  it('a paid evening: the checkout (payment intent) and register are refused before a seat is held or a payment started', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 1500, ageRangeMin: 25, ageRangeMax: 40 }));
    const young = await signUp(t.app, { age: 22 });
    const hold = await holdSeat(t.app, event.id, young);
    expect(hold.statusCode, hold.body).toBe(409);
    expect(hold.json<{ message: string }>().message).toMatch(RANGE_REFUSAL);
    expect(await holdsOf(event.id, young.user.id)).toHaveLength(0);
    expect((await getEvent(t.app, event.id)).spotsLeft).toBe(20);

    const register = await registerFor(t.app, event.id, young);
    expect(register.statusCode).toBe(409);
    expect(register.json<{ message: string }>().message).toMatch(RANGE_REFUSAL);
  });

  it('a full evening: joining its waitlist is refused the same way', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, maxParticipants: 6, ageRangeMin: 25, ageRangeMax: 40 }));
    for (let i = 0; i < 6; i++) expect((await registerFor(t.app, event.id, await signUp(t.app, { age: 30 }))).statusCode).toBe(201);
    const older = await signUp(t.app, { age: 45 });
    const res = await t.app.inject({ method: 'POST', url: `/api/events/${event.id}/waitlist`, headers: withCookie(older.cookie) });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<{ message: string }>().message).toMatch(RANGE_REFUSAL);
    expect(await t.db.select().from(eventWaitlist).where(eq(eventWaitlist.eventId, event.id))).toHaveLength(0);
  });

  it('the host registers free at their own evening whatever their age', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 1500, ageRangeMin: 25, ageRangeMax: 40 }));
    expect((await registerFor(t.app, event.id, host)).statusCode).toBe(201);
  });
});
