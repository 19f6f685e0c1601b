/**
 * Integration-test harness: the real buildApp() on a real database (a clone of the template
 * made by global-setup.ts), driven with app.inject().
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { count, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, expect, inject } from 'vitest';
import { londonDay, TIME_ZONE } from '@shared/domain/time';
import type { CreateEventBody, Event, EventDetail } from '@shared/schemas/events';
import type { PaymentIntentResponse } from '@shared/schemas/tickets';
import type { Venue, VenueBody } from '@shared/schemas/venues';
import { createUserBody, type CreateUserBody, type User } from '@shared/schemas/users';
import { buildApp } from '../app';
import { createUser } from '../modules/users/service';
import { openPglite, openPostgres, type Database, type Db } from '../db/client';
import { mailOutbox, registrations, userRoles, users } from '../db/schema/index';
import { loadConfig, type AppConfig } from '../env';
import { SESSION_COOKIE } from '../plugins/auth';
import { TEST_CARDS, type StripeConnection } from '../plugins/payments';
import { databaseUrl } from './global-setup';

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

export interface TestAppOverrides {
  /** Environment variables for loadConfig, on top of the test defaults. */
  env?: Record<string, string | undefined>;
  /** Registers the admin CLI's control route with this token. */
  controlToken?: string;
  /**
   * Build this app on another test app's database instead of a fresh clone (saves the
   * clone when a file needs a second configuration). Closing this app leaves it open.
   */
  shareDatabaseWith?: TestContext;
  /** Where the Stripe SDK connects (a local fake Stripe, see fake-stripe.ts). */
  stripeConnection?: StripeConnection;
  /** The app's clock (buildApp's `now`), for rules that depend on the time of day. */
  now?: () => Date;
  /** buildApp's `livePlanAhead`; off unless a test asks (round 1 then plans at its start, as most tests expect). */
  livePlanAhead?: boolean;
  /** buildApp's `livePingMs`: how often the live sockets are pinged. */
  livePingMs?: number;
  /**
   * buildApp's `clientDir`: a folder with the built client (or a fixture index.html). Without it,
   * a folder that does not exist, so a test never depends on whether `npm run build` has run.
   */
  clientDir?: string;
}

export interface TestContext {
  app: TestApp;
  db: Db;
  database: Database;
  config: AppConfig;
  /** Closes the app and the database (and drops a PostgreSQL clone). Safe to call twice. */
  close(): Promise<void>;
}

export const TEST_ADMIN_EMAIL = 'admin@test.example';

const TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  ADMIN_EMAILS: TEST_ADMIN_EMAIL,
  // High, so that ordinary tests never trip the per-minute login limit.
  AUTH_RATE_LIMIT: '10000',
  LOG_LEVEL: 'silent',
  DATA_DIR: '/nonexistent-test-data-dir',
};

let templateBlob: Blob | undefined;
let cloneCounter = 0;

/** Open a private copy of the migrated template database. */
async function cloneDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const info = inject('testDatabase');
  if (!info) throw new Error('testDatabase was not provided: is src/server/test/global-setup.ts the globalSetup?');
  if (info.kind === 'pglite') {
    templateBlob ??= new Blob([readFileSync(info.templateFile)]);
    return { database: await openPglite(null, { loadDataDir: templateBlob }), drop: async () => {} };
  }
  const name = `${info.prefix}${process.pid}_${++cloneCounter}_${randomBytes(3).toString('hex')}`;
  await withAdmin(info.adminUrl, async (c) => {
    // Two files may clone at the same instant; PostgreSQL then answers 55006 (template in use).
    for (let attempt = 0; ; attempt++) {
      try {
        await c.query(`CREATE DATABASE "${name}" TEMPLATE "${info.template}"`);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 50 + Math.random() * 100));
      }
    }
  });
  return {
    database: openPostgres(databaseUrl(info.adminUrl, name), { max: 5 }),
    drop: () => withAdmin(info.adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}

async function withAdmin<T>(adminUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

const open = new Set<TestContext>();

/**
 * Build the whole app on a fresh clone of the migrated database. Call close() in afterAll;
 * anything still open when the test file ends is closed anyway (an open PGlite keeps Node alive).
 */
export async function createTestApp(overrides: TestAppOverrides = {}): Promise<TestContext> {
  const config = loadConfig({ ...TEST_ENV, ...overrides.env });
  const shared = overrides.shareDatabaseWith;
  const { database, drop } = shared ? { database: shared.database, drop: async () => {} } : await cloneDatabase();
  const closeDatabase = shared ? async () => {} : () => database.close();
  let app: TestApp;
  try {
    app = await buildApp({
      config,
      database,
      controlToken: overrides.controlToken,
      logger: false,
      ...(overrides.stripeConnection ? { stripeConnection: overrides.stripeConnection } : {}),
      ...(overrides.now ? { now: overrides.now } : {}),
      livePlanAhead: overrides.livePlanAhead ?? false,
      ...(overrides.livePingMs ? { livePingMs: overrides.livePingMs } : {}),
      clientDir: overrides.clientDir ?? '/nonexistent-test-client-dir',
    });
    await app.ready();
  } catch (err) {
    await closeDatabase();
    await drop();
    throw err;
  }
  let closing: Promise<void> | undefined;
  const ctx: TestContext = {
    app,
    db: database.db,
    database,
    config,
    close() {
      closing ??= (async () => {
        open.delete(ctx);
        await app.close();
        await closeDatabase().catch(() => {});
        await drop();
      })();
      return closing;
    },
  };
  open.add(ctx);
  return ctx;
}

afterAll(async () => {
  await Promise.all([...open].map((ctx) => ctx.close()));
});

/* ---------------------------------------------------------------- helpers */

let emailCounter = 0;

/** A fresh e-mail address, unique within the run. */
export interface Route {
  method: string;
  url: string;
}

/** Every route of the app, from Fastify's own route tree (printRoutes without common prefixes). */
export function appRoutes(app: TestApp): Route[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const out: Route[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (\S+)(?: \(([^)]*)\))?/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    // Sibling parameters share a node ('/:userId|:matchId'): keep the first name.
    stack.push(m[2]!.replace(/\|:[A-Za-z]+/g, ''));
    const url = stack.join('');
    for (const method of (m[3] ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean))
      out.push({ method, url });
  }
  return out;
}

export function uniqueEmail(tag = 'user') {
  return `${tag}.${process.pid}.${++emailCounter}.${randomBytes(3).toString('hex')}@example.com`;
}

/** The `cookie` request header for a session cookie value such as 'sid=…'. */
export function withCookie(cookie: string | undefined, headers: Record<string, string> = {}) {
  return cookie ? { ...headers, cookie } : headers;
}

/** The session cookie a response sets, as 'sid=…' ready for a cookie header; undefined if none. */
export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE);
  return c && c.value ? `${c.name}=${c.value}` : undefined;
}

export function validSignup(partial: Partial<CreateUserBody> = {}): CreateUserBody {
  return {
    name: 'Test Person',
    email: uniqueEmail(),
    age: 30,
    bio: 'I like long walks and board games.',
    interests: ['Walking', 'Board games'],
    ...partial,
  };
}

/**
 * Sign up as a newcomer does (docs/decisions/0070): POST /api/users (202, a code mailed), then the
 * code from the outbox to POST /api/auth/verify, which makes the account and the session. Returns the
 * new member as GET /api/users/{id} shows them, and the session cookie.
 */
export async function signUp(app: TestApp, partial: Partial<CreateUserBody> = {}) {
  const body = validSignup(partial);
  const res = await app.inject({ method: 'POST', url: '/api/users', payload: body });
  expect(res.statusCode, res.body).toBe(202);
  expect(sessionCookie(res), 'sign-up alone opens no session').toBeUndefined();
  const email = body.email.trim().toLowerCase();
  const verified = await verify(app, email, await latestCode(app, email));
  expect(verified.statusCode, verified.body).toBe(200);
  expect(verified.json<{ created: boolean }>().created, 'verify made the account').toBe(true);
  const cookie = sessionCookie(verified);
  expect(cookie, 'verify sets a session cookie').toBeDefined();
  const { id } = verified.json<{ id: number }>();
  const user = await app.inject({ method: 'GET', url: `/api/users/${id}`, headers: withCookie(cookie) });
  expect(user.statusCode, user.body).toBe(200);
  return { user: user.json<User>(), cookie: cookie! };
}

/**
 * A member who already has an account, made straight in the database with no sign-up mail: for tests
 * that count the mails a later step sends (the login code, the mail queue). Others use signUp.
 */
export async function existingMember(app: TestApp, partial: Partial<CreateUserBody> = {}) {
  return { user: await createUser(app.db, createUserBody.parse(validSignup(partial))) };
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  /** Metadata of the attachments (not their content). */
  attachments?: { filename: string; contentType: string; size: number }[];
  createdAt: string;
}

export async function outbox(app: TestApp, email: string): Promise<OutboxMail[]> {
  const res = await app.inject({ method: 'GET', url: '/api/dev/outbox', query: { to: email } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OutboxMail[]>();
}

/**
 * The 6-digit code in the newest mail to this address, read from the outbox table itself, so it
 * works where the development route is off too (production, SMTP; sent or still queued).
 */
export async function latestCode(app: TestApp, email: string): Promise<string> {
  const [mail] = await app.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email.trim().toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(1);
  const code = mail?.subject.match(/\b(\d{6})\b/)?.[1] ?? mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No login code in the outbox for ${email}`);
  return code;
}

/** POST /api/auth/login, then the code from the outbox, then /api/auth/verify. Returns the session cookie. */
export async function requestCode(app: TestApp, email: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email } });
  expect(res.statusCode, res.body).toBe(200);
  return latestCode(app, email);
}

export function verify(app: TestApp, email: string, code: string) {
  return app.inject({ method: 'POST', url: '/api/auth/verify', payload: { email, code } });
}

export async function loginWithCode(app: TestApp, email: string): Promise<string> {
  const code = await requestCode(app, email);
  const res = await verify(app, email, code);
  expect(res.statusCode, res.body).toBe(200);
  const cookie = sessionCookie(res);
  expect(cookie, 'verify sets a session cookie').toBeDefined();
  return cookie!;
}

/** GET /api/auth/me with a cookie. */
export function me(app: TestApp, cookie: string | undefined) {
  return app.inject({ method: 'GET', url: '/api/auth/me', headers: withCookie(cookie) });
}

export async function userCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}

/** A 400 in the API's bad-input shape: { message, error === message, errors: [{ path, message }] }. */
export function expectBadInput(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json<{ message: string; error: string; errors: { path: string; message: string }[] }>();
  expect(typeof body.message).toBe('string');
  expect(body.message.length).toBeGreaterThan(0);
  expect(body.error).toBe(body.message);
  expect(Array.isArray(body.errors)).toBe(true);
  expect(body.errors.length).toBeGreaterThan(0);
  for (const e of body.errors) {
    expect(typeof e.path).toBe('string');
    expect(typeof e.message).toBe('string');
  }
  return body;
}

/* ------------------------------------------------ events, venues, tickets */

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
