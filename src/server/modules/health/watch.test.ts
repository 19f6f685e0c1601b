/**
 * A database outage in the log (docs/decisions/0087): one line when it starts, one when it ends
 * ("database back after 12 s"), however many probes (a load balancer asks twice a second) and
 * requests meet it meanwhile. The whole app, logging JSON lines as in production.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, signUp, withCookie, type TestContext } from '../../test/harness';

type Line = Record<string, unknown>;

async function loggedApp(t: TestContext, now?: () => Date) {
  const lines: Line[] = [];
  const app = await buildApp({
    config: t.config,
    database: t.database,
    logger: { level: 'info', stream: { write: (l: string) => void lines.push(JSON.parse(l) as Line) } },
    clientDir: '/nonexistent-test-client-dir',
    livePlanAhead: false,
    ...(now ? { now } : {}),
  });
  await app.ready();
  return { app, lines };
}

describe('a database outage is logged once when it starts and once when it ends', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('across 40 probes of /api/health and /api/health/ready: two lines, the second with its length', async () => {
    let clock = Date.UTC(2026, 10, 28, 21, 0, 0);
    const { app, lines } = await loggedApp(t, () => new Date(clock));
    const database = app.database;
    const ping = database.ping;
    try {
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      database.ping = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
      // Twenty rounds of both probes, 0.6 s apart on the app's clock: 12 s of outage.
      for (let i = 0; i < 20; i++) {
        expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
        const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
        expect(ready.json()).toMatchObject({ reason: 'database_down' });
        clock += 600;
      }
      expect(app.databaseWatch.down).toBe(true);
      database.ping = ping;
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
      expect(app.databaseWatch.down).toBe(false);
    } finally {
      database.ping = ping;
      await app.close();
    }
    expect(lines.map((l) => [l.level, l.msg])).toEqual([
      [40, expect.stringMatching(/^the database is unreachable/)],
      [30, 'database back after 12 s'],
    ]);
    expect(lines[0]).toMatchObject({ err: { message: 'connect ECONNREFUSED 127.0.0.1:5432' } });
    expect(lines[1]).toMatchObject({ outageMs: 12_000 });
  });

  it('a short outage is measured in tenths of a second', async () => {
    let clock = Date.UTC(2026, 10, 28, 21, 0, 0);
    const { app, lines } = await loggedApp(t, () => new Date(clock));
    const database = app.database;
    const ping = database.ping;
    try {
      database.ping = () => Promise.reject(new Error('Connection terminated unexpectedly'));
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(503);
      clock += 1_400;
      database.ping = ping;
      expect((await app.inject({ method: 'GET', url: '/api/health/ready' })).statusCode).toBe(200);
    } finally {
      database.ping = ping;
      await app.close();
    }
    expect(lines.map((l) => l.msg)).toEqual([expect.stringMatching(/^the database is unreachable/), 'database back after 1.4 s']);
  });

  // A closed PGlite fails every query as an outage does ('PGlite is closed'); a closed pg pool fails
  // otherwise (outage.test.ts cuts a real PostgreSQL connection instead).
  it.skipIf(inject('testDatabase').kind !== 'pglite')('requests answered 503 during the outage add one line each (their own), not a warning each', async () => {
    const own = await createTestApp();
    const { app, lines } = await loggedApp(own);
    try {
      const members = await Promise.all([signUp(app), signUp(app)]);
      lines.length = 0;
      await own.database.close();
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          i % 2 === 0
            ? app.inject({ method: 'GET', url: '/api/auth/me', headers: withCookie(members[i % 2]!.cookie) })
            : app.inject({ method: 'PUT', url: `/api/users/${members[1]!.user.id}`, headers: withCookie(members[1]!.cookie), payload: {} }),
        ),
      );
      for (const res of answers) expect(res.statusCode, res.body).toBe(503);
      for (let i = 0; i < 10; i++) expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      await app.close();
      await own.close();
    }
    const warnings = lines.filter((l) => (l.level as number) >= 40);
    expect(warnings.map((l) => l.msg)).toEqual([expect.stringMatching(/^the database is unreachable/)]);
    // Each request still has its own line, saying 503.
    const requests = lines.filter((l) => l.msg === 'request completed');
    expect(requests).toHaveLength(30);
    for (const r of requests) expect(r.statusCode).toBe(503);
  });
});
