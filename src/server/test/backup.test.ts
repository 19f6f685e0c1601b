/**
 * Backups that restore (docs/decisions/0038-backups.md): a database with every table filled (the
 * demo data, whose launch night was played in full: ratings, matches, feedback; and one row in any
 * table still empty) is backed up, restored elsewhere, and compared table by table, row for row.
 * Tables come from information_schema, so a new table is covered by itself.
 * - embedded (only without DATABASE_URL): the real server runs on the data directory and takes
 *   sign-ups while `npm run backup` copies it; the copies restore with `npm run restore`;
 * - PostgreSQL (only with DATABASE_URL): pg_dump and pg_restore into a new database.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { backup, BackupError, backupFileName, restore } from '../backup';
import { openPglite, openPostgres, type Db } from '../db/client';
import { loadDemoData } from '../demo/seed';
import { loadConfig } from '../env';
import { fillEmptyTables, tableRows } from './every-table';
import { createTestApp } from './harness';

const root = path.resolve(import.meta.dirname, '../../..');
const scratch: string[] = [];
const tempDir = (tag: string) => {
  const dir = mkdtempSync(path.join(tmpdir(), `sf-backup-${tag}-`));
  scratch.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

/** Demo data, then one row in each table that is still empty; every table has rows. */
async function fillEverything(db: Db) {
  await loadDemoData(db);
  await fillEmptyTables(db);
  const rows = await tableRows(db);
  expect([...rows].filter(([, r]) => r.length === 0).map(([t]) => t)).toEqual([]);
  // The launch night was played: its ratings and matches are there to be carried across.
  expect(rows.get('public.ratings')!.length).toBeGreaterThan(10);
  expect(rows.get('public.matches')!.length).toBeGreaterThan(1);
  return rows;
}

/** Run one of our CLIs (npm run backup / restore) as its own process. */
function cli(script: 'backup' | 'restore', env: Record<string, string>, args: string[] = []) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src/server/cli/${script}.ts`, ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: '', NODE_ENV: 'test', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

/** 0 → 'a', 25 → 'z', 26 → 'ba': names take letters only. */
const letters = (i: number): string => (i >= 26 ? letters(Math.floor(i / 26)) : '') + String.fromCharCode(97 + (i % 26));

async function rowsOfEmbedded(dir: string) {
  const database = await openPglite(dir);
  try {
    return await tableRows(database.db);
  } finally {
    await database.close();
  }
}

describe('backup file names', () => {
  it('carry the kind and the UTC date and time, sortable, without characters a file system minds', () => {
    const at = new Date('2026-11-27T03:04:05.678Z');
    expect(backupFileName('embedded', at)).toBe('speedfriendship-embedded-2026-11-27T03-04-05Z.tar.gz');
    expect(backupFileName('postgres', at)).toBe('speedfriendship-postgres-2026-11-27T03-04-05Z.dump');
  });
});

const onPostgres = !!process.env.DATABASE_URL;

// The embedded database's backups do not depend on DATABASE_URL (the server below is started
// without it): they run where the tests run on the embedded database (`npm test`, and CI's
// PGlite pass through .ci/embedded-tests), not again in CI's PostgreSQL pass (docs/decisions/0101).
describe.skipIf(onPostgres)('the embedded database', () => {
  it('is backed up while the server runs and takes writes; the copies restore, row for row', async () => {
    const dataDir = tempDir('source');
    const backupDir = tempDir('files');
    const source = await openPglite(path.join(dataDir, 'pglite'));
    await source.migrate();
    const filled = await fillEverything(source.db);
    await source.close();

    const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      // RETENTION_DAYS: the demo's launch night (May 2025) keeps its ratings, so that every table has rows to compare (docs/decisions/0044).
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: '',
        AUTH_RATE_LIMIT: '100000',
        RETENTION_DAYS: '3650',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (c: Buffer) => (output += c.toString()));
    server.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise((r) => server.once('exit', r));
    try {
      const control = path.join(dataDir, 'control.json');
      // The control file, once it is there whole (it can be seen empty while it is being written).
      const { port } = await vi.waitFor(
        () => {
          expect(server.exitCode, `the server exited before it started:\n${output}`).toBeNull();
          expect(existsSync(control), `the server did not start:\n${output}`).toBe(true);
          return JSON.parse(readFileSync(control, 'utf8')) as { port: number };
        },
        { timeout: 60_000, interval: 100 },
      );

      // Members sign up, one after another, all through the backup.
      const acknowledged: string[] = [];
      let writing = true;
      const writer = (async () => {
        for (let i = 0; writing; i++) {
          const email = `during.backup.${i}@example.com`;
          // Sign-up as a person does it: the form, then the mailed code (docs/decisions/0070).
          const post = (url: string, body: unknown) =>
            fetch(`http://127.0.0.1:${port}${url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
          const started = await post('/api/users', {
            name: `Backup Guest ${letters(i)}`,
            email,
            age: 30,
            bio: 'Signed up during a backup.',
            interests: ['Walking'],
          });
          expect(started.status, await started.text()).toBe(202);
          const mails = (await (await fetch(`http://127.0.0.1:${port}/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[];
          const code = /\b(\d{6})\b/.exec(mails[0]?.subject ?? '')?.[1];
          const res = await post('/api/auth/verify', { email, code });
          expect(res.status, await res.text()).toBe(200);
          acknowledged.push(email);
        }
      })();
      let failed: unknown;
      writer.catch((err: unknown) => (failed = err));
      await vi.waitFor(
        () => {
          if (failed) throw failed;
          expect(acknowledged.length).toBeGreaterThanOrEqual(3);
        },
        { timeout: 60_000, interval: 20 },
      );
      const before = [...acknowledged];
      const during = await cli('backup', { DATA_DIR: dataDir, BACKUP_DIR: backupDir });
      expect(during.code, during.stderr).toBe(0);
      writing = false;
      await writer;
      expect(acknowledged.length).toBeGreaterThan(before.length);

      const quiet = await cli('backup', { DATA_DIR: dataDir, BACKUP_DIR: backupDir });
      expect(quiet.code, quiet.stderr).toBe(0);
      for (const file of [during.stdout, quiet.stdout])
        expect(path.basename(file)).toMatch(/^speedfriendship-embedded-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
      expect(readdirSync(backupDir).sort()).toEqual([path.basename(during.stdout), path.basename(quiet.stdout)].sort());

      // A running server's data directory is not a place to restore into.
      const refused = await cli('restore', { DATA_DIR: dataDir }, [quiet.stdout]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/A server is running on .*: stop it/);

      server.kill('SIGTERM');
      await exited;

      // Restored into empty data directories.
      const quietDir = tempDir('quiet');
      const duringDir = tempDir('during');
      for (const [file, dir] of [
        [quiet.stdout, quietDir],
        [during.stdout, duringDir],
      ] as const) {
        const res = await cli('restore', { DATA_DIR: dir }, [file]);
        expect(res.code, res.stderr).toBe(0);
        expect(res.stdout).toBe(`Restored ${file} into ${path.join(dir, 'pglite')}`);
      }

      const original = await rowsOfEmbedded(path.join(dataDir, 'pglite'));
      const copy = await rowsOfEmbedded(path.join(quietDir, 'pglite'));
      expect([...copy.keys()]).toEqual([...original.keys()]);
      for (const [table, rows] of original) {
        expect(rows.length, table).toBeGreaterThan(0);
        expect(copy.get(table), table).toEqual(rows);
      }
      // Everything the demo and the filling wrote, and every sign-up, is in the copy.
      for (const [table, rows] of filled) expect(copy.get(table)!.length, table).toBeGreaterThanOrEqual(rows.length);
      const emails = (rows: Map<string, string[]>) => new Set(rows.get('public.users')!.map((r) => (JSON.parse(r) as { email: string }).email));
      for (const email of acknowledged) expect(emails(copy).has(email), email).toBe(true);

      // The copy taken mid-stream is whole: every sign-up acknowledged before it began, and only
      // rows the server really wrote (nothing half-done, nothing invented).
      const mid = await rowsOfEmbedded(path.join(duringDir, 'pglite'));
      for (const email of before) expect(emails(mid).has(email), email).toBe(true);
      for (const [table, rows] of mid) {
        const later = new Set(original.get(table));
        const gone = rows.filter((r) => !later.has(r));
        // Sessions are touched as they are used, the rate limiter counts, and a sign-up's code is used up
        // once entered (docs/decisions/0070); other rows only grow.
        if (!['public.sessions', 'public.rate_limits', 'public.login_codes', 'public.login_guards'].includes(table)) expect(gone, table).toEqual([]);
      }
      const signups = [...emails(mid)].filter((e) => e.startsWith('during.backup.')).length;
      expect(signups).toBeGreaterThanOrEqual(before.length);
      expect(signups).toBeLessThanOrEqual(acknowledged.length);

      // A data directory that is not empty is refused, and left as it was.
      const again = await cli('restore', { DATA_DIR: quietDir }, [quiet.stdout]);
      expect(again.code).toBe(1);
      expect(again.stderr).toMatch(/is not empty: restore needs an empty data directory/);
      expect(await rowsOfEmbedded(path.join(quietDir, 'pglite'))).toEqual(copy);
    } finally {
      if (server.exitCode === null) {
        server.kill('SIGTERM');
        await exited;
      }
    }
  }, 240_000);
});

describe.skipIf(!onPostgres)('PostgreSQL', () => {
  it('pg_dump writes a backup that pg_restore puts into an empty database, row for row; a database with tables is refused', async () => {
    const t = await createTestApp();
    const backupDir = tempDir('pg-files');
    const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await admin.connect();
    const target = `sf_restore_${process.pid}_${Date.now()}`;
    const targetUrl = (() => {
      const u = new URL(process.env.DATABASE_URL!);
      u.pathname = `/${target}`;
      return u.toString();
    })();
    const restored = openPostgres(targetUrl, { max: 2 });
    try {
      await fillEverything(t.db);
      const sourceUrl = String(t.database.pool!.options.connectionString);
      const file = await backup(loadConfig({ DATABASE_URL: sourceUrl }), backupDir);
      expect(path.basename(file)).toMatch(/^speedfriendship-postgres-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.dump$/);

      await admin.query(`CREATE DATABASE "${target}"`);
      expect(await restore(loadConfig({ DATABASE_URL: targetUrl }), file)).toEqual({ kind: 'postgres', target });

      const original = await tableRows(t.db);
      const copy = await tableRows(restored.db);
      expect([...copy.keys()]).toEqual([...original.keys()]);
      for (const [table, rows] of original) {
        expect(rows.length, table).toBeGreaterThan(0);
        expect(copy.get(table), table).toEqual(rows);
      }
      // The server starts on it: its migrations are recorded, nothing left to apply.
      await restored.migrate();
      expect(await tableRows(restored.db)).toEqual(copy);

      // Not into a database that has tables (the source itself), nor an embedded backup here.
      await expect(restore(loadConfig({ DATABASE_URL: sourceUrl }), file)).rejects.toThrow(/is not empty \(\d+ tables\): restore needs an empty database/);
      await expect(restore(loadConfig({ DATABASE_URL: sourceUrl }), file)).rejects.toBeInstanceOf(BackupError);
      expect(await tableRows(t.db)).toEqual(original);
    } finally {
      await restored.close();
      await admin.query(`DROP DATABASE IF EXISTS "${target}" WITH (FORCE)`).catch(() => {});
      await admin.end();
      await t.close();
    }
  }, 120_000);
});
