/**
 * A PostgreSQL outage (a restart, a dropped network): requests answer 503 with Retry-After and
 * a clear sentence (never 500), /api/health says the database is down, and once it is back
 * everything works and every write acknowledged before the cut is there.
 *
 * The app reaches PostgreSQL through a small TCP proxy of this test's own, which the test cuts
 * (every connection dropped, new ones refused) and restores. Runs only with DATABASE_URL (CI):
 * the embedded PGlite has no connection to lose (its closed state is covered in health.test.ts
 * and in the classifier's unit test below).
 */
import net from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPostgres, type Database } from '../../db/client';
import { loginCodes, users } from '../../db/schema/index';
import { isDatabaseUnavailable, UNAVAILABLE_MESSAGE } from '../../errors';
import { createTestApp, me, signUp, validSignup, withCookie, type TestContext } from '../../test/harness';

const onPostgres = !!process.env.DATABASE_URL;

/** A TCP proxy to PostgreSQL that can be cut (connections dropped, new ones refused) and restored. */
async function pgProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  let listening = true;
  return {
    port,
    async cut() {
      listening = false;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
    async restore() {
      if (listening) return;
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          resolve();
        });
      });
      listening = true;
    },
    async close() {
      for (const s of sockets) s.destroy();
      if (listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const profileEdit = (bio: string) => ({ name: 'Test Person', age: 30, bio, interests: ['Walking'] });

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown; body: string }, what: string) {
  expect(res.statusCode, `${what}: ${res.body}`).toBe(503);
  expect(res.headers['retry-after'], what).toBe('2');
  expect(res.json(), what).toEqual({ message: UNAVAILABLE_MESSAGE, error: UNAVAILABLE_MESSAGE });
  expect(res.body).not.toMatch(/ECONN|terminated|stack|Error:/);
}

describe('isDatabaseUnavailable', () => {
  it('knows the connection-level failures of pg, pg-pool, net and PGlite, also wrapped by drizzle', () => {
    const coded = (code: string, message = 'x') => Object.assign(new Error(message), { code });
    for (const err of [
      coded('57P01', 'terminating connection due to administrator command'),
      coded('57P02'),
      coded('57P03', 'the database system is starting up'),
      coded('08006'),
      coded('08001'),
      coded('ECONNREFUSED'),
      coded('ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Connection terminated due to connection timeout'),
      new Error('timeout exceeded when trying to connect'),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('PGlite is closed'),
      new AggregateError([coded('ECONNREFUSED'), coded('ECONNREFUSED')]),
      new Error('Failed query: select 1\nparams: ', { cause: coded('57P01') }),
    ]) {
      expect(isDatabaseUnavailable(err), String(err.message || (err as { code?: string }).code)).toBe(true);
    }
  });

  it('leaves the faults of a request or of our code alone', () => {
    const coded = (code: string) => Object.assign(new Error('x'), { code });
    for (const err of [
      coded('23505'),
      coded('22P02'),
      coded('40001'),
      coded('42P01'),
      new Error('Something else'),
      new TypeError('x is undefined'),
      null,
      undefined,
      'a string',
    ]) {
      expect(isDatabaseUnavailable(err)).toBe(false);
    }
  });
});

describe.skipIf(!onPostgres)('a PostgreSQL outage through a TCP proxy the test cuts (needs DATABASE_URL: PGlite has no connection to lose)', () => {
  let direct: TestContext;
  let throughProxy: Database;
  let t: TestContext;
  let proxy: Awaited<ReturnType<typeof pgProxy>>;

  beforeAll(async () => {
    // A fresh clone, reached directly (to check what was stored) and through the proxy (the app).
    direct = await createTestApp();
    const [row] = ((await direct.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows;
    const url = new URL(process.env.DATABASE_URL!);
    proxy = await pgProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = '127.0.0.1';
    url.port = String(proxy.port);
    url.pathname = `/${row!.name}`;
    throughProxy = openPostgres(url.toString(), { max: 5, connectionTimeoutMillis: 1_000 });
    t = await createTestApp({ shareDatabaseWith: { database: throughProxy } as TestContext });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.restore().catch(() => {});
    await throughProxy?.close().catch(() => {});
    await proxy?.close();
    await direct?.close();
  });

  it('answers 503 with Retry-After during the cut (never 500), says so on /api/health, and loses no acknowledged write', async () => {
    // Before: acknowledged writes.
    const before = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    const profile = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${before[0]!.user.id}`,
      headers: withCookie(before[0]!.cookie),
      payload: profileEdit('Written just before the outage.'),
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    // Writes racing the cut: each is either acknowledged (and then kept) or refused with 503.
    const racing = Array.from({ length: 12 }, () => validSignup());
    const racingAnswers = Promise.all(racing.map((body) => t.app.inject({ method: 'POST', url: '/api/users', payload: body })));
    await proxy.cut();
    const raced = await racingAnswers;
    for (const res of raced) expect([202, 503], res.body).toContain(res.statusCode);

    // During the cut: reads, writes, the session check, health.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe('2');
    expect(health.json()).toEqual({ status: 'unavailable', database: 'down', message: 'The database is unreachable' });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'not_ready', reason: 'database_down', message: 'The database is unreachable' });

    expectUnavailable(await me(t.app, before[1]!.cookie), 'GET /api/auth/me');
    expectUnavailable(await t.app.inject({ method: 'POST', url: '/api/users', payload: validSignup() }), 'POST /api/users');
    expectUnavailable(
      await t.app.inject({ method: 'GET', url: `/api/users/${before[2]!.user.id}`, headers: withCookie(before[2]!.cookie) }),
      'GET /api/users/:id',
    );
    expectUnavailable(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: before[2]!.user.email } }), 'POST /api/auth/login');
    const burst = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 3 === 0
          ? t.app.inject({ method: 'GET', url: '/api/events' })
          : i % 3 === 1
            ? me(t.app, before[i % before.length]!.cookie)
            : t.app.inject({
                method: 'PUT',
                url: `/api/users/${before[0]!.user.id}`,
                headers: withCookie(before[0]!.cookie),
                payload: profileEdit(`Written during the outage ${i}.`),
              }),
      ),
    );
    for (const res of burst) {
      expect(res.statusCode, res.body).not.toBe(500);
      // A listing may come from the in-process cache (200); anything reaching the database is 503.
      if (res.statusCode !== 200) expectUnavailable(res, 'burst');
    }

    // After: everything works again, and every acknowledged write is there.
    await proxy.restore();
    // Nothing announces the recovery (the pool opens a connection when asked): the health route is asked until it answers.
    await vi.waitFor(
      async () => expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode, 'the app recovers within 15 s of the restore').toBe(200),
      {
        timeout: 15_000,
        interval: 100,
      },
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    for (const m of before) expect((await me(t.app, m.cookie)).statusCode).toBe(200);
    const after = await signUp(t.app);
    expect(after.user.id).toBeGreaterThan(0);

    const acknowledged = before.map((m) => m.user.email);
    const stored = await direct.db.select({ email: users.email }).from(users).where(inArray(users.email, acknowledged));
    expect(stored.map((r) => r.email).sort()).toEqual([...acknowledged].sort());
    // An acknowledged sign-up is a code waiting with its answers (docs/decisions/0070): each one kept.
    const pending = racing.filter((_, i) => raced[i]!.statusCode === 202).map((b) => b.email);
    if (pending.length) {
      const codes = await direct.db.select({ email: loginCodes.email }).from(loginCodes).where(inArray(loginCodes.email, pending));
      expect(codes.map((r) => r.email).sort()).toEqual([...pending].sort());
    }
    const [first] = await direct.db.select({ bio: users.bio }).from(users).where(eq(users.id, before[0]!.user.id));
    // The acknowledged edit, not a refused one made during the outage.
    expect(first!.bio).toBe('Written just before the outage.');
  });
});
