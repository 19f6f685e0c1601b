import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from './client';

/**
 * A statement the database parses and plans once per connection, then runs with new values
 * (docs/decisions/0102): for the few statements every guest sends at once (a rating right after the
 * bell), where parsing and planning a long statement cost more than running it.
 *
 * - PostgreSQL (node-postgres): a named statement, which the driver prepares on each pooled
 *   connection the first time that connection runs it.
 * - PGlite (one connection): `PREPARE` once, then `EXECUTE` with the values written as literals.
 *   PGlite's extended protocol does not bind parameters to `EXECUTE`, so each value is a safe
 *   integer or a string quoted here (standard_conforming_strings is on in every PostgreSQL since 9.1;
 *   a NUL, which would end the statement's text, is refused on both databases). The extended
 *   protocol (`query`) refuses a second statement in the text, should a literal ever break out;
 *   the simple one (`exec`) was measured no faster over the night (docs/decisions/0113).
 *
 * `text` names its parameters $1, $2, … with a cast each, so their types are known when it is prepared.
 */
export interface PreparedStatement {
  /** A PostgreSQL identifier, unique in the app. */
  name: string;
  text: string;
}

type Value = number | string;

const preparing = new WeakMap<PGlite, Map<string, Promise<unknown>>>();

/** Every value, on either database: a safe integer, or a string without a NUL (which would end the text). */
function check(v: Value) {
  if (typeof v === 'number' && !Number.isSafeInteger(v)) throw new Error(`a prepared statement's number must be a safe integer, not ${v}`);
  if (typeof v === 'string' && v.includes('\0')) throw new Error("a prepared statement's string cannot hold a NUL character");
}

const literal = (v: Value): string => (typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`);

const isPglite = (client: unknown): client is PGlite => typeof (client as PGlite).dumpDataDir === 'function';

export async function runPrepared<Row>(db: Db, statement: PreparedStatement, values: readonly Value[]): Promise<Row[]> {
  if (!/^[a-z_][a-z0-9_]*$/.test(statement.name)) throw new Error(`"${statement.name}" is not a statement name`);
  values.forEach(check);
  const client = (db as unknown as { $client: unknown }).$client;
  if (isPglite(client)) {
    const names = preparing.get(client) ?? new Map<string, Promise<unknown>>();
    preparing.set(client, names);
    let prepared = names.get(statement.name);
    if (!prepared) {
      prepared = client.query(`PREPARE ${statement.name} AS ${statement.text}`);
      names.set(statement.name, prepared);
      // A failed PREPARE is tried again by the next caller.
      prepared.catch(() => names.delete(statement.name));
    }
    await prepared;
    return (await client.query<Row>(`EXECUTE ${statement.name}(${values.map(literal).join(', ')})`)).rows;
  }
  return (await (client as pg.Pool).query({ name: statement.name, text: statement.text, values: [...values] })).rows as Row[];
}
