import { mkdirSync } from 'node:fs';
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
  /** Run database migrations (serialised across instances on PostgreSQL). */
  migrate(): Promise<void>;
  /** Cheap liveness probe for /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** The underlying pg pool, for NOTIFY (PostgreSQL only). */
  pool?: pg.Pool;
  /** A dedicated connection outside the pool, for LISTEN (PostgreSQL only). */
  listener?: () => pg.Client;
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary but fixed: serialises migrations across several instances. */
const MIGRATION_LOCK = 72_231_001;

export function openPostgres(url: string, opts: { max?: number; connectionTimeoutMillis?: number } = {}): Database {
  // A bounded wait for a connection: while PostgreSQL is unreachable, requests fail fast (503,
  // src/server/errors.ts) instead of queueing without end.
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10, connectionTimeoutMillis: opts.connectionTimeoutMillis ?? 5_000 });
  // A dropped idle connection must not crash the process; /api/health reports the outage.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    listener: () => new pg.Client({ connectionString: url }),
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
        client.release();
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

export async function openPglite(dataDir: string | null, opts: { loadDataDir?: Blob } = {}): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir ?? undefined, opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : {});
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async ping() {
      if (closed) throw new Error('database closed');
      await db.execute(sql`select 1`);
    },
    async close() {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}
