/**
 * Hosts, venues, evenings and tickets (part of harness.ts, which re-exports it).
 */
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { londonDay, TIME_ZONE } from '@shared/domain/time';
import type { CreateEventBody, Event, EventDetail } from '@shared/schemas/events';
import type { PaymentIntentResponse } from '@shared/schemas/tickets';
import type { Venue, VenueBody } from '@shared/schemas/venues';
import type { CreateUserBody } from '@shared/schemas/users';
import type { Db } from '../db/client';
import { registrations, userRoles } from '../db/schema/index';
import { TEST_CARDS } from '../plugins/payments';
import type { TestApp, TestContext } from './harness-app';
import { signUp, withCookie } from './harness-members';

/** Sign up a member and make them a host (as an admin's approval would). */
export async function signUpHost(ctx: Pick<TestContext, 'app' | 'db'>, partial: Partial<CreateUserBody> = {}) {
  const member = await signUp(ctx.app, { name: 'Hana Host', ...partial });
  await ctx.db.insert(userRoles).values({ userId: member.user.id, role: 'host' });
  return member;
}

/** `n` fresh members, signed up concurrently. */
export async function signUpMany(app: TestApp, n: number, partial: Partial<CreateUserBody> = {}) {
  return Promise.all(Array.from({ length: n }, () => signUp(app, partial)));
}

/** POST /api/venues as a host; expects 201. */
export async function createVenue(app: TestApp, cookie: string, partial: Partial<VenueBody> = {}): Promise<Venue> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/venues',
    headers: withCookie(cookie),
    payload: { name: `Venue ${randomBytes(3).toString('hex')}`, address: '1 Test Street', city: 'Prestwich', ...partial },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Venue>();
}

/** The London day (YYYY-MM-DD) `days` from now. */
export const dayFromNow = (days: number) => londonDay(new Date(Date.now() + days * 86_400_000));

const hhmm = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);

let defaultDays = 0;

/**
 * A valid create-event payload: a paid (1500) evening 19:00-22:00 at `venueId`, `days` ahead.
 * Without `days` (or a `date`), each call picks the next day from 40 days ahead on (clear of the
 * days tests name), since a venue takes one booking at a time (evenings at one venue may not overlap).
 */
export function eventBody(venueId: number, partial: Partial<CreateEventBody> & { days?: number } = {}): CreateEventBody {
  const { days = partial.date === undefined ? 40 + defaultDays++ : 3, ...rest } = partial;
  return {
    title: `Evening ${randomBytes(3).toString('hex')}`,
    description: 'A friendly evening of short conversations.',
    date: dayFromNow(days),
    startTime: '19:00',
    endTime: '22:00',
    venueId,
    ageRangeMin: 25,
    ageRangeMax: 45,
    maxParticipants: 20,
    price: 1500,
    ...rest,
  };
}

/**
 * The create-event fields for an evening starting about `minutes` from now (London wall clock,
 * to the minute), lasting up to two hours but not past 23:59 of its day.
 */
export function startingIn(minutes: number): Pick<CreateEventBody, 'date' | 'startTime' | 'endTime'> {
  let start = new Date(Date.now() + minutes * 60_000);
  // An evening cannot start at 23:59 (it must end later the same day).
  if (hhmm(start) === '23:59') start = new Date(start.getTime() + 60_000);
  const day = londonDay(start);
  const end = new Date(start.getTime() + 2 * 3_600_000);
  return { date: day, startTime: hhmm(start), endTime: londonDay(end) === day ? hhmm(end) : '23:59' };
}

/** POST /api/events as a host; expects 201. */
export async function createEvent(app: TestApp, cookie: string, body: CreateEventBody): Promise<Event> {
  const res = await app.inject({ method: 'POST', url: '/api/events', headers: withCookie(cookie), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Event>();
}

/** GET /api/events/:id (as a visitor unless a cookie is given); expects 200. */
export async function getEvent(app: TestApp, id: number, cookie?: string): Promise<EventDetail> {
  const res = await app.inject({ method: 'GET', url: `/api/events/${id}`, headers: withCookie(cookie) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<EventDetail>();
}

export function registerFor(
  app: TestApp,
  eventId: number,
  member: { user: { id: number }; cookie: string },
  extra: { paymentIntentId?: string; consentToShare?: boolean } = {},
) {
  return app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/register`,
    headers: withCookie(member.cookie),
    payload: { userId: member.user.id, consentToShare: true, ...extra },
  });
}

export function holdSeat(app: TestApp, eventId: number, member: { user: { id: number }; cookie: string }, amount = 1500) {
  return app.inject({
    method: 'POST',
    url: '/api/create-payment-intent',
    headers: withCookie(member.cookie),
    payload: { eventId, userId: member.user.id, amount },
  });
}

/** A Stripe test card as the built-in test provider's card form sends it. */
export function testCard(cardNumber: string = TEST_CARDS.success, partial: { expMonth?: number; expYear?: number; cvc?: string } = {}) {
  return { cardNumber, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', ...partial };
}

export function confirmTestPayment(app: TestApp, cookie: string, clientSecret: string, card = testCard()) {
  return app.inject({ method: 'POST', url: '/api/payments/test/confirm', headers: withCookie(cookie), payload: { clientSecret, ...card } });
}

/** Hold a seat and pay with 4242 4242 4242 4242 on the test provider: the member is registered. */
export async function buyTicket(app: TestApp, eventId: number, member: { user: { id: number }; cookie: string }) {
  const hold = await holdSeat(app, eventId, member);
  expect(hold.statusCode, hold.body).toBe(200);
  const intent = hold.json<PaymentIntentResponse>();
  const paid = await confirmTestPayment(app, member.cookie, intent.clientSecret);
  expect(paid.statusCode, paid.body).toBe(200);
  return intent;
}

export async function registrationCount(db: Db, eventId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(registrations).where(eq(registrations.eventId, eventId));
  return Number(row?.n ?? 0);
}
