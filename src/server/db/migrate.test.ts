/**
 * Migrations an operator can follow (docs/decisions/0087): a start that applies migrations logs one
 * line per migration, by name, in order; a start with nothing to apply logs none. migrate() says
 * what it applied, read under the migration lock on PostgreSQL (so of two instances starting at
 * once, only the one that applied them names them).
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { databaseUrl } from '../test/global-setup';
import { createTestApp } from '../test/harness';
import { migrationsFolder, openPostgres, pendingMigrations } from './client';

const root = path.resolve(import.meta.dirname, '../../..');
/** Every migration of this release, in order (drizzle-kit's journal). */
const ALL = (JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] }).entries.map(
  (e) => e.tag,
);

const onPostgres = inject('testDatabase').kind === 'postgres';

/** A new, empty PostgreSQL database of this test's own (dropped by the function returned). */
async function emptyPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const info = inject('testDatabase');
  if (info.kind !== 'postgres') throw new Error('PostgreSQL only');
  const name = `sf_migrate_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: info.adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`);
  return {
    url: databaseUrl(info.adminUrl, name),
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}

describe('migrate() names what it applied', () => {
  it('none on an up-to-date database; what is newer than the newest recorded; all of them without the record', async () => {
    expect(ALL.length).toBeGreaterThan(20);
    // A clone of the run's migrated template (a new embedded database takes seconds to create).
    const t = await createTestApp();
    try {
      const database = t.database;
      expect(database.migrating).toBe(false);
      const again = database.migrate();
      expect(database.migrating).toBe(true);
      expect(await again).toEqual([]);
      expect(database.migrating).toBe(false);
      // The migrator's rule, newer than the newest recorded: forget the newest, and it is pending again.
      await t.db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`);
      expect(await pendingMigrations(t.db)).toEqual([ALL.at(-1)]);
      // No record at all (a new database): every one of them, in order.
      await t.db.execute(sql`drop schema drizzle cascade`);
      expect(await pendingMigrations(t.db)).toEqual(ALL);
    } finally {
      await t.close();
    }
  });

  it.skipIf(!onPostgres)(
    'on PostgreSQL, of two instances migrating a new database at once, the one that applied them names them all',
    async () => {
      const fresh = await emptyPostgres();
      const a = openPostgres(fresh.url, { max: 2 });
      const b = openPostgres(fresh.url, { max: 2 });
      try {
        const applied = await Promise.all([a.migrate(), b.migrate()]);
        expect(applied.map((names) => names.length).sort((x, y) => x - y)).toEqual([0, ALL.length]);
        expect(applied.find((names) => names.length)).toEqual(ALL);
      } finally {
        await a.close();
        await b.close();
        await fresh.drop();
      }
    },
    120_000,
  );
});

/** Start the server (src/server/main.ts, as `npm start` runs it) on DATA_DIR until it listens; stop it; its log lines. */
async function startAndStop(dataDir: string, url: string): Promise<Record<string, unknown>[]> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SMTP_URL: '',
      PUBLIC_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (c: Buffer) => (out += c.toString()));
  child.stderr.on('data', (c: Buffer) => (err += c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // The "listening" line as it is written (as shutdown.test.ts waits for it), not a poll of what came so far.
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not listen within 100 s:\n${out}\n${err}`));
    }, 100_000);
    const onData = () => {
      if (!/Server listening at/.test(out)) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve();
    };
    child.stdout.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before listening:\n${out}\n${err}`));
    });
  });
  child.kill('SIGTERM');
  expect(await exited, err).toBe(0);
  // Piped, the server writes pino's JSON lines (src/server/logging.ts).
  return out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

// On PostgreSQL (CI's PostgreSQL pass): a new embedded database takes the server a minute to create
// and fill on these machines, a new PostgreSQL database a second.
describe.skipIf(!onPostgres)('the server logs the migrations it applied as it starts (PostgreSQL)', () => {
  it('one info line per migration on a new database, by name and in order; none on the next start', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sf-migrate-log-'));
    const fresh = await emptyPostgres();
    try {
      const first = (await startAndStop(dataDir, fresh.url)).filter((l) => typeof l.migration === 'string');
      expect(first.map((l) => l.msg)).toEqual(ALL.map((tag) => `migration applied: ${tag}`));
      for (const l of first) expect(l.level).toBe(30);
      const second = (await startAndStop(dataDir, fresh.url)).filter((l) => typeof l.migration === 'string' || /migration/i.test(String(l.msg)));
      expect(second).toEqual([]);
    } finally {
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
