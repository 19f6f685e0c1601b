/**
 * Helpers for the live-evening tests: a real listening server, real `ws` clients carrying the
 * session cookie, an evening with registered and checked-in guests, and a way to make a round
 * run out without waiting five minutes (move `ends_at` in the database, then let the server's
 * own scheduler find it).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';
import WebSocket from 'ws';
import { applyCommand, type TimerState } from '@shared/domain/timer';
import { serverMessage, type ServerMessage, type TimerStateMessage } from '@shared/realtime';
import type { CreateUserBody, User } from '@shared/schemas/users';
import type { Event } from '@shared/schemas/events';
import { buildApp } from '../app';
import { openPglite, openPostgres, type Database, type Db } from '../db/client';
import { eventTimers, rotations } from '../db/schema/index';
import { loadConfig } from '../env';
import { CHECKINS_NEWS_EVERY_MS } from '../modules/live/bus';
import { toState } from '../modules/live/queries';
import {
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  registerFor,
  signUpHost,
  signUpMany,
  withCookie,
  type TestApp,
  type TestAppOverrides,
  type TestContext,
} from './harness';

export interface Member {
  user: User;
  cookie: string;
}

/* ------------------------------------------------------------ servers */

/** Listen on a random local port; returns the ws:// base URL. */
export async function listen(app: TestApp): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}`;
}

/** The same test configuration as harness.ts, for apps built on a database a test opens itself. */
const LIVE_TEST_ENV: Record<string, string> = {
  NODE_ENV: 'test',
  ADMIN_EMAILS: 'admin@test.example',
  AUTH_RATE_LIMIT: '10000',
  LOG_LEVEL: 'silent',
  DATA_DIR: '/nonexistent-test-data-dir',
};

/** buildApp() on a database the test manages (restart tests), with an optional faster due-transition poll. */
export async function buildLiveApp(database: Database, opts: { livePollMs?: number } = {}): Promise<TestApp> {
  const app = await buildApp({ config: loadConfig(LIVE_TEST_ENV), database, logger: false, ...(opts.livePollMs ? { livePollMs: opts.livePollMs } : {}) });
  await app.ready();
  return app;
}

/**
 * A database that outlives the apps built on it, for restart tests: each open() is a new
 * connection to the same data, as a restarted process would make.
 * - On PGlite: a data DIRECTORY, loaded from the run's template dump; open() opens it afresh.
 * - On PostgreSQL: a clone from the harness; open() makes a new pool on its URL.
 */
export async function restartableDatabase(): Promise<{ kind: 'pglite' | 'postgres'; open(): Promise<Database>; dispose(): Promise<void> }> {
  const info = inject('testDatabase');
  if (info.kind === 'pglite') {
    const dir = mkdtempSync(path.join(tmpdir(), 'sf-live-restart-'));
    let fresh = true;
    return {
      kind: 'pglite',
      async open() {
        const blob = fresh ? new Blob([readFileSync(info.templateFile)]) : undefined;
        fresh = false;
        return openPglite(dir, blob ? { loadDataDir: blob } : {});
      },
      async dispose() {
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const holder = await createTestApp();
  // Only its database is wanted: its app must not run the timers while "our" server is down.
  await holder.app.close();
  const url = holder.database.pool!.options.connectionString!;
  return { kind: 'postgres', open: async () => openPostgres(url, { max: 5 }), dispose: () => holder.close() };
}

/* ------------------------------------------------------------ sockets */

export interface LiveClient {
  ws: WebSocket;
  /** Every parsed message, in order of arrival. */
  messages: ServerMessage[];
  /** Resolves with the first not-yet-taken message matching, waiting up to `timeoutMs`. */
  next<T extends ServerMessage['type']>(
    type: T,
    timeoutMs?: number,
    where?: (m: Extract<ServerMessage, { type: T }>) => boolean,
  ): Promise<Extract<ServerMessage, { type: T }>>;
  /** Messages of this type received so far. */
  count(type: ServerMessage['type']): number;
  send(m: unknown): void;
  sendRaw(data: string): void;
  close(): Promise<void>;
}

export interface SocketQuery {
  eventId: number | string;
  userId: number | string;
  isHost?: boolean | string;
}

export const wsUrl = (base: string, q: SocketQuery) => {
  const params = new URLSearchParams({ eventId: String(q.eventId), userId: String(q.userId) });
  if (q.isHost !== undefined) params.set('isHost', String(q.isHost));
  return `${base}/ws?${params}`;
};

/**
 * Open a socket with the session cookie and wait until it is open. Every message is parsed
 * with the shared union (a message that does not parse fails the test).
 */
export function connectLive(base: string, q: SocketQuery, cookie: string | undefined, onOpen?: (ws: WebSocket) => void): Promise<LiveClient> {
  const ws = new WebSocket(wsUrl(base, q), { headers: withCookie(cookie) });
  const messages: ServerMessage[] = [];
  const taken = new Set<number>();
  const waiters: (() => void)[] = [];
  ws.on('message', (raw) => {
    const parsed = serverMessage.safeParse(JSON.parse(String(raw)));
    if (!parsed.success) throw new Error(`unparseable server message: ${String(raw)}`);
    messages.push(parsed.data);
    waiters.splice(0).forEach((w) => w());
  });
  const client: LiveClient = {
    ws,
    messages,
    next(type, timeoutMs = 2000, where) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const i = messages.findIndex((m, k) => !taken.has(k) && m.type === type && (!where || where(m as never)));
          if (i < 0) return false;
          taken.add(i);
          clearTimeout(timer);
          resolve(messages[i] as never);
          return true;
        };
        const timer = setTimeout(() => {
          const idx = waiters.indexOf(wait);
          if (idx >= 0) waiters.splice(idx, 1);
          reject(new Error(`no ${type} within ${timeoutMs} ms; got ${JSON.stringify(messages.map((m) => m.type))}`));
        }, timeoutMs);
        const wait = () => {
          if (!look()) waiters.push(wait);
        };
        wait();
      });
    },
    count: (type) => messages.filter((m) => m.type === type).length,
    send: (m) => ws.send(JSON.stringify(m)),
    sendRaw: (data) => ws.send(data),
    close: () =>
      new Promise<void>((resolve) => {
        if (ws.readyState === ws.CLOSED) return resolve();
        ws.once('close', () => resolve());
        ws.close();
      }),
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      onOpen?.(ws);
      resolve(client);
    });
    ws.once('unexpected-response', (_req, res) => reject(new Error(`socket refused with ${res.statusCode}`)));
    ws.once('error', reject);
  });
}

/** Connect and take the first message, which must be timer_sync. */
/**
 * For a test file of live sockets: a test app listening on a free port before its tests (handed
 * to `ready`), the sockets opened through `join` closed after each test, the app closed after all.
 */
export function liveTestServer(ready: (server: { t: TestContext; base: string }) => void, overrides: TestAppOverrides = {}) {
  let t: TestContext | undefined;
  const clients: LiveClient[] = [];
  beforeAll(async () => {
    t = await createTestApp(overrides);
    ready({ t, base: await listen(t.app) });
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(() => t?.close());
  return {
    /** joinLive, and the client is closed after the test. */
    async join(...args: Parameters<typeof joinLive>) {
      const r = await joinLive(...args);
      clients.push(r.client);
      return r;
    },
    /** Close this client (opened some other way) after the test. */
    keep(client: LiveClient) {
      clients.push(client);
      return client;
    },
  };
}

export async function joinLive(base: string, q: SocketQuery, cookie: string | undefined) {
  const client = await connectLive(base, q, cookie);
  const sync = await client.next('timer_sync');
  expect(client.messages[0]?.type).toBe('timer_sync');
  return { client, sync };
}

/** Try to open a socket that should be refused; resolves with the HTTP status and body of the refusal. */
export function refusal(
  base: string,
  q: SocketQuery,
  cookie: string | undefined,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: string }> {
  const ws = new WebSocket(wsUrl(base, q), { headers: { ...withCookie(cookie), ...headers } });
  return new Promise((resolve, reject) => {
    ws.once('open', () => {
      ws.close();
      reject(new Error('the socket was accepted'));
    });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += String(c)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.once('error', (err) => reject(err));
  });
}

/** Messages a client gets within `ms` (to show that something did NOT arrive). */
export const quietFor = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * How long a test waits for check-in news to a host's socket: the hosts hear at most one a second
 * per evening (docs/decisions/0138), so news after the first is owed to the end of its second;
 * with room for a loaded machine.
 */
export const HOSTS_CHECKIN_NEWS_WAIT_MS = CHECKINS_NEWS_EVERY_MS + 4_000;
export { CHECKINS_NEWS_EVERY_MS };

/**
 * Show that nothing more is on its way to these sockets without waiting a while
 * (docs/decisions/0095-tests-wait-for-events-not-time.md): say one thing more on the bus
 * (guide_updated, which every socket of the evening hears, hosts and guests) and wait for it on
 * each. The bus delivers in the order said, and what it carries whole (host messages, reads,
 * check-ins) is written to the sockets as it is heard, so anything said before has arrived by then.
 * Timer changes are read back before they are written: this does not cover them; nor the hosts'
 * check-in news owed to the end of its second (HOSTS_CHECKIN_NEWS_WAIT_MS).
 */
export async function heardAfter(app: TestApp, eventId: number, clients: LiveClient[]) {
  await app.bus.publish({ eventId, kind: 'guide_updated' });
  await Promise.all(clients.map((c) => c.next('guide_updated')));
}

/* ------------------------------------------------------------ evenings */

export interface Evening {
  event: Event;
  host: Member;
  guests: Member[];
  /** The first `checkedIn` guests, checked in by the host. */
  present: Member[];
}

/** A free evening three days ahead: a host, `guests` registered members, the first `checkedIn` of them checked in. */
export async function setUpEvening(
  t: Pick<TestContext, 'app' | 'db'>,
  opts: { guests: number; checkedIn?: number; guest?: Partial<CreateUserBody> },
): Promise<Evening> {
  const host = (await signUpHost(t)) as Member;
  const venue = await createVenue(t.app, host.cookie);
  const event = await createEvent(t.app, host.cookie, eventBody(venue.id, { price: 0 }));
  const guests = (await signUpMany(t.app, opts.guests, { contactInfo: '07700 900123', ...opts.guest })) as Member[];
  for (const g of guests) {
    const res = await registerFor(t.app, event.id, g);
    expect(res.statusCode, res.body).toBe(201);
  }
  const present = guests.slice(0, opts.checkedIn ?? opts.guests);
  for (const g of present) await checkIn(t.app, event.id, host, g);
  return { event, host, guests, present };
}

export async function checkIn(app: TestApp, eventId: number, host: Member, guest: Member) {
  const res = await app.inject({ method: 'POST', url: `/api/events/${eventId}/checkin`, headers: withCookie(host.cookie), payload: { userId: guest.user.id } });
  expect(res.statusCode, res.body).toBe(200);
}

/** A host's timer command over HTTP; expects 200. */
export async function hostTimer(app: TestApp, ev: Evening, type: 'start_timer' | 'next_round' | 'end_event' | 'pause_timer') {
  const res = await app.inject({ method: 'POST', url: `/api/events/${ev.event.id}/timer`, headers: withCookie(ev.host.cookie), payload: { type } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TimerStateMessage>();
}

/** The rounds planned for the evening so far. */
async function plannedRounds(db: Db, eventId: number) {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${rotations.round}), 0)::int` })
    .from(rotations)
    .where(eq(rotations.eventId, eventId));
  return Number(row?.n ?? 0);
}

/**
 * The host holds `rounds` rounds of the evening (all planned rounds when omitted): start, then Next
 * Round. A rating is only taken for a conversation that took place (docs/decisions/0063), so tests
 * that rate hold the rounds first. Returns the last state.
 */
export async function holdRounds(t: Pick<TestContext, 'app' | 'db'>, ev: Evening, rounds?: number) {
  let state = await hostTimer(t.app, ev, 'start_timer');
  const until = rounds ?? (await plannedRounds(t.db, ev.event.id));
  while (state.currentRound < until) state = await hostTimer(t.app, ev, 'next_round');
  return state;
}

/** GET /api/events/:id/timer as this member; expects 200. */
export async function httpTimer(app: TestApp, eventId: number, cookie: string): Promise<TimerStateMessage> {
  const res = await app.inject({ method: 'GET', url: `/api/events/${eventId}/timer`, headers: withCookie(cookie) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TimerStateMessage>();
}

/**
 * Make the running phase (round or grace) end `ms` from now, straight in the database: a stand-in
 * for time passing, so the version stays (as the clock moving does not change it).
 */
export async function endPhaseIn(db: Db, eventId: number, ms: number) {
  await db
    .update(eventTimers)
    .set({ endsAt: sql`now() + ${ms} * interval '1 millisecond'` })
    .where(eq(eventTimers.eventId, eventId));
}

export async function timerRow(db: Db, eventId: number) {
  return (await db.select().from(eventTimers).where(eq(eventTimers.eventId, eventId)))[0]!;
}

/** Poll `fn` until it returns a truthy value, or fail after `timeoutMs`. */
export async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 3000, what = 'condition'): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Seconds left by a state message, as a client counting down locally would show it at `now`. */
export const remainingAt = (m: TimerStateMessage, now = Date.now()) => (m.endsAt === null ? m.timeRemaining : (m.endsAt - now) / 1000);

/** A round start as `queries.startRoundIf` takes it: the version it expects, the state it writes. */
export interface PendingRoundStart {
  eventId: number;
  version: number;
  state: TimerState;
}

/**
 * Start round 1 of each evening through its host's HTTP API, and work out (without writing it)
 * the round start its host's Next Round would write next.
 */
export async function roundOneStarted(t: Pick<TestContext, 'app' | 'db'>, evenings: Evening[]): Promise<PendingRoundStart[]> {
  const starts: PendingRoundStart[] = [];
  for (const ev of evenings) {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${ev.event.id}/timer`,
      headers: withCookie(ev.host.cookie),
      payload: { type: 'start_timer' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const stored = toState(await timerRow(t.db, ev.event.id));
    const r = applyCommand(stored, { type: 'next_round' }, Date.now());
    if (!r.ok) throw new Error(r.error);
    starts.push({ eventId: ev.event.id, version: stored.version, state: r.state });
  }
  return starts;
}
