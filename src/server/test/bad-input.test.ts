/**
 * docs/product.md "Bad input": nothing answers 500 to bad input, and a rejected request changes
 * nothing. The cases of issue 11: a control character (NUL) in stored text, ids of 2^31 or
 * more, a socket opened with such an eventId, a date that is not a real calendar day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Event } from '@shared/schemas/events';
import type { PaymentIntentResponse } from '@shared/schemas/tickets';
import { fingerprint } from './db-fingerprint';
import {
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  expectBadInput,
  holdSeat,
  registerFor,
  signUp,
  signUpHost,
  validSignup,
  withCookie,
  type TestContext,
} from './harness';
import { checkIn, refusal, type Member } from './live-helpers';

const TOO_BIG = 2 ** 31;
const NUL = 'a\u0000b';

let t: TestContext;
let base: string;
let host: Member;
let member: Member;
let venueId: number;
let paid: Event;
let free: Event;
let intent: PaymentIntentResponse;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  host = (await signUpHost(t)) as Member;
  member = (await signUp(t.app)) as Member;
  venueId = (await createVenue(t.app, host.cookie)).id;
  paid = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 1500 }));
  free = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, days: 4 }));
  const res = await registerFor(t.app, free.id, member);
  expect(res.statusCode, res.body).toBe(201);
  await checkIn(t.app, free.id, host, member);
  const hold = await holdSeat(t.app, paid.id, member);
  expect(hold.statusCode, hold.body).toBe(200);
  intent = hold.json<PaymentIntentResponse>();
});
afterAll(() => t.close());

interface Case {
  name: string;
  as: () => string | undefined;
  method: 'POST' | 'PUT' | 'PATCH';
  url: () => string;
  payload: () => unknown;
}

const cases: Case[] = [
  {
    name: 'a NUL in the bio of PUT /api/users/{id}',
    as: () => member.cookie,
    method: 'PUT',
    url: () => `/api/users/${member.user.id}`,
    payload: () => ({ name: 'Test Person', age: 30, bio: NUL }),
  },
  {
    name: 'a NUL in an interest of PUT /api/users/{id}',
    as: () => member.cookie,
    method: 'PUT',
    url: () => `/api/users/${member.user.id}`,
    payload: () => ({ name: 'Test Person', age: 30, interests: [NUL] }),
  },
  {
    name: 'a lone surrogate in an interest of PUT /api/users/{id}',
    as: () => member.cookie,
    method: 'PUT',
    url: () => `/api/users/${member.user.id}`,
    payload: () => ({ name: 'Test Person', age: 30, interests: ['Chess\udc00'] }),
  },
  {
    name: 'a lone surrogate in a preference at signup',
    as: () => undefined,
    method: 'POST',
    url: () => '/api/users',
    payload: () => ({ ...validSignup(), preferences: { a: '\ud800' } }),
  },
  { name: 'a NUL in the bio at signup', as: () => undefined, method: 'POST', url: () => '/api/users', payload: () => validSignup({ bio: NUL }) },
  { name: 'a NUL in the username at signup', as: () => undefined, method: 'POST', url: () => '/api/users', payload: () => validSignup({ username: NUL }) },
  {
    name: 'a NUL in a preference at signup',
    as: () => undefined,
    method: 'POST',
    url: () => '/api/users',
    payload: () => ({ ...validSignup(), preferences: { [NUL]: NUL } }),
  },
  { name: 'a NUL in an event title', as: () => host.cookie, method: 'POST', url: () => '/api/events', payload: () => eventBody(venueId, { title: NUL }) },
  {
    name: 'a NUL in an event description',
    as: () => host.cookie,
    method: 'POST',
    url: () => '/api/events',
    payload: () => eventBody(venueId, { description: NUL }),
  },
  { name: 'a NUL in a venue name', as: () => host.cookie, method: 'POST', url: () => '/api/venues', payload: () => ({ name: NUL, city: 'Prestwich' }) },
  { name: 'a NUL in a venue city', as: () => host.cookie, method: 'POST', url: () => '/api/venues', payload: () => ({ name: 'Hall', city: NUL }) },
  { name: 'a NUL in a venue address (PATCH)', as: () => host.cookie, method: 'PATCH', url: () => `/api/venues/${venueId}`, payload: () => ({ address: NUL }) },
  {
    name: 'a NUL in slot notes',
    as: () => host.cookie,
    method: 'POST',
    url: () => `/api/venues/${venueId}/slots`,
    payload: () => ({ day: '2030-01-02', startTime: '10:00', endTime: '11:00', kind: 'available', notes: NUL }),
  },
  {
    name: 'a NUL in a clientSecret',
    as: () => member.cookie,
    method: 'POST',
    url: () => '/api/payments/test/confirm',
    payload: () => ({ clientSecret: NUL, cardNumber: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' }),
  },
  {
    name: 'a NUL in the card number',
    as: () => member.cookie,
    method: 'POST',
    url: () => '/api/payments/test/confirm',
    payload: () => ({ clientSecret: intent.clientSecret, cardNumber: NUL, expMonth: 12, expYear: 2040, cvc: '123' }),
  },
  {
    name: 'a NUL in a paymentIntentId',
    as: () => member.cookie,
    method: 'POST',
    url: () => `/api/events/${paid.id}/register`,
    payload: () => ({ userId: member.user.id, paymentIntentId: NUL }),
  },
  {
    name: 'a NUL in a connection code',
    as: () => member.cookie,
    method: 'POST',
    url: () => `/api/events/${free.id}/connections`,
    payload: () => ({ code: NUL, method: 'code' }),
  },
  { name: 'a NUL in the login e-mail', as: () => undefined, method: 'POST', url: () => '/api/auth/login', payload: () => ({ email: `a\u0000b@example.com` }) },
  {
    name: 'ratedId 2^31',
    as: () => member.cookie,
    method: 'POST',
    url: () => `/api/events/${free.id}/ratings`,
    payload: () => ({ raterId: member.user.id, ratedId: TOO_BIG, rating: 4 }),
  },
  {
    name: 'raterId 2^31',
    as: () => member.cookie,
    method: 'POST',
    url: () => `/api/events/${free.id}/ratings`,
    payload: () => ({ raterId: TOO_BIG, ratedId: member.user.id, rating: 4 }),
  },
  { name: 'userId 2^31 on check-in', as: () => host.cookie, method: 'POST', url: () => `/api/events/${free.id}/checkin`, payload: () => ({ userId: TOO_BIG }) },
  {
    name: 'userId 2^31 on register',
    as: () => member.cookie,
    method: 'POST',
    url: () => `/api/events/${paid.id}/register`,
    payload: () => ({ userId: TOO_BIG }),
  },
  {
    name: 'eventId 2^31 on a payment intent',
    as: () => member.cookie,
    method: 'POST',
    url: () => '/api/create-payment-intent',
    payload: () => ({ eventId: TOO_BIG, userId: member.user.id }),
  },
  {
    name: 'userId 2^31 on a payment intent',
    as: () => member.cookie,
    method: 'POST',
    url: () => '/api/create-payment-intent',
    payload: () => ({ eventId: paid.id, userId: TOO_BIG }),
  },
  { name: 'venueId 2^31 on a new event', as: () => host.cookie, method: 'POST', url: () => '/api/events', payload: () => eventBody(TOO_BIG) },
  {
    name: 'hostId 2^31 on a new event',
    as: () => host.cookie,
    method: 'POST',
    url: () => '/api/events',
    payload: () => ({ ...eventBody(venueId), hostId: TOO_BIG }),
  },
  {
    name: 'ratedId 2^31 on connections',
    as: () => member.cookie,
    method: 'POST',
    url: () => `/api/events/${free.id}/connections`,
    payload: () => ({ ratedId: TOO_BIG, method: 'list' }),
  },
  {
    name: 'an id of 2^31 in the path',
    as: () => member.cookie,
    method: 'PUT',
    url: () => `/api/users/${TOO_BIG}`,
    payload: () => ({ name: 'Test Person', age: 30 }),
  },
  {
    name: 'an event date of 99999-01-01',
    as: () => host.cookie,
    method: 'POST',
    url: () => '/api/events',
    payload: () => eventBody(venueId, { date: '99999-01-01' }),
  },
  {
    name: 'an event date of 2025-02-30',
    as: () => host.cookie,
    method: 'POST',
    url: () => '/api/events',
    payload: () => eventBody(venueId, { date: '2030-02-30' }),
  },
  {
    name: 'an event date as an instant in year 99999',
    as: () => host.cookie,
    method: 'POST',
    url: () => '/api/events',
    payload: () => eventBody(venueId, { date: '+099999-01-01T00:00:00Z' }),
  },
  {
    name: 'a slot on 2030-02-30',
    as: () => host.cookie,
    method: 'POST',
    url: () => `/api/venues/${venueId}/slots`,
    payload: () => ({ day: '2030-02-30', startTime: '10:00', endTime: '11:00', kind: 'available' }),
  },
  {
    name: 'a slot on 99999-01-01',
    as: () => host.cookie,
    method: 'POST',
    url: () => `/api/venues/${venueId}/slots`,
    payload: () => ({ day: '0000-01-01', startTime: '10:00', endTime: '11:00', kind: 'available' }),
  },
];

describe('bad input gets 400 with the standard body and changes nothing', () => {
  it.each(cases)('$name', async (c) => {
    const before = await fingerprint(t.db);
    const res = await t.app.inject({ method: c.method, url: c.url(), headers: withCookie(c.as()), payload: c.payload() as object });
    expectBadInput(res);
    expect(await fingerprint(t.db)).toEqual(before);
  });

  it('names control characters in the message', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${member.user.id}`,
      headers: withCookie(member.cookie),
      payload: { name: 'Test Person', age: 30, bio: NUL },
    });
    const body = expectBadInput(res);
    expect(body.errors).toContainEqual({ path: 'bio', message: 'Text must not contain control characters' });
  });

  it('keeps newlines and tabs in a bio', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${member.user.id}`,
      headers: withCookie(member.cookie),
      payload: { name: 'Test Person', age: 30, bio: 'one\ntwo\tthree' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().bio).toBe('one\ntwo\tthree');
  });

  it('a slot query with a day that does not exist gets 400', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/venues/${venueId}/slots?from=2030-02-30`, headers: withCookie(host.cookie) });
    expectBadInput(res);
  });
});

describe('the live socket', () => {
  it('refuses eventId=2147483648 with 400 and keeps serving', async () => {
    const before = await fingerprint(t.db);
    const r = await refusal(base, { eventId: TOO_BIG, userId: member.user.id }, member.cookie);
    expect(r.status).toBe(400);
    const body = JSON.parse(r.body) as { message: string; error: string; errors: unknown[] };
    expect(body.error).toBe(body.message);
    expect(body.errors.length).toBeGreaterThan(0);
    const r2 = await refusal(base, { eventId: free.id, userId: TOO_BIG }, member.cookie);
    expect(r2.status).toBe(400);
    expect(await fingerprint(t.db)).toEqual(before);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});
