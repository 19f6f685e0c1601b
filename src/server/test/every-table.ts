/**
 * Every table of a database, found in information_schema (so a table added later is covered by
 * itself): its rows for comparing two databases row for row, and a way to give each empty table
 * one row, for tests that must see every table carried across (backups).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;

/** Base tables outside PostgreSQL's own schemas, as "schema"."table". */
export async function allTables(db: Db): Promise<{ schema: string; table: string; name: string }[]> {
  const r = await db.execute(sql`
    SELECT table_schema, table_name FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
    ORDER BY table_schema, table_name`);
  return rowsOf<{ table_schema: string; table_name: string }>(r).map((t) => ({
    schema: t.table_schema,
    table: t.table_name,
    name: `${ident(t.table_schema)}.${ident(t.table_name)}`,
  }));
}

/** Each table's rows as JSON text, sorted: equal maps mean equal databases. */
export async function tableRows(db: Db): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const t of await allTables(db)) {
    const r = await db.execute(sql.raw(`SELECT row_to_json(x)::text AS r FROM ${t.name} x`));
    out.set(
      `${t.schema}.${t.table}`,
      rowsOf<{ r: string }>(r)
        .map((x) => x.r)
        .sort(),
    );
  }
  return out;
}

type Column = {
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: string;
  column_default: string | null;
  is_identity: string;
  is_generated: string;
};
type ForeignKey = { column_name: string; ref_schema: string; ref_table: string; ref_column: string };

/** A value for a NOT NULL column without a default, by its type. */
function valueFor(c: Column, n: number): string {
  switch (c.data_type) {
    case 'integer':
    case 'bigint':
    case 'smallint':
    case 'numeric':
    case 'real':
    case 'double precision':
      return '1';
    case 'boolean':
      return 'true';
    case 'timestamp with time zone':
    case 'timestamp without time zone':
      return 'now()';
    case 'date':
      return 'current_date';
    case 'jsonb':
    case 'json':
      return `'{}'`;
    case 'ARRAY':
      return `'{}'`;
    case 'bytea':
      return `'\\x00'`;
    case 'uuid':
      return `'00000000-0000-4000-8000-00000000000${n % 10}'`;
    default:
      return `'backup-test-${n}-${c.column_name}'`;
  }
}

/**
 * Tables whose foreign key spans two columns (information_schema pairs each column with every
 * referenced one): both columns from the same referenced row.
 */
const COMPOSITE_KEYS: Record<string, Record<string, string>> = {
  // docs/decisions/0086: a note belongs to one registration (event, guest).
  access_needs: {
    event_id: '(SELECT event_id FROM public.registrations ORDER BY id LIMIT 1)',
    user_id: '(SELECT user_id FROM public.registrations ORDER BY id LIMIT 1)',
  },
};

/**
 * Give every empty table one row: NOT NULL columns without a default get a value of their type,
 * or, for a foreign key, a row that exists in the table it points to (filled first if need be).
 * `extra` overrides values where a CHECK rule wants something particular. Returns the tables filled.
 */
export async function fillEmptyTables(db: Db, extra: Record<string, Record<string, string>> = {}): Promise<string[]> {
  const special = { ...COMPOSITE_KEYS, ...extra };
  const filled: string[] = [];
  let pending = [];
  for (const t of await allTables(db)) {
    const r = await db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${t.name}`));
    if (rowsOf<{ n: number }>(r)[0]!.n === 0) pending.push(t);
  }
  let n = 0;
  while (pending.length) {
    const next = [];
    const errors: string[] = [];
    for (const t of pending) {
      const columns = rowsOf<Column>(
        await db.execute(sql`
          SELECT column_name, data_type, udt_name, is_nullable, column_default, is_identity, is_generated FROM information_schema.columns
          WHERE table_schema = ${t.schema} AND table_name = ${t.table} ORDER BY ordinal_position`),
      );
      const fks = rowsOf<ForeignKey>(
        await db.execute(sql`
          SELECT kcu.column_name, ccu.table_schema AS ref_schema, ccu.table_name AS ref_table, ccu.column_name AS ref_column
          FROM information_schema.table_constraints tc
          JOIN information_schema.key_column_usage kcu ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema
          JOIN information_schema.constraint_column_usage ccu ON ccu.constraint_name = tc.constraint_name AND ccu.table_schema = tc.table_schema
          WHERE tc.constraint_type = 'FOREIGN KEY' AND tc.table_schema = ${t.schema} AND tc.table_name = ${t.table}`),
      );
      const names: string[] = [];
      const values: string[] = [];
      // Two keys to one table (a blocker and the blocked) point at different rows where there are
      // enough, so a CHECK that they differ holds.
      const seen = new Map<string, number>();
      for (const c of columns) {
        const override = special[t.table]?.[c.column_name];
        const fk = fks.find((f) => f.column_name === c.column_name);
        if (override !== undefined) {
          names.push(ident(c.column_name));
          values.push(override);
        } else if (fk) {
          names.push(ident(c.column_name));
          const target = `${ident(fk.ref_schema)}.${ident(fk.ref_table)}`;
          const k = seen.get(target) ?? 0;
          seen.set(target, k + 1);
          const pick = (offset: number) => `(SELECT ${ident(fk.ref_column)} FROM ${target} ORDER BY 1 LIMIT 1 OFFSET ${offset})`;
          values.push(k === 0 ? pick(0) : `COALESCE(${pick(k)}, ${pick(0)})`);
        } else if (c.is_nullable === 'NO' && c.column_default === null && c.is_identity !== 'YES' && c.is_generated !== 'ALWAYS') {
          names.push(ident(c.column_name));
          values.push(valueFor(c, ++n));
        }
      }
      try {
        await db.execute(sql.raw(`INSERT INTO ${t.name} (${names.join(', ')}) VALUES (${values.join(', ')})`));
        filled.push(`${t.schema}.${t.table}`);
      } catch (err) {
        next.push(t);
        errors.push(`${t.name}: ${(err as Error).message}`);
      }
    }
    if (next.length === pending.length) throw new Error(`could not fill:\n${errors.join('\n')}`);
    pending = next;
  }
  return filled;
}
