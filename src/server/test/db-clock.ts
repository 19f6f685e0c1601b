/**
 * Waiting for the database's clock instead of sleeping (docs/decisions/0095-tests-wait-for-events-not-time.md).
 * A test that shows a stamp is kept (a first check-in, a first read) needs the clock that writes the
 * stamp to have moved on, or a stamp written again could equal the first by chance. The stamps are the
 * database's now(), so the test waits for that clock to pass the first stamp, rather than for a while.
 */
import { sql } from 'drizzle-orm';
import { expect, vi } from 'vitest';
import type { Db } from '../db/client';

/** Resolves once the database's clock reads at least a millisecond after `at`. */
export async function dbClockPast(db: Db, at: Date | string) {
  const after = new Date(at).getTime() + 1;
  await vi.waitFor(
    async () => {
      const res = (await db.execute(sql`select (extract(epoch from clock_timestamp()) * 1000)::float8 as ms`)) as unknown as { rows: { ms: number }[] };
      expect(Number(res.rows[0]!.ms)).toBeGreaterThanOrEqual(after);
    },
    { timeout: 2_000, interval: 1 },
  );
}
