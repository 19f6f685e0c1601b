/**
 * Restoring a PostgreSQL backup as a superuser leaves a database the app's role can use
 * (docs/decisions/0089): with --owner ROLE, that role owns the database and every schema, table,
 * sequence and type restored into it, so the app connecting as ROLE reads, writes and migrates.
 * Without it (the README's old example), postgres owns it all and the app gets "permission denied":
 * checked here too, so this test fails if --owner stops doing anything.
 *
 * Needs a PostgreSQL server where DATABASE_URL's user may create roles and databases (CI's
 * PostgreSQL step; locally e.g. DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres).
 * Without DATABASE_URL the whole file is skipped, and says so.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserBody } from '@shared/schemas/users';
import { backup, BackupError, ownersOf, restore } from '../backup';
import { openPostgres } from '../db/client';
import { loadConfig } from '../env';
import { createUser } from '../modules/users/service';
import { databaseUrl } from './global-setup';

const adminUrl = process.env.DATABASE_URL;
const root = path.resolve(import.meta.dirname, '../../..');
const tag = `${process.pid}_${randomBytes(3).toString('hex')}`;
const role = `sf_app_${tag}`;
const password = randomBytes(12).toString('hex');
const names = { source: `sf_own_src_${tag}`, owned: `sf_own_dst_${tag}`, unowned: `sf_own_raw_${tag}` };
const scratch = mkdtempSync(path.join(tmpdir(), 'sf-restore-owner-'));

async function asAdmin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    return await fn(c);
  } finally {
    await c.end();
  }
}

/** The same database, connected to as the app's role. */
function asApp(name: string) {
  const u = new URL(databaseUrl(adminUrl!, name));
  u.username = role;
  u.password = password;
  return u.toString();
}

const member = (n: number) => createUserBody.parse({ name: 'Owner Test', email: `owner.${tag}.${n}@example.com`, age: 30 });

describe.skipIf(!adminUrl)('restore into PostgreSQL with --owner (needs DATABASE_URL: CI runs it in its PostgreSQL step)', () => {
  let file: string;

  beforeAll(async () => {
    await asAdmin(async (c) => {
      await c.query(`CREATE ROLE ${role} LOGIN PASSWORD '${password}'`);
      for (const name of Object.values(names)) await c.query(`CREATE DATABASE ${name}`);
    });
    // A source with the whole schema and a row, backed up as the operator would.
    const source = openPostgres(databaseUrl(adminUrl!, names.source));
    try {
      await source.migrate();
      await createUser(source.db, member(1));
    } finally {
      await source.close();
    }
    file = await backup(loadConfig({ DATABASE_URL: databaseUrl(adminUrl!, names.source) }), path.join(scratch, 'backups'));
  });

  afterAll(async () => {
    await asAdmin(async (c) => {
      for (const name of Object.values(names)) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.query(`DROP ROLE IF EXISTS ${role}`);
    });
    rmSync(scratch, { recursive: true, force: true });
  });

  it('npm run restore -- FILE --owner ROLE, run as the superuser: the role owns the database and everything in it, and the app writes and migrates as it', async () => {
    const superuserUrl = databaseUrl(adminUrl!, names.owned);
    const run = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/restore.ts', file, '--owner', role], {
        cwd: root,
        env: { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'test', DATABASE_URL: superuserUrl },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
      child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
      child.on('exit', (code) => resolve({ code, stdout, stderr }));
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe(`Restored ${file} into the database ${names.owned}, owned with everything in it by ${role}`);

    // Seen from the catalogue, by queries of this test's own.
    const catalogue = new pg.Client({ connectionString: superuserUrl });
    await catalogue.connect();
    const owners = async (sql: string) => (await catalogue.query<{ owner: string; n: number }>(sql)).rows;
    let seen: Record<'database' | 'tables' | 'sequences' | 'types' | 'schemas', { owner: string; n: number }[]>;
    try {
      seen = {
        database: await owners(`SELECT pg_get_userbyid(datdba) AS owner, 1 AS n FROM pg_database WHERE datname = current_database()`),
        tables: await owners(
          `SELECT tableowner AS owner, count(*)::int AS n FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema') GROUP BY 1`,
        ),
        sequences: await owners(`SELECT sequenceowner AS owner, count(*)::int AS n FROM pg_sequences GROUP BY 1`),
        types: await owners(
          `SELECT pg_get_userbyid(t.typowner) AS owner, count(*)::int AS n FROM pg_type t JOIN pg_namespace s ON s.oid = t.typnamespace
            WHERE s.nspname NOT IN ('pg_catalog', 'information_schema') AND s.nspname NOT LIKE 'pg\\_%' GROUP BY 1`,
        ),
        schemas: await owners(`SELECT pg_get_userbyid(nspowner) AS owner, count(*)::int AS n FROM pg_namespace WHERE nspname = 'drizzle' GROUP BY 1`),
      };
    } finally {
      await catalogue.end();
    }
    expect(seen.database).toEqual([{ owner: role, n: 1 }]);
    for (const kind of ['tables', 'sequences', 'types', 'schemas'] as const) {
      expect(
        seen[kind].map((r) => r.owner),
        `owners of the ${kind}`,
      ).toEqual([role]);
    }
    expect(seen.tables[0]!.n).toBeGreaterThan(30);
    expect(seen.sequences[0]!.n).toBeGreaterThan(5);
    expect([...(await ownersOf(superuserUrl)).keys()]).toEqual([role]);

    // The app, connecting as its role: migrations (none to apply, but the lock and the journal), a write through a sequence, a later migration's DDL.
    const app = openPostgres(asApp(names.owned));
    try {
      await app.migrate();
      const created = await createUser(app.db, member(2));
      expect(created.id).toBeGreaterThan(1);
      await app.db.execute(sql.raw(`ALTER TABLE users ADD COLUMN owner_test_column integer`));
      await app.db.execute(sql.raw(`CREATE TABLE owner_test_table (id serial PRIMARY KEY)`));
    } finally {
      await app.close();
    }
  });

  it('without --owner, run as the superuser, the app role cannot write (what the old README example left)', async () => {
    const result = await restore(loadConfig({ DATABASE_URL: databaseUrl(adminUrl!, names.unowned) }), file);
    expect(result).toEqual({ kind: 'postgres', target: names.unowned });
    const app = openPostgres(asApp(names.unowned));
    try {
      const failure = await createUser(app.db, member(3)).then(
        () => null,
        (err: Error & { cause?: Error }) => err.cause?.message ?? err.message,
      );
      expect(failure).toMatch(/permission denied for table users/);
    } finally {
      await app.close();
    }
  });

  it('refuses an owner that is no role, or not a role name, before looking at the database; and --owner for an embedded backup', async () => {
    const url = databaseUrl(adminUrl!, names.unowned);
    await expect(restore(loadConfig({ DATABASE_URL: url }), file, { owner: `${role}_nobody` })).rejects.toThrow(
      new BackupError(`There is no role ${role}_nobody on this PostgreSQL server: create it first (createuser --pwprompt ${role}_nobody)`),
    );
    await expect(restore(loadConfig({ DATABASE_URL: url }), file, { owner: 'x; DROP TABLE users' })).rejects.toThrow(/is not a role name/);
    // A role that exists, but the database has tables: the usual refusal.
    await expect(restore(loadConfig({ DATABASE_URL: url }), file, { owner: role })).rejects.toThrow(/is not empty/);
    const fakeEmbedded = path.join(scratch, 'embedded.tar.gz');
    writeFileSync(fakeEmbedded, Buffer.from([0x1f, 0x8b, 0, 0, 0]));
    await expect(restore(loadConfig({ DATA_DIR: path.join(scratch, 'data') }), fakeEmbedded, { owner: role })).rejects.toThrow(
      /--owner is for PostgreSQL backups/,
    );
  });
});
