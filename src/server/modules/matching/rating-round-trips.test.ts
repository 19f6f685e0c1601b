/**
 * Right after the bell every guest rates at once (issue 37): a rating is one statement that keeps
 * every rule (docs/decisions/0092), so the embedded database's single connection is not held for a
 * string of reads per rating. Counted here as the statements the database receives for one rating
 * over the real route, on PGlite and on PostgreSQL: a change that adds a read to this path fails.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matches } from '../../db/schema/index';
import { createTestApp, withCookie, type TestContext } from '../../test/harness';
import { holdRounds, setUpEvening, type Evening, type Member } from '../../test/live-helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The SQL the database receives while `fn` runs. */
async function statementsDuring(fn: () => Promise<unknown>): Promise<string[]> {
  const client = (t.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const original = client.query;
  const seen: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0];
    seen.push(typeof first === 'string' ? first : String((first as { text?: string }).text ?? ''));
    return original.apply(this, args);
  };
  try {
    await fn();
  } finally {
    client.query = original;
  }
  return seen;
}

describe('a rating right after the bell', () => {
  let ev: Evening;
  let x: Member;
  let y: Member;
  beforeAll(async () => {
    ev = await setUpEvening(t, { guests: 4 });
    await holdRounds(t, ev, 1);
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/rotation`, headers: withCookie(ev.host.cookie) });
    const row = res.json<{ round: number; a: { id: number }; b: { id: number } | null }[]>().find((r) => r.round === 1 && r.b)!;
    x = ev.present.find((g) => g.user.id === row.a.id)!;
    y = ev.present.find((g) => g.user.id === row.b!.id)!;
  });

  it('is stored by one statement, with the session read before it and nothing else', async () => {
    const sent = await statementsDuring(async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/events/${ev.event.id}/ratings`,
        headers: withCookie(x.cookie),
        payload: { raterId: x.user.id, ratedId: y.user.id, rating: 5 },
      });
      expect(res.statusCode, res.body).toBe(201);
    });
    // Before (issue 37's measure): 12 statements, 8 of them reads ahead of the insert on the one connection.
    const touchingRatings = sent.filter((s) => /"ratings"/.test(s));
    expect(touchingRatings, sent.join('\n---\n')).toHaveLength(1);
    expect(touchingRatings[0]).toMatch(/^\s*WITH met AS/);
    // The session, the rating, and the evening read once for the hosts' 'ratings updated' (on PostgreSQL the bus's
    // pg_notify to the other instances comes on top).
    const data = sent.filter((s) => !/^SELECT pg_notify/.test(s));
    expect(data.length, sent.join('\n---\n')).toBeLessThanOrEqual(3);
    const mine = await t.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/ratings/${x.user.id}`, headers: withCookie(x.cookie) });
    expect(mine.json()).toEqual([expect.objectContaining({ raterId: x.user.id, ratedId: y.user.id, rating: 5, round: 1 })]);
  });

  it('a refused rating still says which rule it broke, and stores nothing', async () => {
    const outsider = ev.present.find((g) => g.user.id !== x.user.id && g.user.id !== y.user.id)!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${ev.event.id}/ratings`,
      headers: withCookie(outsider.cookie),
      payload: { raterId: outsider.user.id, ratedId: y.user.id, rating: 4 },
    });
    const roundOne = (await t.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/rotation`, headers: withCookie(ev.host.cookie) }))
      .json<{ round: number; a: { id: number }; b: { id: number } | null }[]>()
      .filter((r) => r.round === 1);
    const satWithY = roundOne.some((r) => (r.a.id === outsider.user.id && r.b?.id === y.user.id) || (r.b?.id === outsider.user.id && r.a.id === y.user.id));
    expect(satWithY).toBe(false);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('You can rate only the people you sat with in a round that has started');
    const theirs = await t.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/ratings/${outsider.user.id}`, headers: withCookie(outsider.cookie) });
    expect(theirs.json()).toEqual([]);
  });

  it("a guest's last rating still makes the evening's matches at once (the same statement says it was the last)", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${ev.event.id}/ratings`,
      headers: withCookie(y.cookie),
      payload: { raterId: y.user.id, ratedId: x.user.id, rating: 5 },
    });
    expect(res.statusCode, res.body).toBe(201);
    const made = await t.db.select({ a: matches.user1Id, b: matches.user2Id }).from(matches).where(eq(matches.eventId, ev.event.id));
    expect(made.map((m) => [m.a, m.b].sort((p, q) => p - q))).toEqual([[x.user.id, y.user.id].sort((p, q) => p - q)]);
  });
});
