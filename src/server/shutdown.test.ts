/**
 * SIGTERM to the real server process (src/server/main.ts, docs/decisions/0036) while ratings are in
 * flight: the listener closes (new connections refused), a request already being received is
 * answered, phones get 1012 (reconnect now), and the process exits 0 within SHUTDOWN_TIMEOUT_MS.
 * Afterwards the database holds every rating that got a 2xx; the others failed cleanly (503 or a
 * refused connection, never a 500), and retrying them stores each pair once. A request that never
 * finishes cannot hold the process: it exits 1 after the bound, and says so.
 *
 * The evening is prepared in this process (buildApp + inject), the database closed, then the server
 * is started on it as a child process, as `npm start` runs it (node, main.ts); on PostgreSQL a clone
 * of the test template, on the embedded database a data directory of its own.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import WebSocket from 'ws';
import { openPglite, openPostgres, type Database } from './db/client';
import { ratings } from './db/schema/index';
import { createTestApp, withCookie, type TestContext } from './test/harness';
import { buildLiveApp, holdRounds, setUpEvening, wsUrl, type Evening } from './test/live-helpers';

const root = path.resolve(import.meta.dirname, '../..');

/** Where the server's data lives, in a form both this process and the child can open (one at a time). */
interface Store {
  env: Record<string, string>;
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

async function makeStore(): Promise<Store> {
  const info = inject('testDatabase');
  if (info.kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sf-shutdown-'));
    const dir = path.join(dataDir, 'pglite'); // where main.ts opens it (src/server/database.ts)
    let fresh = true;
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      async open() {
        const blob = fresh ? new Blob([readFileSync(info.templateFile)]) : undefined;
        fresh = false;
        return openPglite(dir, blob ? { loadDataDir: blob } : {});
      },
      async dispose() {
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const holder: TestContext = await createTestApp();
  await holder.app.close();
  const url = holder.database.pool!.options.connectionString!;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'sf-shutdown-'));
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    open: async () => openPostgres(url, { max: 3 }),
    async dispose() {
      await holder.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Server {
  child: ChildProcess;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; at: number }>;
}

/** The server as a process of its own, on a free port; resolves once it listens. */
async function startServer(store: Store, env: Record<string, string>): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      SMTP_URL: '',
      PUBLIC_URL: '',
      METRICS_TOKEN: '',
      ...store.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => child.once('exit', (code) => resolve({ code, at: Date.now() })));
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not listen within 90 s:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const m = output.match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
      if (m) {
        clearTimeout(timer);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then(({ code }) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${output}`));
    });
  });
  return { child, port, output: () => output, exited };
}

/** Whether a new TCP connection to the port is refused. */
const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(false);
    });
    s.once('error', () => resolve(true));
  });

/** An answer (with its Connection header, and whether it came on a kept-alive connection), or the network error the client saw. */
type Outcome = { status: number; body: string; connection?: string; reused: boolean } | { error: string };

/** POST a rating over HTTP; the answer, or the network error the client saw. */
function postRating(agent: http.Agent, port: number, eventId: number, rater: Evening['guests'][0], ratedId: number, rating: number): Promise<Outcome> {
  const body = JSON.stringify({ raterId: rater.user.id, ratedId, rating });
  return new Promise((resolve) => {
    const req = http.request(
      {
        agent,
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: `/api/events/${eventId}/ratings`,
        headers: withCookie(rater.cookie, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }),
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, connection: res.headers.connection, reused: req.reusedSocket }));
        res.on('error', (err) => resolve({ error: err.message }));
      },
    );
    req.on('error', (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
    req.end(body);
  });
}

/** A rating whose body is sent in two halves: its request is in flight (headers received) until `finish()`. */
function slowRating(port: number, eventId: number, rater: Evening['guests'][0], ratedId: number, rating: number) {
  const body = JSON.stringify({ raterId: rater.user.id, ratedId, rating });
  const half = Math.floor(body.length / 2);
  // `Expect: 100-continue`: the server answers "100 Continue" once it has parsed the headers, so
  // `inFlight` says the request is in the server's hands (not a guess with a sleep).
  const req = http.request({
    agent: false,
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/events/${eventId}/ratings`,
    headers: withCookie(rater.cookie, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), expect: '100-continue' }),
  });
  const answer = new Promise<Outcome>((resolve) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text, reused: false }));
    });
    req.on('error', (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
  });
  const inFlight = new Promise<void>((resolve) => req.once('continue', () => resolve()));
  void inFlight.then(() => req.write(body.slice(0, half)));
  req.flushHeaders();
  return { answer, inFlight, finish: () => inFlight.then(() => req.end(body.slice(half))), abandon: () => req.destroy() };
}

/** A guest's live socket: resolves once it has its first state; `closed` gives the close code. */
function openSocket(port: number, eventId: number, guest: Evening['guests'][0]) {
  const ws = new WebSocket(wsUrl(`ws://127.0.0.1:${port}`, { eventId, userId: guest.user.id }), { headers: withCookie(guest.cookie) });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  const synced = new Promise<void>((resolve, reject) => {
    ws.once('message', () => resolve());
    ws.once('error', reject);
  });
  return { ws, closed, synced };
}

describe('SIGTERM to the server process with ratings in flight', () => {
  let store: Store;
  let ev: Evening;
  const servers: Server[] = [];

  beforeAll(async () => {
    store = await makeStore();
    const database = await store.open();
    try {
      const app = await buildLiveApp(database);
      try {
        ev = await setUpEvening({ app, db: database.db }, { guests: 10 });
        await holdRounds({ app, db: database.db }, ev); // nine rounds: each two of them talk once
      } finally {
        await app.close();
      }
    } finally {
      await database.close();
    }
  }, 120_000);

  afterAll(async () => {
    for (const s of servers) {
      if (s.child.exitCode === null && s.child.signalCode === null) {
        s.child.kill('SIGKILL');
        await s.exited;
      }
    }
    await store?.dispose();
  });

  /** Every ordered pair of guests, each with its own score. */
  const pairs = () => ev.guests.flatMap((a, i) => ev.guests.flatMap((b, j) => (i === j ? [] : [{ rater: a, ratedId: b.user.id, rating: ((i + j) % 5) + 1 }])));

  it('answers what is in flight, refuses new connections, tells phones 1012, exits 0 within the bound, and loses no acknowledged rating', async () => {
    const TIMEOUT_MS = 20_000;
    const server = await startServer(store, { SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS) });
    servers.push(server);
    const { port } = server;

    const sockets = ev.guests.slice(0, 4).map((g) => openSocket(port, ev.event.id, g));
    await Promise.all(sockets.map((s) => s.synced));

    // One pair is kept for the slow request; its first half is in the server before the signal.
    const [slowPair, ...burstPairs] = pairs();
    const slow = slowRating(port, ev.event.id, slowPair!.rater, slowPair!.ratedId, slowPair!.rating);
    let slowDone = false;
    void slow.answer.then(() => (slowDone = true));
    await slow.inFlight;

    // The burst: 16 connections at a time, the rest queued in the client, as a busy room's phones.
    const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
    let answered = 0;
    let signalled!: () => void;
    const signalSent = new Promise<void>((resolve) => (signalled = resolve));
    let killedAt = 0;
    const outcomes = burstPairs.map((p) =>
      postRating(agent, port, ev.event.id, p.rater, p.ratedId, p.rating).then((o) => {
        if (++answered === 20) {
          killedAt = Date.now();
          server.child.kill('SIGTERM');
          signalled();
        }
        return o;
      }),
    );
    await signalSent;

    // New connections are refused while the slow request is still being received (the process is held
    // by it: it cannot have exited). How soon depends on how busy the machine is; the bound is generous.
    let refusedAt = 0;
    await vi
      .waitFor(
        async () => {
          if (!(await refused(port))) throw new Error('still accepted');
          refusedAt = Date.now();
        },
        { timeout: TIMEOUT_MS / 2, interval: 20 },
      )
      .catch(() => {});
    expect(refusedAt, `a new connection was refused within ${TIMEOUT_MS / 2} ms of the signal`).toBeGreaterThan(0);
    expect(slowDone, 'the slow request is still in flight').toBe(false);
    expect(server.child.exitCode, 'the process waits for the request in flight').toBeNull();

    // The phones were told to reconnect now.
    expect(await Promise.all(sockets.map((s) => s.closed))).toEqual(sockets.map(() => 1012));

    // The rest of the slow request's body: it is answered, and stored.
    slow.finish();
    const slowAnswer = await slow.answer;
    expect(slowAnswer, JSON.stringify(slowAnswer)).toMatchObject({ status: 201 });

    const results = await Promise.all(outcomes);
    agent.destroy();
    const { code, at } = await server.exited;
    expect(code, server.output()).toBe(0);
    expect(at - killedAt, 'exited within SHUTDOWN_TIMEOUT_MS').toBeLessThan(TIMEOUT_MS);
    expect(server.output()).toMatch(/SIGTERM received, shutting down/);
    expect(server.output()).toMatch(/shut down cleanly in \d+ ms/);
    expect(server.output()).not.toMatch(/"level":50/);

    // Each answer is an acknowledgement (201) or a clean refusal: 503 from the closing server, or the
    // connection refused or closed before an answer. Never a 500.
    const acknowledged = burstPairs.filter((_, i) => 'status' in results[i]! && (results[i] as { status: number }).status === 201);
    const unanswered = burstPairs.filter((_, i) => !('status' in results[i]!) || (results[i] as { status: number }).status !== 201);
    for (const r of results) {
      if ('status' in r) expect([201, 503], r.body).toContain(r.status);
      else expect(['ECONNREFUSED', 'ECONNRESET', 'socket hang up', 'EPIPE'], r.error).toContain(r.error);
    }
    console.log(
      `shutdown: ${acknowledged.length} ratings acknowledged, ${unanswered.length} not (${results.filter((r) => 'error' in r).length} refused or cut, ${results.filter((r) => 'status' in r && r.status === 503).length} answered 503); new connections refused ${refusedAt - killedAt} ms after the signal, exit after ${at - killedAt} ms`,
    );
    expect(acknowledged.length).toBeGreaterThanOrEqual(20);
    expect(unanswered.length, 'the signal came while the burst was under way').toBeGreaterThan(0);

    // In the database: every acknowledged rating, with its score.
    const database = await store.open();
    try {
      const stored = await database.db
        .select({ raterId: ratings.raterId, ratedId: ratings.ratedId, rating: ratings.rating })
        .from(ratings)
        .where(eq(ratings.eventId, ev.event.id));
      const byPair = new Map(stored.map((r) => [`${r.raterId}>${r.ratedId}`, r.rating]));
      for (const p of [slowPair!, ...acknowledged]) expect(byPair.get(`${p.rater.user.id}>${p.ratedId}`), `${p.rater.user.id}>${p.ratedId}`).toBe(p.rating);

      // A phone retries what got no 2xx (the offline outbox does): safe, one rating per pair.
      const app = await buildLiveApp(database);
      try {
        for (const p of unanswered) {
          const res = await app.inject({
            method: 'POST',
            url: `/api/events/${ev.event.id}/ratings`,
            headers: withCookie(p.rater.cookie),
            payload: { raterId: p.rater.user.id, ratedId: p.ratedId, rating: p.rating },
          });
          expect(res.statusCode, res.body).toBe(201);
        }
      } finally {
        await app.close();
      }
      const all = await database.db
        .select({ raterId: ratings.raterId, ratedId: ratings.ratedId, rating: ratings.rating })
        .from(ratings)
        .where(eq(ratings.eventId, ev.event.id));
      expect(all).toHaveLength(pairs().length);
      expect(new Map(all.map((r) => [`${r.raterId}>${r.ratedId}`, r.rating]))).toEqual(
        new Map(pairs().map((p) => [`${p.rater.user.id}>${p.ratedId}`, p.rating])),
      );
    } finally {
      await database.close();
    }
  }, 180_000);

  it('keeps the open connections for what is still sent on them: a proxy never has one closed under a request (decision 0132)', async () => {
    const server = await startServer(store, { SHUTDOWN_TIMEOUT_MS: '20000' });
    servers.push(server);
    const { port } = server;
    const [g0, g1] = ev.guests;
    // Two connections as a proxy pools them: each carried one request and sits idle, kept alive.
    const poolFor = () => new http.Agent({ keepAlive: true, maxSockets: 1 });
    const forRating = poolFor();
    const forSocket = poolFor();
    const score = 2; // ((0 + 1) % 5) + 1: the first test's, so the stored ratings stay as it left them
    expect(await postRating(forRating, port, ev.event.id, g0!, g1!.user.id, score)).toMatchObject({ status: 201 });
    const socketPath = new URL(wsUrl(`ws://127.0.0.1:${port}`, { eventId: ev.event.id, userId: g0!.user.id }));
    const get = (agent: http.Agent, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; connection?: string; reused: boolean } | { error: string }>((resolve) => {
        const req = http.get({
          agent,
          host: '127.0.0.1',
          port,
          path: socketPath.pathname + socketPath.search,
          headers: withCookie(g0!.cookie, headers),
        });
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, reused: req.reusedSocket }));
        });
        req.on('upgrade', (res, socket) => {
          socket.destroy();
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, reused: req.reusedSocket });
        });
        req.on('error', (err) => resolve({ error: (err as NodeJS.ErrnoException).code ?? err.message }));
      });
    // A plain GET of /ws (no upgrade) is a 4xx that keeps its connection: the second pooled connection.
    const plain = await get(forSocket);
    expect(plain, JSON.stringify(plain)).toMatchObject({ reused: false });

    const killedAt = Date.now();
    server.child.kill('SIGTERM');
    await vi.waitFor(
      async () => {
        if (!(await refused(port))) throw new Error('still accepted');
      },
      { timeout: 10_000, interval: 20 },
    );
    // The listener is closed; the pooled connections are still there, and what a proxy sends on them is
    // answered, each answer closing its connection: the rating is stored (not a 502 for nginx to give
    // the phone), a socket upgrade is refused 503 for the proxy to try the other instance.
    const rating = await postRating(forRating, port, ev.event.id, g0!, g1!.user.id, score);
    expect(rating, JSON.stringify(rating)).toMatchObject({ status: 201, connection: 'close', reused: true });
    const upgrade = await get(forSocket, {
      connection: 'Upgrade',
      upgrade: 'websocket',
      'sec-websocket-version': '13',
      'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
    });
    expect(upgrade, JSON.stringify(upgrade)).toEqual({ status: 503, connection: 'close', reused: true });

    // No connection is left, so the process goes on at once rather than waiting out the drain.
    const { code, at } = await server.exited;
    forRating.destroy();
    forSocket.destroy();
    expect(code, server.output()).toBe(0);
    expect(server.output()).toMatch(/connections drained in \d+ ms"/);
    expect(at - killedAt, server.output()).toBeLessThan(15_000);
  }, 180_000);

  it('exits 1 after SHUTDOWN_TIMEOUT_MS when a request never finishes, and says so', async () => {
    const TIMEOUT_MS = 1_500;
    const server = await startServer(store, { SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS) });
    servers.push(server);
    const g = ev.guests[0]!;
    const stuck = slowRating(server.port, ev.event.id, g, ev.guests[1]!.user.id, 5);
    await stuck.inFlight;
    const killedAt = Date.now();
    server.child.kill('SIGTERM');
    const { code, at } = await server.exited;
    stuck.abandon();
    expect(code, server.output()).toBe(1);
    expect(at - killedAt).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
    expect(at - killedAt).toBeLessThan(TIMEOUT_MS + 2_000);
    expect(server.output()).toContain(`shutdown not finished after SHUTDOWN_TIMEOUT_MS (${TIMEOUT_MS} ms): exiting now`);

    // The stuck request (a 5) was never acknowledged, nor stored: the score of the first test stands.
    const database = await store.open();
    try {
      const [row] = await database.db
        .select({ rating: ratings.rating })
        .from(ratings)
        .where(and(eq(ratings.eventId, ev.event.id), eq(ratings.raterId, g.user.id), eq(ratings.ratedId, ev.guests[1]!.user.id)));
      expect(row?.rating).toBe(2); // ((0 + 1) % 5) + 1, from the first test
    } finally {
      await database.close();
    }
  }, 180_000);
});
