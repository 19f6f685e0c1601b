/**
 * The event read by nearly every request is one prepared statement (docs/decisions/0102): it must
 * answer what the drizzle read of eventColumns answers, for every kind of evening (past, completed,
 * full, with seats held for the waitlist, without a venue or host), inside a transaction too.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, users } from '../../db/schema/index';
import { loadDemoData } from '../../demo/seed';
import { createTestApp, type TestContext } from '../../test/harness';
import { statementsSent } from '../../test/statements';
import { findEvent, findEventAsDrizzleReads } from './queries';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
  await loadDemoData(t.db);
});
afterAll(() => t.close());

describe('the event read', () => {
  it('answers as the drizzle read for every demo evening, one with seats offered to the waitlist and one ended by its host among them', async () => {
    const ids = (await t.db.select({ id: events.id }).from(events)).map((r) => r.id);
    expect(ids.length).toBeGreaterThan(3);
    const [offered, ended] = ids as [number, number];
    // Two seats held for the first in line (an offer for two), and an evening its host ended early.
    const [member] = await t.db.select({ id: users.id }).from(users).orderBy(users.id).limit(1);
    await t.db.execute(
      sql`insert into event_waitlist (event_id, user_id, status, seats, offered_at, offer_expires_at) values (${offered}, ${member!.id}, 'offered', 2, now(), now() + interval '1 day')`,
    );
    await t.db.execute(sql`update events set status = 'completed', ends_at = now() + interval '1 hour' where id = ${ended}`);
    for (const id of ids) expect(await findEvent(t.db, id), `event ${id}`).toEqual(await findEventAsDrizzleReads(t.db, id));
    expect((await findEvent(t.db, offered))!.seatsHeldForWaitlist).toBe(2);
    expect((await findEvent(t.db, ended))!.status).toBe('completed');
    // Inside a transaction it reads on the transaction's connection (a prepared read outside it would wait for it).
    const expected = await findEventAsDrizzleReads(t.db, offered);
    await t.db.transaction(async (tx) => {
      expect(await findEvent(tx as unknown as typeof t.db, offered)).toEqual(expected);
    });
  });

  it('is one prepared statement, and an evening that does not exist is none', async () => {
    const [first] = await t.db.select({ id: events.id }).from(events).limit(1);
    const sent = await statementsSent(t.db, () => findEvent(t.db, first!.id));
    expect(sent).toHaveLength(1);
    // PGlite: EXECUTE find_event(...); PostgreSQL: the named statement's text.
    expect(sent[0]).toMatch(/find_event|FROM events e WHERE e.id = \$1::int/);
    expect(await findEvent(t.db, 987_654)).toBeNull();
    expect(await findEvent(t.db, 2 ** 40)).toBeNull();
  });
});
