/**
 * Prepared statements (docs/decisions/0102, 0113): on the embedded database each EXECUTE is written
 * with its values as literals. Values with quotes, semicolons and backslashes come back exactly as
 * sent and run nothing else; a NUL (which would end the statement's text) is refused before
 * anything is sent, on both databases.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
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

it('a NUL in a value is refused before anything is sent; so is a number that is not a safe integer', async () => {
  const sent = await statementsSent(t.db, async () => {
    await expect(runPrepared(t.db, ECHO, ['a\0b', 1, 'a'])).rejects.toThrow(/NUL/);
    await expect(runPrepared(t.db, ECHO, ['a', 1.5, 'a'])).rejects.toThrow(/safe integer/);
  });
  expect(sent.filter((s) => /test_echo/.test(s))).toEqual([]);
});
