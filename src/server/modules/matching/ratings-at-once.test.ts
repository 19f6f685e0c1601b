/**
 * Right after the bell every guest rates at once (issue 37): the ratings that arrive together go in
 * one statement (docs/decisions/0151), and each guest still gets their own answer, their own refusal,
 * their own key answered, and the evening's matches follow the ratings as stored. Over the real route,
 * on PGlite and on PostgreSQL.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { nextBatch } from '../../db/batched';
import { idempotentRequests, matches, ratings } from '../../db/schema/index';
import { createTestApp, withCookie, type TestContext } from '../../test/harness';
import { holdRounds, setUpEvening, type Evening, type Member } from '../../test/live-helpers';
import { statementsSent } from '../../test/statements';
import { MOST_IN_ONE } from './rate-together';

/** RATE_MANY as each database receives it: EXECUTE on PGlite, its own text on PostgreSQL (not the sessions' read, which also starts WITH asked). */
const RATE_MANY_SENT = /^EXECUTE rate_many\(|^\s*WITH asked AS \(\s*SELECT \* FROM jsonb_to_recordset\(\$1::jsonb\) AS x\(i int, e int/;

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rate = (ev: Evening, from: Member, to: Member, rating: number, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/events/${ev.event.id}/ratings`,
    headers: { ...withCookie(from.cookie), ...(key ? { 'idempotency-key': key } : {}) },
    payload: { raterId: from.user.id, ratedId: to.user.id, rating },
  });

type RotationRows = { round: number; a: { id: number }; b: { id: number } | null }[];

describe('ratings sent at once', () => {
  let ev: Evening;
  let pairs: [Member, Member, number][];
  beforeAll(async () => {
    // Twelve guests, two rounds held: each has talked to two others.
    ev = await setUpEvening(t, { guests: 12 });
    await holdRounds(t, ev, 2);
    const res = await t.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/rotation`, headers: withCookie(ev.host.cookie) });
    const guest = (id: number) => ev.present.find((g) => g.user.id === id)!;
    pairs = res
      .json<RotationRows>()
      .filter((r) => r.b && r.round <= 2)
      .map((r) => [guest(r.a.id), guest(r.b!.id), r.round]);
  });

  it('go as a few statements, each guest answered with their own rating, each stored once in the round they met', async () => {
    // Every guest rates both partners at once, each rating keyed as the phones send it: 24 ratings.
    const asked = pairs.flatMap(([a, b, round]) => [
      { from: a, to: b, round, rating: 5, key: `rating-key-${a.user.id}-${b.user.id}` },
      { from: b, to: a, round, rating: 4, key: `rating-key-${b.user.id}-${a.user.id}` },
    ]);
    expect(asked).toHaveLength(24);
    let answers: Awaited<ReturnType<typeof rate>>[] = [];
    const sent = await statementsSent(t.db, async () => {
      answers = await Promise.all(asked.map((x) => rate(ev, x.from, x.to, x.rating, x.key)));
    });
    answers.forEach((res, i) => {
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toEqual({
        id: expect.any(Number),
        raterId: asked[i]!.from.user.id,
        ratedId: asked[i]!.to.user.id,
        rating: asked[i]!.rating,
        round: asked[i]!.round,
        createdAt: expect.any(String),
      });
    });
    // One by one these were 24 rating statements. A guest's two ratings never share one (the second
    // sees the first), so at least two; each lane sends the next as the one before is answered.
    const statements = sent.filter((s) => RATE_MANY_SENT.test(s));
    expect(statements.length).toBeGreaterThanOrEqual(2);
    expect(statements.length).toBeLessThanOrEqual(6);
    const stored = await t.db.select().from(ratings).where(eq(ratings.eventId, ev.event.id));
    expect(stored.map((r) => [r.raterId, r.ratedId, r.rating, r.round]).sort()).toEqual(
      asked.map((x) => [x.from.user.id, x.to.user.id, x.rating, x.round]).sort(),
    );
    // Each key was answered by its own rating's statement: a replay gets the same text and changes nothing.
    const first = asked[3]!;
    const keyRow = await t.db
      .select()
      .from(idempotentRequests)
      .where(and(eq(idempotentRequests.userId, first.from.user.id), eq(idempotentRequests.key, first.key)));
    expect(keyRow[0]?.status).toBe(201);
    const again = await rate(ev, first.from, first.to, first.rating, first.key);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(answers[3]!.body);
    // Every guest's last rating is stored: the evening's matches are every pair who met (all rated 4 or 5).
    const met = pairs.map(([a, b]) => [a.user.id, b.user.id].sort((p, q) => p - q)).sort();
    await vi.waitFor(
      async () => {
        const made = await t.db.select({ a: matches.user1Id, b: matches.user2Id }).from(matches).where(eq(matches.eventId, ev.event.id));
        expect(made.map((m) => [m.a, m.b].sort((p, q) => p - q)).sort()).toEqual(met);
      },
      { timeout: 8_000, interval: 100 },
    );
  });

  it('a refused rating among them says which rule it broke and stores nothing; the others stand', async () => {
    const [a, b] = pairs[0]!;
    const stranger = ev.present.find((g) => !pairs.some(([x, y]) => (x === a && y === g) || (x === g && y === a)) && g !== a)!;
    const answers = await Promise.all([rate(ev, b, a, 2), rate(ev, stranger, a, 3), rate(ev, a, b, 1), rate(ev, a, a, 3)]);
    expect(answers.map((r) => r.statusCode)).toEqual([201, 409, 201, 400]);
    expect(answers[1]!.json().message).toBe('You can rate only the people you sat with in a round that has started');
    const of = (from: Member, to: Member) =>
      t.db
        .select({ rating: ratings.rating })
        .from(ratings)
        .where(and(eq(ratings.eventId, ev.event.id), eq(ratings.raterId, from.user.id), eq(ratings.ratedId, to.user.id)));
    expect(await of(b, a)).toEqual([{ rating: 2 }]);
    expect(await of(a, b)).toEqual([{ rating: 1 }]);
    expect(await of(stranger, a)).toEqual([]);
  });

  it('one guest changing a rating several times at once: one statement each, one rating kept, each answer its own', async () => {
    const [a, b] = pairs[1]!;
    let answers: Awaited<ReturnType<typeof rate>>[] = [];
    const sent = await statementsSent(t.db, async () => {
      answers = await Promise.all([1, 2, 3, 4, 5].map((n) => rate(ev, a, b, n)));
    });
    expect(answers.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    // The same rating row each time, each answer its own value: a guest's ratings never share a statement.
    expect(new Set(answers.map((r) => r.json<{ id: number }>().id)).size).toBe(1);
    expect(answers.map((r) => r.json<{ rating: number }>().rating)).toEqual([1, 2, 3, 4, 5]);
    const many = sent.filter((s) => RATE_MANY_SENT.test(s));
    expect(many, sent.join('\n---\n')).toHaveLength(5);
    const stored = await t.db
      .select({ rating: ratings.rating })
      .from(ratings)
      .where(and(eq(ratings.eventId, ev.event.id), eq(ratings.raterId, a.user.id), eq(ratings.ratedId, b.user.id)));
    expect(stored).toHaveLength(1);
    expect([1, 2, 3, 4, 5]).toContain(stored[0]!.rating);
  });
});

describe('a batch', () => {
  const ask = (eventId: number, raterId: number) => ({ v: { eventId, raterId } });
  it('takes the asks in order, at most one per rater and evening, and at most MOST_IN_ONE', () => {
    const queue = [ask(1, 10), ask(1, 11), ask(1, 10), ask(2, 10), ask(1, 11), ask(1, 12)];
    const key = (x: { v: { eventId: number; raterId: number } }) => `${x.v.eventId}:${x.v.raterId}`;
    const { batch, rest } = nextBatch(queue, MOST_IN_ONE, key);
    expect(batch).toEqual([ask(1, 10), ask(1, 11), ask(2, 10), ask(1, 12)]);
    expect(rest).toEqual([ask(1, 10), ask(1, 11)]);
    const many = Array.from({ length: MOST_IN_ONE + 5 }, (_, i) => ask(1, i));
    const split = nextBatch(many, MOST_IN_ONE, key);
    expect(split.batch).toHaveLength(MOST_IN_ONE);
    expect(split.rest).toEqual(many.slice(MOST_IN_ONE));
  });
});
