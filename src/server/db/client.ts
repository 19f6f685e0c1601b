import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type every query function takes: PGlite and node-postgres share it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Run database migrations (serialised across instances on PostgreSQL). Resolves with the names of
   * the migrations this call applied, in order (none when the database was up to date), for the log.
   */
  migrate(): Promise<string[]>;
  /** True while migrate() runs in this process (waiting for the lock included): readiness says `migrating`. */
  readonly migrating: boolean;
  /** Cheap liveness probe for /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The underlying pg pool, for NOTIFY (PostgreSQL only). */
  pool?: pg.Pool;
  /** A dedicated connection outside the pool, for LISTEN (PostgreSQL only). */
  listener?: () => pg.Client;
  /**
   * LISTEN on the embedded database (embedded only): what its triggers NOTIFY, such as a session
   * ending (migration 0015). Resolves with the function that stops listening.
   */
  listen?: (channel: string, fn: (payload: string) => void) => Promise<() => Promise<void>>;
  /**
   * The embedded database's data directory as a gzipped tar, taken while no query or transaction
   * runs (embedded only; docs/decisions/0038-backups.md).
   */
  dump?: () => Promise<Blob>;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary but fixed: serialises migrations across several instances. */
export const MIGRATION_LOCK = 72_231_001;

/**
 * The names of the migrations drizzle's migrator is about to apply on `db`: those of the journal
 * (migrations/meta/_journal.json) newer than the last one recorded, which is the migrator's own rule
 * (it compares each migration's `when` with the newest `created_at` of drizzle.__drizzle_migrations).
 * On a database without that table, all of them.
 */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const { entries } = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number; tag: string }[] };
  const rows = (result: unknown) => (result as { rows: Record<string, unknown>[] }).rows;
  const [table] = rows(await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`));
  let last = -1;
  if (table?.present === true) {
    const [row] = rows(await db.execute(sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`));
    if (typeof row?.last === 'string') last = Number(row.last);
  }
  return entries.filter((e) => e.when > last).map((e) => e.tag);
}

/** The `application_name` of each instance's live bus connection, the one that LISTENs (docs/decisions/0141). */
export const LIVE_BUS_CONNECTION = 'speed-friendship live bus';

export function openPostgres(url: string, opts: { max?: number; connectionTimeoutMillis?: number } = {}): Database {
  // A bounded wait for a connection: while PostgreSQL is unreachable, requests fail fast (503,
  // src/server/errors.ts) instead of queueing without end.
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, connectionTimeoutMillis: opts.connectionTimeoutMillis ?? 5_000 });
  // A dropped idle connection must not crash the process; /api/health reports the outage.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let migrating = 0;
  return {
    db,
    kind: 'postgres',
    pool,
    // Named, so that an operator (and a test) can tell the bus's connection in pg_stat_activity.
    listener: () => new pg.Client({ connectionString: url, application_name: LIVE_BUS_CONNECTION }),
    get migrating() {
      return migrating > 0;
    },
    async migrate() {
      migrating++;
      try {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          // Read under the lock: what another instance applied while this one waited is not pending.
          const locked = drizzlePg(client, { schema });
          const names = await pendingMigrations(locked as unknown as Db);
          await migratePg(locked, { migrationsFolder });
          return names;
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
          client.release();
        }
      } finally {
        migrating--;
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * The embedded database's memory (docs/decisions/0019): PostgreSQL's default 128 MB of shared buffers
 * is sized for a server of its own; an evening's data fits in a fraction of 16 MB.
 */
const PGLITE_CONF = ['shared_buffers = 16MB', 'wal_buffers = 1MB'];

/**
 * A full garbage collection now (node's gc, reached without the --expose-gc flag): used after an
 * embedded database is closed, whose WebAssembly memory V8 would otherwise keep for a long time.
 */
export function collectGarbage() {
  v8.setFlagsFromString('--expose-gc');
  (vm.runInNewContext('gc') as () => void)();
}

/**
 * The embedded database's files are the server user's alone (issue 33): directories 0700, files 0600.
 * PGlite's file system makes every file 0666 whatever the umask, so the directory's own 0700 is what
 * keeps others out at every moment, and the files are set to 0600 when the database opens (after
 * initdb, and for a directory made before this rule) and when it closes.
 */
export function keepPrivate(dir: string) {
  const walk = (p: string) => {
    chmodSync(p, 0o700);
    for (const entry of readdirSync(p, { withFileTypes: true })) {
      const child = path.join(p, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.isFile()) chmodSync(child, 0o600);
    }
  };
  walk(dir);
}

export async function openPglite(dataDir: string | null, opts: { loadDataDir?: Blob } = {}): Promise<Database> {
  // A new directory is created by initdb (a directory loaded from a dump is not).
  const fresh = !!dataDir && !opts.loadDataDir && (!existsSync(dataDir) || readdirSync(dataDir).length === 0);
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    keepPrivate(dataDir);
  }
  const options = { postgresqlconf: PGLITE_CONF, ...(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {}) };
  let client = await PGlite.create(dataDir ?? undefined, options);
  if (fresh) {
    // Creating the data directory (initdb) leaves ~500 MB of WebAssembly memory behind; a second
    // start on the new directory begins without it, once the first instance's memory is collected
    // (V8 does not collect it by itself for a long time: it looks small from JavaScript).
    await client.close();
    client = await PGlite.create(dataDir ?? undefined, options);
    await new Promise((resolve) => setImmediate(resolve));
    collectGarbage();
  }
  if (dataDir) keepPrivate(dataDir);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  let migrating = 0;
  return {
    db,
    kind: 'pglite',
    get migrating() {
      return migrating > 0;
    },
    async migrate() {
      migrating++;
      try {
        const names = await pendingMigrations(db);
        await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
        return names;
      } finally {
        migrating--;
      }
    },
    async ping() {
      if (closed) throw new Error('database closed');
      await db.execute(sql`select 1`);
    },
    async listen(channel, fn) {
      const stop = await client.listen(channel, fn);
      return async () => {
        if (!closed) await stop();
      };
    },
    async dump() {
      if (closed) throw new Error('database closed');
      // A checkpoint first, so the copy needs little recovery when it is opened. Then the files
      // are read while PGlite runs nothing: it takes the query lock itself, and holding the
      // transaction lock around it means no transaction is half-way through either.
      await client.exec('CHECKPOINT');
      return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
      if (dataDir) keepPrivate(dataDir);
    },
  };
}
