/**
 * Prepared statements (docs/decisions/0102, 0113): on the embedded database each EXECUTE is written
 * with its values as literals. Values with quotes, semicolons and backslashes come back exactly as
 * sent and run nothing else; a NUL (which would end the statement's text) is refused before
 * anything is sent, on both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { statementsSent } from '../test/statements';
import { runPrepared, type PreparedStatement } from './prepared';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ECHO: PreparedStatement = { name: 'test_echo', text: 'SELECT $1::text AS t, $2::int AS n, ($1::text = $3::text) AS same' };

it('a value with quotes, a semicolon and backslashes comes back as sent, and nothing else runs', async () => {
  const tricky = `O'Brien'); DROP TABLE users; -- \\' \\\\ ''`;
  const users = async () => ((await t.db.execute(sql`SELECT count(*)::int AS n FROM users`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  const before = await users();
  const rows = await runPrepared<{ t: string; n: number; same: boolean }>(t.db, ECHO, [tricky, 42, tricky]);
  expect(rows).toEqual([{ t: tricky, n: 42, same: true }]);
  expect(await users()).toBe(before);
});

it('a null is sent as SQL NULL, not as text (docs/decisions/0137: an admin scanning at any evening)', async () => {
  const rows = await runPrepared<{ t: string | null; n: number | null; same: boolean | null }>(t.db, ECHO, [null, null, 'NULL']);
  expect(rows).toEqual([{ t: null, n: null, same: null }]);
});

it('a NUL in a value is refused before anything is sent; so is a number that is not a safe integer', async () => {
  const sent = await statementsSent(t.db, async () => {
    await expect(runPrepared(t.db, ECHO, ['a\0b', 1, 'a'])).rejects.toThrow(/NUL/);
    await expect(runPrepared(t.db, ECHO, ['a', 1.5, 'a'])).rejects.toThrow(/safe integer/);
  });
  expect(sent.filter((s) => /test_echo/.test(s))).toEqual([]);
});

// docs/decisions/0135: at a rush, EXECUTEs that wait for the embedded database's one connection go together.
const onPostgres = !!process.env.DATABASE_URL;
const ADD: PreparedStatement = { name: 'test_together_add', text: 'INSERT INTO test_together (id) VALUES ($1::int) RETURNING id' };
const COUNT: PreparedStatement = { name: 'test_together_count', text: 'SELECT count(*)::int AS n FROM test_together WHERE id <= $1::int' };
const ids = async () =>
  ((await t.db.execute(sql`SELECT id FROM test_together ORDER BY id`)) as unknown as { rows: { id: number }[] }).rows.map((r) => Number(r.id));

describe('many statements at once', () => {
  beforeAll(() => t.db.execute(sql`CREATE TABLE test_together (id int PRIMARY KEY)`));
  beforeEach(() => t.db.execute(sql`DELETE FROM test_together`));
  afterAll(() => t.db.execute(sql`DROP TABLE test_together`));

  it('fifty at once each get their own answer, and on the embedded database they go as a few messages', async () => {
    const client = (t.db as unknown as { $client: { exec?: (...a: unknown[]) => unknown } }).$client;
    const exec = client.exec;
    let messages = 0;
    if (exec)
      client.exec = function (this: unknown, ...args: unknown[]) {
        messages++;
        return exec.apply(this, args);
      };
    try {
      const values = Array.from({ length: 50 }, (_, i) => `guest ${i} 'quoted'; ${i}`);
      const rows = await Promise.all(values.map((v, i) => runPrepared<{ t: string; n: number }>(t.db, ECHO, [v, i, v])));
      expect(rows.map((r) => r[0])).toEqual(values.map((v, i) => ({ t: v, n: i, same: true })));
      if (!onPostgres) {
        expect(messages).toBeGreaterThan(0);
        expect(messages).toBeLessThanOrEqual(2);
      }
    } finally {
      if (exec) client.exec = exec;
    }
  });

  it('one that fails fails alone: its caller gets the error, every other is stored once', async () => {
    await runPrepared(t.db, ADD, [7]);
    const sent = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    const outcomes = await Promise.allSettled(sent.map((id) => runPrepared<{ id: number }>(t.db, ADD, [id])));
    const refused = outcomes.flatMap((o, i) => (o.status === 'rejected' ? [sent[i]] : []));
    expect(refused).toEqual([7]);
    expect(String((outcomes[6] as PromiseRejectedResult).reason)).toMatch(/duplicate key/);
    expect(outcomes.flatMap((o) => (o.status === 'fulfilled' ? o.value.map((r) => Number(r.id)) : []))).toEqual([1, 2, 3, 4, 5, 6, 8, 9, 10]);
    expect(await ids()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it.skipIf(onPostgres)('on the embedded database, a statement alone waits for nothing: it is answered before the turn of the event loop ends', async () => {
    let turnEnded = false;
    setImmediate(() => (turnEnded = true));
    expect(await runPrepared<{ n: number }>(t.db, ECHO, ['alone', 1, 'alone'])).toEqual([{ t: 'alone', n: 1, same: true }]);
    expect(turnEnded).toBe(false);
  });

  it.skipIf(onPostgres)('on the embedded database, each sees those sent before it, as one by one', async () => {
    const counts = await Promise.all([1, 2, 3, 4, 5].flatMap((id) => [runPrepared(t.db, ADD, [id]), runPrepared<{ n: number }>(t.db, COUNT, [id])]));
    expect(counts.filter((_, i) => i % 2 === 1).map((r) => Number((r[0] as { n: number }).n))).toEqual([1, 2, 3, 4, 5]);
  });
});
