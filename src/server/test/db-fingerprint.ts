/**
 * A cheap fingerprint of the whole database, to show that a rejected request changed nothing
 * (docs/product.md "Bad input": "a rejected request changes nothing").
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

/** Tables that may change without any state-changing request (request counters). */
const IGNORED = /rate|limit/i;

const rowsOf = async <T>(db: Db, q: ReturnType<typeof sql.raw>) => ((await db.execute(q)) as unknown as { rows: T[] }).rows;

const queries = new WeakMap<Db, ReturnType<typeof sql.raw>>();

/** The one query that fingerprints every table: its row count and a sum of hashes of its rows' text. */
async function fingerprintQuery(db: Db) {
  let q = queries.get(db);
  if (!q) {
    const tables = await rowsOf<{ name: string }>(
      db,
      sql.raw(`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
    );
    const parts = tables
      .map((t) => t.name)
      .filter((name) => !IGNORED.test(name) && /^[a-z_][a-z0-9_]*$/.test(name))
      // An order-free sum of row hashes: no sort and no long string, so cheap enough to take per request.
      .map((name) => `select '${name}' as name, count(*)::text || ':' || coalesce(sum(hashtext(t::text)::bigint), 0)::text as h from "${name}" t`);
    q = sql.raw(parts.join(' union all '));
    queries.set(db, q);
  }
  return q;
}

/** Per table: row count and hash of its rows. Different data, different fingerprints (but for a hash collision). */
export async function fingerprint(db: Db): Promise<Record<string, string>> {
  const rows = await rowsOf<{ name: string; h: string }>(db, await fingerprintQuery(db));
  return Object.fromEntries(rows.map((r) => [r.name, r.h]));
}

/** The tables whose fingerprint differs. */
export function changedTables(a: Record<string, string>, b: Record<string, string>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => a[k] !== b[k]).sort();
}

/** Where PostgreSQL's write-ahead log ends: unchanged, nothing was written (a cheap check before a fingerprint). */
export async function walPosition(db: Db): Promise<string> {
  return (await rowsOf<{ lsn: string }>(db, sql.raw('select pg_current_wal_insert_lsn()::text as lsn')))[0]!.lsn;
}
