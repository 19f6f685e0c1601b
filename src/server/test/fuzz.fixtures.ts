/**
 * Fuzzing every state-changing or parameterised route (docs/product.md "Bad input": nothing
 * answers 500 to bad input, and a rejected request changes nothing).
 *
 * The routes come from the app itself (printRoutes), so a new route is fuzzed too. For each, as
 * a visitor, a member, a host and an admin, fast-check generates bodies (a valid sample with one to three
 * fields broken: control characters, unicode, huge, negative, fractional and 2^31 numbers,
 * wrong types, missing and extra fields, very long strings; or any JSON at all), path
 * parameters and query strings. Every answer must be below 500, and the database must be
 * unchanged unless the request was accepted (2xx).
 *
 * Deterministic: FUZZ_SEED (default below) seeds every property; a failure prints the seed and
 * the request. FUZZ_RUNS scales the number of requests per route and role.
 */
/** Set-up shared by the parts of the former fuzz.test.ts (split by what they test, issue 40). */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Event } from '@shared/schemas/events';
import type { PaymentIntentResponse } from '@shared/schemas/tickets';
import type { Slot } from '@shared/schemas/venues';
import { changedTables, fingerprint, walPosition } from './db-fingerprint';
import {
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  holdSeat,
  registerFor,
  signUp,
  signUpHost,
  TEST_ADMIN_EMAIL,
  withCookie,
  type Route,
  type TestContext,
} from './harness';
import { checkIn, type Member } from './live-helpers';

export const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
export const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

export type Role = 'visitor' | 'member' | 'host' | 'admin';
export const ROLES: Role[] = ['visitor', 'member', 'host', 'admin'];

export let t: TestContext;
export let host: Member;
export let member: Member;
export let admin: Member;
export let venueId: number;
export let slotId: number;
export let free: Event;
export let paid: Event;
export let intent: PaymentIntentResponse;
export let requests = 0;
export const statuses: Record<number, number> = {};
/** Milliseconds spent fingerprinting the database (the rest is the app answering). */
export let fingerprintMs = 0;

/** Count one answer (how many requests, and how many of each status). */
export function tally(status: number) {
  requests++;
  statuses[status] = (statuses[status] ?? 0) + 1;
}

export async function timedFingerprint() {
  const t0 = performance.now();
  const f = await fingerprint(t.db);
  fingerprintMs += performance.now() - t0;
  return f;
}

/* ------------------------------------------------------------------ routes */

/** Query strings a route reads (beyond its path). */
export const QUERIES: Record<string, Record<string, () => string>> = {
  'GET /api/venues/:id/slots': { from: () => '2030-01-01', to: () => '2030-02-01' },
  'GET /api/events/:id/progress': { round: () => '1' },
  'GET /api/dev/outbox': { to: () => member.user.email },
  // One evening's share figures: its host and admins only (issue 33).
  'GET /api/share/analytics': { eventId: () => String(free.id) },
};

/** Worth fuzzing: changes something, or reads path parameters or a query string. */
export const targeted = (r: Route) =>
  r.method !== 'HEAD' &&
  r.method !== 'OPTIONS' &&
  r.url.startsWith('/api/') &&
  (r.method !== 'GET' || r.url.includes(':') || `${r.method} ${r.url}` in QUERIES);

/** The real value of a path parameter, so that generated bodies reach the handler's deeper code. */
export function realParam(url: string, name: string): string {
  if (name === 'id') {
    if (url.startsWith('/api/users/')) return String(member.user.id);
    if (url.startsWith('/api/venues/')) return String(venueId);
    return String(url.includes('register') || url.includes('payment') ? paid.id : free.id);
  }
  if (name === 'userId') return String(member.user.id);
  if (name === 'slotId') return String(slotId);
  if (name === 'matchId') return '1';
  // A desk of the door offline (docs/decisions/0052): a UUID, so a body reaches the sync rules.
  if (name === 'deskId') return FUZZ_DESK;
  if (name === 'file') return url.includes('venues') ? `${venueId}.ics` : `${'0'.repeat(32)}.ics`;
  return '1';
}

export const FUZZ_DESK = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

/** A valid body per route, as a member or host would send it; generated bodies break it. */
export function sampleBody(route: Route): Record<string, unknown> | undefined {
  switch (`${route.method} ${route.url}`) {
    case 'POST /api/auth/login':
      return { email: 'nobody.fuzz@example.com' };
    case 'POST /api/auth/verify':
      return { email: 'nobody.fuzz@example.com', code: '123456' };
    case 'POST /api/users':
      return {
        name: 'Fuzz Person',
        email: 'fuzz.signup@example.com',
        age: 30,
        bio: 'Hello',
        interests: ['Chess'],
        contactInfo: '07700 900000',
        profileImage: '/a.png',
        personalityTraits: { openness: 50 },
        preferences: { a: 'b' },
        communicationStyle: 'balanced',
        username: 'fuzz',
      };
    case 'PUT /api/users/:id':
      return { name: 'Fuzz Member', age: 30, bio: 'Hi', contactInfo: '07700 900123', interests: ['Chess'] };
    case 'POST /api/events':
      return { ...eventBody(venueId, { days: 40 }), roundDuration: 300, status: 'upcoming', hostId: host.user.id };
    case 'POST /api/venues':
      return {
        name: 'Fuzz Hall',
        address: '1 Road',
        city: 'Prestwich',
        capacity: 40,
        amenities: ['wifi'],
        contactInfo: 'x',
        pricePerHour: 100,
        isActive: true,
        latitude: 1,
        longitude: 2,
      };
    case 'PATCH /api/venues/:id':
      return { name: 'Fuzz Hall', city: 'Prestwich', capacity: 40, latitude: 1, longitude: 2 };
    case 'POST /api/venues/:id/slots':
      return { day: '2031-03-04', startTime: '10:00', endTime: '11:00', kind: 'blocked', reason: 'other', maxCapacity: 10, notes: 'n' };
    case 'POST /api/venues/:id/hosts':
      return { email: member.user.email };
    case 'POST /api/create-payment-intent':
      return { eventId: paid.id, userId: member.user.id, amount: 1500 };
    case 'POST /api/events/:id/register':
      return { userId: member.user.id, consentToShare: true, paymentIntentId: intent.paymentIntentId };
    case 'POST /api/events/:id/checkin':
      return { userId: member.user.id };
    case 'POST /api/payments/test/confirm':
      return { clientSecret: intent.clientSecret, cardNumber: '4000000000000002', expMonth: 12, expYear: 2040, cvc: '123' };
    case 'POST /api/events/:id/ratings':
      return { raterId: member.user.id, ratedId: host.user.id, rating: 4, round: 1 };
    case 'POST /api/events/:id/connections':
      return { ratedId: host.user.id, code: 'ABC123', method: 'code', decision: 'yes' };
    case 'POST /api/events/:id/timer':
      return { type: 'extend_timer', seconds: 60 };
    case 'POST /api/events/:id/calculate-matches':
      return { algorithm: 'balanced' };
    case 'POST /api/events/:id/messages':
      return { text: 'Doors open at 7', type: 'general', requiresAction: false };
    case 'POST /api/events/:id/door/scan':
      return { code: 'SFTICKET:ABCDEF123456' };
    case 'POST /api/events/:id/door/check-in':
      return { userId: member.user.id };
    case 'POST /api/events/:id/door/desks/:deskId/sync':
      return { items: [{ key: '6f1c1a5e-3b1d-4c55-9d6e-2f0a8e7b9c10', userId: member.user.id, method: 'scan', at: new Date().toISOString() }] };
    case 'POST /api/events/:id/arrival':
      return { permission: 'granted', position: { latitude: 53.5331, longitude: -2.2847, accuracy: 10 } };
    case 'POST /api/events/:id/arrival/check-in':
      return { position: { latitude: 53.5331, longitude: -2.2847, accuracy: 10 } };
    case 'POST /api/share/events':
      return { platform: 'facebook', action: 'copy', template: 'facebook', eventId: paid.id };
    case 'POST /api/host-program/applications':
      return {
        name: 'Fuzz Host',
        email: 'fuzz.host@example.com',
        location: 'Prestwich',
        experience: 'Book club',
        motivation: 'Friends',
        venueIdea: 'The Wine Bar',
      };
    case 'POST /api/host-program/applications/:id/message':
      return { text: 'Thanks for applying' };
    case 'PUT /api/users/:id/answers':
      return {
        name: 'Fuzz Member',
        age: 30,
        interests: ['Wine', 'Art', 'Travel'],
        personality: { creative: 3, social: 4, adventurous: 2, analytical: 5, empathetic: 1 },
        motivations: ['Meet like-minded people'],
        lookingFor: 'Walking friends',
      };
    case 'POST /api/events/:id/feedback':
      // The member was checked in at `free`: a real reaction; anyone else is refused (issue 33).
      return { eventId: free.id, userId: member.user.id, emoji: 'party' };
    case 'POST /api/reports':
      return { userId: host.user.id, eventId: free.id, context: 'evening', reason: 'harassment', details: 'Kept asking for my number.' };
    case 'PUT /api/events/:id/feedback/form':
      return {
        overallRating: 4,
        venueRating: 5,
        organizationRating: 0,
        matchQualityRating: 3,
        timingRating: 4,
        wouldRecommend: true,
        improvements: ['longer-rounds'],
        favoriteAspect: 'The people',
        additionalComments: 'More rounds please',
      };
    case 'POST /api/events/:id/invites':
      return { toUserId: host.user.id, eventId: paid.id };
    case 'POST /api/events/:id/invites/all':
      return { eventId: paid.id };
    case 'POST /api/invites/stop':
      return { token: '0123456789abcdef0123456789abcdef' };
    case 'POST /api/me/invite-blocks':
      return { userId: host.user.id };
    case 'PUT /api/me/preview-visibility':
      return { visible: false };
    case 'PUT /api/me/narration':
      return { enabled: true, voice: null, rate: 1.2, pitch: 1, volume: 0.8, autoRead: false };
    case 'POST /api/internal/control':
      return { command: 'grant', email: member.user.email, role: 'host' };
    default:
      return route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
  }
}

/** Requests that would end the roles' sessions or accounts: only a visitor sends them. */
export const visitorOnly = (r: Route) => r.url === '/api/auth/logout';

/* ------------------------------------------------------------------ driving */

export const cookieOf = (role: Role) => ({ visitor: undefined, member: member.cookie, host: host.cookie, admin: admin.cookie })[role];

export function pathOf(route: Route, override?: { name: string; value: string }) {
  // Through UTF-8 and back: a lone surrogate becomes U+FFFD, as it would on the wire.
  const segment = (s: string) => encodeURIComponent(Buffer.from(s, 'utf8').toString('utf8'));
  return route.url.replace(/:([A-Za-z]+)/g, (_m, name: string) => segment(override && override.name === name ? override.value : realParam(route.url, name)));
}

export function describeReq(req: { method: string; url: string; payload?: string }) {
  const p = req.payload === undefined ? '' : ` ${req.payload.length > 300 ? `${req.payload.slice(0, 300)}… (${req.payload.length} chars)` : req.payload}`;
  return `${req.method} ${req.url}${p}`;
}

/**
 * Tables a rejected request may change, per route: the built-in test provider plays Stripe (the
 * edge of the world), which records a failed card attempt on its payment intent.
 */
export const MAY_CHANGE_WHEN_REJECTED: Record<string, string[]> = {
  'POST /api/payments/test/confirm': ['test_provider_intents'],
  // A wrong code is a guess: it takes a try from the code and a place in the address's guard, which is
  // the guard (docs/decisions/0009). Every address has a code now (docs/decisions/0070).
  'POST /api/auth/verify': ['login_codes', 'login_guards'],
};

/** Bidirectional overrides, embeddings and isolates, zero-width spaces and marks, the byte order mark. */
export const INVISIBLE_SHOWN_RE = /[\u202A-\u202E\u2066-\u2069\u200B\u200C\u200E\u200F\uFEFF]/;

/** The database as the previous request left it, and where the write-ahead log stood then. */
export let last: { fp: Record<string, string>; wal: string } | undefined;

/** Forget the last snapshot: the next probe compares the tables from then on. */
export function forgetSnapshot() {
  last = undefined;
}

export async function snapshot() {
  const wal = await walPosition(t.db);
  return { fp: await timedFingerprint(), wal };
}

/** Send one request; assert no 5xx and, unless accepted, no change. */
export async function probe(role: Role, req: { method: string; url: string; payload?: string }, route: Route) {
  const before = (last ??= await snapshot());
  const headers = withCookie(cookieOf(role), req.payload === undefined ? {} : { 'content-type': 'application/json' });
  const res: LightMyRequestResponse = await t.app.inject({
    method: req.method as 'GET',
    url: req.url,
    headers,
    ...(req.payload === undefined ? {} : { payload: req.payload }),
  });
  tally(res.statusCode);
  const where = `as ${role}: ${describeReq(req)} -> ${res.statusCode} ${res.body.slice(0, 300)} (FUZZ_SEED=${SEED})`;
  if (res.statusCode >= 500) throw new Error(`5xx ${where}`);
  // Text is stored without the invisible characters that change what it shows (issue 33): an accepted answer carries none.
  if (res.statusCode < 300 && String(res.headers['content-type']).startsWith('application/json') && INVISIBLE_SHOWN_RE.test(res.body))
    throw new Error(`an invisible override or zero-width character in the answer: ${where}`);
  // Nothing written (the log did not move): nothing changed. Otherwise compare the tables.
  const wal = await walPosition(t.db);
  if (wal !== before.wal) last = await snapshot();
  // Accepted, or a card the bank refused (402: the payment attempt is on record, as with Stripe).
  if (res.statusCode >= 300 && res.statusCode !== 402) {
    const allowed = MAY_CHANGE_WHEN_REJECTED[`${route.method} ${route.url}`] ?? [];
    const changed = wal === before.wal ? [] : changedTables(before.fp, last!.fp).filter((table) => !allowed.includes(table));
    if (changed.length) throw new Error(`rejected request changed ${changed.join(', ')}: ${where}`);
    if (res.statusCode === 400) {
      const body = res.json<{ message?: unknown; error?: unknown; errors?: unknown }>();
      if (typeof body.message !== 'string' || body.error !== body.message || !Array.isArray(body.errors) || body.errors.length === 0)
        throw new Error(`400 without the standard body: ${where}`);
    }
  }
  return res;
}

export function encode(b: { json?: unknown; raw?: string }) {
  return b.raw ?? JSON.stringify(b.json) ?? 'null';
}

/** The set-up every part of fuzz.test.ts shares; call once at the top of each part. */
export function registerFuzzFixtures() {
  beforeAll(async () => {
    // A part starts its own count and its own database (the last snapshot was of another part's).
    forgetSnapshot();
    requests = 0;
    fingerprintMs = 0;
    for (const k of Object.keys(statuses)) delete statuses[Number(k)];
    t = await createTestApp({ controlToken: 'fuzz-control-token-that-is-never-sent' });
    host = (await signUpHost(t, { name: 'Fuzz Host' })) as Member;
    member = (await signUp(t.app, { name: 'Fuzz Member', contactInfo: '07700 900123' })) as Member;
    admin = (await signUp(t.app, { name: 'Fuzz Admin', email: TEST_ADMIN_EMAIL })) as Member;
    venueId = (await createVenue(t.app, host.cookie)).id;
    free = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, days: 5 }));
    paid = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 1500, days: 6 }));
    const reg = await registerFor(t.app, free.id, member);
    expect(reg.statusCode, reg.body).toBe(201);
    await checkIn(t.app, free.id, host, member);
    const hold = await holdSeat(t.app, paid.id, member);
    expect(hold.statusCode, hold.body).toBe(200);
    intent = hold.json<PaymentIntentResponse>();
    const slot = await t.app.inject({
      method: 'POST',
      url: `/api/venues/${venueId}/slots`,
      headers: withCookie(host.cookie),
      payload: { day: '2030-01-02', startTime: '10:00', endTime: '11:00', kind: 'available' },
    });
    expect(slot.statusCode, slot.body).toBe(201);
    slotId = slot.json<Slot>().id;
    // The timer row of an evening is made on its first read (an idle timer): make it now, so that
    // only what a request does shows in the fingerprint.
    for (const e of [free, paid]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/events/${e.id}/timer`, headers: withCookie(host.cookie) });
      expect(res.statusCode, res.body).toBe(200);
    }
  }, 60_000);
  afterAll(() => t.close());
}
