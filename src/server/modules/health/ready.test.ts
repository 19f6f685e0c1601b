/**
 * GET /api/health/ready (docs/decisions/0036, 0087): a proxy or an operator's script sends this
 * instance traffic only while it answers 200. It answers 503 while its database is unreachable,
 * while this instance applies its own migrations, and once it is shutting down. A migration run by
 * another process (the migration lock held elsewhere) leaves a running instance ready: until
 * decision 0087 it turned every instance to 503, taking the whole site out of the load balancer.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_LOCK, openPostgres } from '../../db/client';
import { createTestApp, type TestContext } from '../../test/harness';

const onPostgres = !!process.env.DATABASE_URL;

function expectNotReady(res: { statusCode: number; headers: Record<string, unknown>; json: () => unknown; body: string }, reason: string, message: string) {
  expect(res.statusCode, res.body).toBe(503);
  expect(res.headers['retry-after']).toBe('2');
  expect(res.headers['cache-control']).toBe('no-store');
  expect(res.json()).toEqual({ status: 'not_ready', reason, message });
  expect(res.body).not.toMatch(/stack|Error:/);
}

describe('GET /api/health/ready', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  const ready = () => t.app.inject({ method: 'GET', url: '/api/health/ready' });

  it('answers 200 while the database answers', async () => {
    const res = await ready();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'ready' });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('GET /api/health/live answers 200 without asking the database, which may be down', async () => {
    const database = t.app.database;
    const ping = database.ping;
    let pinged = 0;
    database.ping = () => {
      pinged++;
      return Promise.reject(new Error('the database is gone'));
    };
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health/live' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 'alive' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(pinged).toBe(0);
      // The database-facing probes do see the outage.
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
      expectNotReady(await ready(), 'database_down', 'The database is unreachable');
      expect(pinged).toBeGreaterThanOrEqual(2);
    } finally {
      database.ping = ping;
    }
    expect((await ready()).statusCode).toBe(200);
  });

  it("GET /api/ping, the phones' question after a drop, answers 204 to anyone, never cached, without the database", async () => {
    const database = t.app.database;
    const ping = database.ping;
    database.ping = () => Promise.reject(new Error('the database is gone'));
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/ping' });
      expect(res.statusCode, res.body).toBe(204);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toBe('');
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(503);
    } finally {
      database.ping = ping;
    }
  });

  it('answers 503 once the instance is shutting down, while liveness stays 200', async () => {
    const own = await createTestApp({ shareDatabaseWith: t });
    try {
      own.app.readiness.shuttingDown = true;
      expectNotReady(await own.app.inject({ method: 'GET', url: '/api/health/ready' }), 'shutting_down', 'This instance is shutting down');
      expect((await own.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await own.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      // Another instance on the same database is not affected.
      expect((await ready()).statusCode).toBe(200);
    } finally {
      await own.close();
    }
  });

  it('answers 503 once the database is gone', async () => {
    const own = await createTestApp();
    try {
      await own.database.close();
      expectNotReady(await own.app.inject({ method: 'GET', url: '/api/health/ready' }), 'database_down', 'The database is unreachable');
    } finally {
      await own.close();
    }
  });

  it.skipIf(!onPostgres)(
    'stays ready while another process holds the migration lock; the instance applying migrations is the one not ready (needs DATABASE_URL: the embedded database has one connection)',
    async () => {
      const [row] = ((await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows;
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${row!.name}`;
      // Another process migrating: it holds the lock (db/client.ts) for as long as its migrations run.
      const migrating = new pg.Client({ connectionString: url.toString() });
      await migrating.connect();
      // A second instance on the same database, about to apply its own migrations.
      const second = openPostgres(url.toString(), { max: 2 });
      const other = await createTestApp({ shareDatabaseWith: { database: second } as TestContext });
      const otherReady = () => other.app.inject({ method: 'GET', url: '/api/health/ready' });
      try {
        await migrating.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        expect((await ready()).statusCode).toBe(200);
        expect((await otherReady()).statusCode).toBe(200);

        // The second instance starts migrating: it waits for the lock, and is not ready meanwhile.
        const waiting = second.migrate();
        expectNotReady(await otherReady(), 'migrating', 'This instance is applying database migrations');
        // Liveness is about its process, not its schema.
        expect((await other.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
        expect((await other.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
        // The first instance, running and serving on the same database, stays ready throughout.
        expect((await ready()).statusCode).toBe(200);

        await migrating.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        // Nothing was pending: the clone is at the newest migration.
        expect(await waiting).toEqual([]);
        expect((await otherReady()).statusCode).toBe(200);
        expect((await ready()).statusCode).toBe(200);
      } finally {
        await migrating.end();
        await other.close();
        await second.close();
      }
    },
  );
});
