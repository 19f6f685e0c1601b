/**
 * GET /api/health/ready (docs/decisions/0036): a proxy or an operator's script sends this instance
 * traffic only while it answers 200. It answers 503 while the database is unreachable, while a
 * migration runs (some instance holds the migration lock), and once the instance is shutting down.
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
    'answers 503 while a migration runs on its database (needs DATABASE_URL: the embedded database migrates before the server listens)',
    async () => {
      const [row] = ((await t.db.execute(sql`select current_database() as name`)) as unknown as { rows: { name: string }[] }).rows;
      const url = new URL(process.env.DATABASE_URL!);
      url.pathname = `/${row!.name}`;
      // An instance starting with new migrations holds the lock while it migrates (db/client.ts).
      const migrating = new pg.Client({ connectionString: url.toString() });
      await migrating.connect();
      const second = openPostgres(url.toString(), { max: 1 });
      try {
        await migrating.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        expectNotReady(await ready(), 'migrating', 'Database migrations are running');
        // A second instance starting now waits for the lock: still migrating, still not ready.
        const waiting = second.migrate();
        await new Promise((r) => setTimeout(r, 200));
        expectNotReady(await ready(), 'migrating', 'Database migrations are running');
        // Liveness is about this process, not the schema.
        expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

        await migrating.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
        await waiting;
        expect((await ready()).statusCode).toBe(200);
      } finally {
        await migrating.end();
        await second.close();
      }
    },
  );

  it.skipIf(!onPostgres)('is not fooled by the same lock key in another database on the server', async () => {
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
      expect((await ready()).statusCode).toBe(200);
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      await admin.end();
    }
  });
});
