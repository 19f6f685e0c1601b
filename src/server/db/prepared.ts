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
 *   protocol (`query`), used for an EXECUTE sent alone, refuses a second statement in the text.
 * - PGlite, at a rush (docs/decisions/0135): an EXECUTE of the burst after the bell (`together`) waits
 *   for the rest of the event loop's turn, then goes with every other one waiting (any EXECUTE that
 *   arrives meanwhile joins it), in one message of the simple protocol (`exec`), where
 *   they run one after the other in one transaction, each seeing the ones before it, as they would
 *   have one by one. Should one fail, none of them stands, and each runs again alone, so each caller
 *   gets its own answer or error.
 *
 * `text` names its parameters $1, $2, … with a cast each, so their types are known when it is prepared.
 */
export interface PreparedStatement {
  /** A PostgreSQL identifier, unique in the app. */
  name: string;
  text: string;
  /**
   * One of the statements every guest sends at once right after the bell (the rating, the quick yes/no,
   * a keyed write's session): on the embedded database it waits for the rest of the event loop's turn
   * and goes with the others (docs/decisions/0135). Every other statement (the door's scan, a plain
   * session) is sent at once.
   */
  together?: true;
}

type Value = number | string | null;

const preparing = new WeakMap<PGlite, Map<string, Promise<unknown>>>();

/** Every value, on either database: a safe integer, a string without a NUL (which would end the text), or null. */
function check(v: Value) {
  if (typeof v === 'number' && !Number.isSafeInteger(v)) throw new Error(`a prepared statement's number must be a safe integer, not ${v}`);
  if (typeof v === 'string' && v.includes('\0')) throw new Error("a prepared statement's string cannot hold a NUL character");
}

const literal = (v: Value): string => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${v.replaceAll("'", "''")}'`);

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
    return together<Row>(client, `EXECUTE ${statement.name}(${values.map(literal).join(', ')})`, statement.together === true);
  }
  return (await (client as pg.Pool).query({ name: statement.name, text: statement.text, values: [...values] })).rows as Row[];
}

/** At most this many EXECUTEs in one message: a burst's 2,000 ratings go as a few dozen. */
const MOST_TOGETHER = 100;

/** Between two EXECUTEs of one message (docs/decisions/0135): tests count the statements by it. */
export const BETWEEN = ';\n';

interface Waiting {
  text: string;
  resolve: (rows: never[]) => void;
  reject: (err: unknown) => void;
}
interface Line {
  /** A send is due (on the next turn) or under way. */
  sending: boolean;
  queue: Waiting[];
  literalsSafe: Promise<boolean> | null;
}
const lines = new WeakMap<PGlite, Line>();

/**
 * The real setImmediate, taken as this module loads, before any test fakes the timers. The embedded
 * database runs inside this process, so while an EXECUTE runs no other request is even read: a
 * `together` EXECUTE waits for the rest of this turn of the event loop, in which the requests that
 * came in together reach theirs, and then goes with them.
 */
const nextTurn: (fn: () => void) => unknown = setImmediate;

/**
 * One EXECUTE on the embedded database, sent with those waiting beside it (docs/decisions/0135);
 * `waitForTheTurn` for the statements of the burst after the bell. Several go in one message only when
 * the database reads a quoted literal as plain text (standard_conforming_strings, asked once):
 * otherwise a value's backslash could end its literal, and each EXECUTE goes alone as before.
 */
function together<Row>(client: PGlite, text: string, waitForTheTurn: boolean): Promise<Row[]> {
  let line = lines.get(client);
  if (!line) {
    line = { sending: false, queue: [], literalsSafe: null };
    lines.set(client, line);
  }
  const q = line;
  return new Promise<Row[]>((resolve, reject) => {
    q.queue.push({ text, resolve: resolve as (rows: never[]) => void, reject });
    if (q.sending) return;
    q.sending = true;
    if (waitForTheTurn) nextTurn(() => void sendWaiting(client, q));
    else void sendWaiting(client, q);
  });
}

async function sendWaiting(client: PGlite, q: Line) {
  try {
    while (q.queue.length) {
      q.literalsSafe ??= client
        .query<{ on: string }>(`SELECT current_setting('standard_conforming_strings') AS on`)
        .then((r) => r.rows[0]?.on === 'on')
        .catch(() => false);
      const safe = await q.literalsSafe;
      const batch = q.queue.splice(0, safe ? MOST_TOGETHER : 1);
      if (batch.length > 1) {
        let results;
        try {
          results = await client.exec(batch.map((b) => b.text).join(BETWEEN));
        } catch {
          results = null; // one failed, so the transaction they shared stored none of them: each again, alone, below
        }
        if (results) {
          // Never expected: a literal that ended early would have made more statements than were sent.
          const mismatch = results.length === batch.length ? null : new Error(`${batch.length} statements sent, ${results.length} answered`);
          batch.forEach((b, i) => (mismatch ? b.reject(mismatch) : b.resolve(results[i]!.rows as never[])));
          continue;
        }
      }
      for (const b of batch) {
        try {
          b.resolve((await client.query(b.text)).rows as never[]);
        } catch (err) {
          b.reject(err);
        }
      }
    }
  } finally {
    q.sending = false;
  }
}
