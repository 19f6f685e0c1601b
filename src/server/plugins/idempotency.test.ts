/**
 * Idempotency keys (plugins/idempotency.ts, docs/decisions/0051): a rating or reaction a phone kept
 * offline and sends again (its answer lost, or two copies racing) is stored once, and every copy
 * gets the first answer; an old copy arriving after a newer rating does not undo it.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotentRequests, ratings } from '../db/schema/index';
import { createTestApp, withCookie, type TestContext } from '../test/harness';
import { holdRounds, setUpEvening, type Evening, type Member } from '../test/live-helpers';
import { forgetOldIdempotencyKeys, KEEP_MS, REPLAYED_HEADER } from './idempotency';

let t: TestContext;
let ev: Evening;
let a: Member, b: Member, c: Member;
beforeAll(async () => {
  t = await createTestApp();
  ev = await setUpEvening(t, { guests: 3 });
  [a, b, c] = ev.guests as [Member, Member, Member];
  await holdRounds(t, ev); // three rounds: each two of them talk once
});
afterAll(() => t.close());

function rate(rater: Member, rated: Member, rating: number, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/events/${ev.event.id}/ratings`,
    headers: withCookie(rater.cookie, key ? { 'idempotency-key': key } : {}),
    payload: { raterId: rater.user.id, ratedId: rated.user.id, rating, round: 1 },
  });
}

async function stored(rater: Member, rated: Member) {
  return t.db
    .select({ id: ratings.id, rating: ratings.rating })
    .from(ratings)
    .where(and(eq(ratings.eventId, ev.event.id), eq(ratings.raterId, rater.user.id), eq(ratings.ratedId, rated.user.id)));
}

describe('a write sent with an Idempotency-Key', () => {
  it('sent ten times at once: stored once, every copy gets the same answer, nine of them replays', async () => {
    const key = 'rate-a-b-00000001';
    const answers = await Promise.all(Array.from({ length: 10 }, () => rate(a, b, 4, key)));
    for (const res of answers) expect(res.statusCode, res.body).toBe(201);
    const bodies = new Set(answers.map((r) => r.body));
    expect(bodies.size).toBe(1);
    expect(answers.filter((r) => r.headers[REPLAYED_HEADER] === 'true')).toHaveLength(9);
    expect(await stored(a, b)).toEqual([{ id: answers[0]!.json<{ id: number }>().id, rating: 4 }]);
  });

  it('a copy arriving after a newer rating answers what it answered then, and does not undo the newer rating', async () => {
    const first = await rate(a, c, 2, 'rate-a-c-00000001');
    expect(first.statusCode).toBe(201);
    const newer = await rate(a, c, 5, 'rate-a-c-00000002');
    expect(newer.statusCode).toBe(201);
    const late = await rate(a, c, 2, 'rate-a-c-00000001');
    expect(late.statusCode).toBe(201);
    expect(late.headers[REPLAYED_HEADER]).toBe('true');
    expect(late.json()).toMatchObject({ rating: 2 });
    expect(await stored(a, c)).toEqual([{ id: first.json<{ id: number }>().id, rating: 5 }]);
  });

  it('a refusal is replayed as the same refusal', async () => {
    const self = await rate(b, b, 5, 'rate-b-b-00000001');
    expect(self.statusCode).toBe(400);
    const again = await rate(b, b, 5, 'rate-b-b-00000001');
    expect(again.statusCode).toBe(400);
    expect(again.headers[REPLAYED_HEADER]).toBe('true');
    expect(again.json()).toEqual(self.json());
  });

  it('keys are per member: the same key from another guest is their own write', async () => {
    const key = 'shared-key-000001';
    expect((await rate(b, c, 3, key)).statusCode).toBe(201);
    const other = await rate(c, b, 4, key);
    expect(other.statusCode).toBe(201);
    expect(other.headers[REPLAYED_HEADER]).toBeUndefined();
    expect(await stored(c, b)).toMatchObject([{ rating: 4 }]);
  });

  it('refuses a key reused for a different request, and a malformed key, with 400 and stores nothing', async () => {
    const key = 'rate-b-a-00000001';
    expect((await rate(b, a, 3, key)).statusCode).toBe(201);
    const reused = await rate(b, a, 1, key);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toMatch(/different request/);
    const bad = await rate(c, a, 1, 'no spaces!');
    expect(bad.statusCode).toBe(400);
    expect(await stored(b, a)).toMatchObject([{ rating: 3 }]);
    expect(await stored(c, a)).toEqual([]);
  });

  it('a reaction sent twice is one reaction', async () => {
    const react = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/events/${ev.event.id}/feedback`,
        headers: withCookie(a.cookie, { 'idempotency-key': 'react-a-000000001' }),
        payload: { eventId: ev.event.id, userId: a.user.id, emoji: 'party' },
      });
    const [one, two] = await Promise.all([react(), react()]);
    expect(one.statusCode, one.body).toBe(200);
    expect(two.body).toBe(one.body);
    const list = await t.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/feedback` });
    expect(list.json()).toEqual([{ emoji: 'party' }]);
  });

  it("a visitor's key is not kept: 401, and nothing is claimed for anybody", async () => {
    const before = await t.db.select({ key: idempotentRequests.key }).from(idempotentRequests);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/events/${ev.event.id}/ratings`,
      headers: { 'idempotency-key': 'visitor-key-0001' },
      payload: { raterId: a.user.id, ratedId: b.user.id, rating: 5, round: 1 },
    });
    expect(res.statusCode).toBe(401);
    expect(await t.db.select({ key: idempotentRequests.key }).from(idempotentRequests)).toEqual(before);
  });

  it('an answer of "too many" (429) is not kept with its key: its retry is not refused for two days', async () => {
    // The emoji widget allows SEND_LIMITS.feedback (20 an hour); c's 21st is refused.
    const react = (key: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/events/${ev.event.id}/feedback`,
        headers: withCookie(c.cookie, { 'idempotency-key': key }),
        payload: { eventId: ev.event.id, userId: c.user.id, emoji: 'clap' },
      });
    const sent: string[] = [];
    let refusedKey: string | null = null;
    for (let i = 0; i < 30 && !refusedKey; i++) {
      const key = `react-c-limit-${String(i).padStart(4, '0')}`;
      sent.push(key);
      const res = await react(key);
      if (res.statusCode === 429) refusedKey = key;
      else expect(res.statusCode, res.body).toBe(200);
    }
    expect(refusedKey).not.toBeNull();
    const kept = (
      await t.db
        .select({ key: idempotentRequests.key, status: idempotentRequests.status })
        .from(idempotentRequests)
        .where(eq(idempotentRequests.userId, c.user.id))
    ).filter((k) => sent.includes(k.key));
    // Every key answered 200 is kept; the refused one is released, so its retry is not answered 429 for two days.
    expect(kept.map((k) => k.key).sort()).toEqual(sent.filter((k) => k !== refusedKey).sort());
    expect(kept.every((k) => k.status === 200)).toBe(true);
  });

  it('keys are forgotten after two days', async () => {
    const n = async () => Number((await t.db.select({ n: count() }).from(idempotentRequests))[0]!.n);
    expect(await n()).toBeGreaterThan(0);
    await forgetOldIdempotencyKeys(t.db, new Date(Date.now() + KEEP_MS + 60_000));
    expect(await n()).toBe(0);
  });
});
