/**
 * Ratings, matches and contact sharing over HTTP (and the release pushed over the socket):
 * one rating per pair between checked-in guests, matches only from mutual ratings of 4 or
 * more, idempotent recalculation, contacts only when shared or released.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Match } from '@shared/schemas/matching';
import { matches, ratings } from '../../db/schema/index';
import { createTestApp, expectBadInput, signUp, withCookie, type TestContext } from '../../test/harness';
import { heardAfter, holdRounds, joinLive, listen, setUpEvening, type Evening, type LiveClient, type Member } from '../../test/live-helpers';

let t: TestContext;
let base: string;
const clients: LiveClient[] = [];
beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(() => t.close());

const post = (url: string, cookie: string | undefined, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: withCookie(cookie), payload });
const get = (url: string, cookie: string | undefined) => t.app.inject({ method: 'GET', url, headers: withCookie(cookie) });

function rate(eventId: number, rater: Member, rated: Member, rating: number, extra: object = {}) {
  return post(`/api/events/${eventId}/ratings`, rater.cookie, { raterId: rater.user.id, ratedId: rated.user.id, rating, ...extra });
}

async function ratingRows(eventId: number, raterId: number, ratedId: number) {
  return t.db
    .select({ rating: ratings.rating })
    .from(ratings)
    .where(and(eq(ratings.eventId, eventId), eq(ratings.raterId, raterId), eq(ratings.ratedId, ratedId)));
}

async function ratingCount(eventId: number) {
  return Number((await t.db.select({ n: count() }).from(ratings).where(eq(ratings.eventId, eventId)))[0]!.n);
}

const pairOf = (m: Pick<Match, 'user1Id' | 'user2Id'>) => `${m.user1Id}:${m.user2Id}`;
const pair = (x: Member, y: Member) => (x.user.id < y.user.id ? `${x.user.id}:${y.user.id}` : `${y.user.id}:${x.user.id}`);
const other = (m: Match, me: Member) => (m.user1Id === me.user.id ? m.user2 : m.user1);
const self = (m: Match, me: Member) => (m.user1Id === me.user.id ? m.user1 : m.user2);

describe('ratings', () => {
  let ev: Evening;
  let a: Member, b: Member, absent: Member;
  beforeAll(async () => {
    ev = await setUpEvening(t, { guests: 3, checkedIn: 2 });
    [a, b, absent] = ev.guests as [Member, Member, Member];
    await holdRounds(t, ev); // a and b talk in round 1
  });

  it('keeps one rating per pair: a second rating replaces the first', async () => {
    const first = await rate(ev.event.id, a, b, 3, { round: 1 });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ raterId: a.user.id, ratedId: b.user.id, rating: 3, round: 1 });
    const second = await rate(ev.event.id, a, b, 5, { round: 1 });
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().id).toBe(first.json().id);
    expect(await ratingRows(ev.event.id, a.user.id, b.user.id)).toEqual([{ rating: 5 }]);

    const mine = await get(`/api/events/${ev.event.id}/ratings/${a.user.id}`, a.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject([{ ratedId: b.user.id, rating: 5 }]);
    expect(mine.json()).toHaveLength(1);
    // A guest's ratings are theirs alone: the host sees who has rated (progress), never whom they chose (/privacy).
    const byHost = await get(`/api/events/${ev.event.id}/ratings/${a.user.id}`, ev.host.cookie);
    expect(byHost.statusCode).toBe(403);
    expect(byHost.body).not.toContain('"rating"');
    expect((await get(`/api/events/${ev.event.id}/ratings/${a.user.id}`, b.cookie)).statusCode).toBe(403);
  });

  it('refuses a rating in someone else’s name with 403 and stores nothing', async () => {
    const before = await ratingCount(ev.event.id);
    const res = await post(`/api/events/${ev.event.id}/ratings`, a.cookie, { raterId: b.user.id, ratedId: a.user.id, rating: 5 });
    expect(res.statusCode).toBe(403);
    expect(await ratingRows(ev.event.id, b.user.id, a.user.id)).toEqual([]);
    expect(await ratingCount(ev.event.id)).toBe(before);
    // Without a session: 401.
    expect((await post(`/api/events/${ev.event.id}/ratings`, undefined, { raterId: a.user.id, ratedId: b.user.id, rating: 5 })).statusCode).toBe(401);
  });

  it('refuses rating a guest who is not checked in, and rating by a guest who is not, with 409', async () => {
    const res = await rate(ev.event.id, a, absent, 4);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/checked in/);
    expect((await rate(ev.event.id, absent, a, 4)).statusCode).toBe(409);
    const stranger = await signUp(t.app);
    expect((await rate(ev.event.id, a, stranger, 4)).statusCode).toBe(409);
    expect(await ratingRows(ev.event.id, a.user.id, absent.user.id)).toEqual([]);
    expect(await ratingRows(ev.event.id, absent.user.id, a.user.id)).toEqual([]);
  });

  it('refuses rating yourself with 400', async () => {
    const res = await rate(ev.event.id, a, a, 5);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/yourself/);
    expect(await ratingRows(ev.event.id, a.user.id, a.user.id)).toEqual([]);
  });

  it('refuses ratings outside 1-5 (and malformed bodies) with 400 in the bad-input shape', async () => {
    const before = await ratingCount(ev.event.id);
    for (const rating of [0, 6, 3.5, '4', null]) {
      const res = await post(`/api/events/${ev.event.id}/ratings`, b.cookie, { raterId: b.user.id, ratedId: a.user.id, rating });
      expect(
        expectBadInput(res).errors.some((e) => e.path === 'rating'),
        String(rating),
      ).toBe(true);
    }
    expectBadInput(await post(`/api/events/${ev.event.id}/ratings`, b.cookie, { raterId: b.user.id, rating: 4 }));
    expect(await ratingCount(ev.event.id)).toBe(before);
  });

  it('answers 404 for an unknown event', async () => {
    expect((await rate(99_999_999, a, b, 4)).statusCode).toBe(404);
  });
});

describe('matches and contacts', () => {
  let ev: Evening;
  let a: Member, b: Member, c: Member, d: Member, e: Member, absent: Member;
  const matchesOf = async (m: Member, viewer: Member = m) => {
    const res = await get(`/api/events/${ev.event.id}/matches/${m.user.id}`, viewer.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Match[]>();
  };
  const find = (list: Match[], x: Member, y: Member) => list.find((m) => pairOf(m) === pair(x, y));

  beforeAll(async () => {
    ev = await setUpEvening(t, { guests: 6, checkedIn: 5 });
    [a, b, c, d, e, absent] = ev.guests as [Member, Member, Member, Member, Member, Member];
    await holdRounds(t, ev); // five guests, five rounds: everyone talks to everyone
    const given: [Member, Member, number][] = [
      [a, b, 5],
      [b, a, 4], // mutual
      [c, d, 5],
      [d, c, 3], // 5/3: no match
      [a, c, 4],
      [c, a, 4], // mutual at the boundary
      [b, e, 4],
      [e, b, 3], // no match
      [d, e, 4],
      [e, d, 5], // mutual
      [b, c, 5], // one side only: no match
    ];
    for (const [x, y, r] of given) expect((await rate(ev.event.id, x, y, r)).statusCode).toBe(201);
  });

  it('only the host may calculate; matches are exactly the mutual pairs rated 4 or more', async () => {
    const byGuest = await post(`/api/events/${ev.event.id}/calculate-matches`, a.cookie, {});
    expect(byGuest.statusCode).toBe(403);
    expect(await t.db.select().from(matches).where(eq(matches.eventId, ev.event.id))).toEqual([]);

    const res = await post(`/api/events/${ev.event.id}/calculate-matches`, ev.host.cookie, { algorithm: 'balanced' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ matches: 3, algorithm: 'balanced' });

    const all = await get(`/api/events/${ev.event.id}/matches`, ev.host.cookie);
    expect(all.statusCode).toBe(200);
    expect(new Set(all.json<Match[]>().map(pairOf))).toEqual(new Set([pair(a, b), pair(a, c), pair(d, e)]));
    expect((await get(`/api/events/${ev.event.id}/matches`, a.cookie)).statusCode).toBe(403);
    for (const m of all.json<Match[]>()) {
      expect(m.matchScore).toBeGreaterThanOrEqual(1);
      expect(m.matchScore).toBeLessThanOrEqual(5);
      expect(m.contactShared).toBe(false);
    }
  });

  it('recalculating is idempotent and keeps sharing', async () => {
    const mine = find(await matchesOf(a), a, b)!;
    const shared = await post(`/api/events/${ev.event.id}/matches/${mine.id}/share`, a.cookie);
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toMatchObject({ sharedByMe: true, contactShared: false });

    const before = await t.db.select().from(matches).where(eq(matches.eventId, ev.event.id)).orderBy(matches.id);
    for (let i = 0; i < 2; i++) {
      const res = await post(`/api/events/${ev.event.id}/calculate-matches`, ev.host.cookie, {});
      expect(res.statusCode).toBe(200);
      expect(res.json().matches).toBe(3);
    }
    const after = await t.db.select().from(matches).where(eq(matches.eventId, ev.event.id)).orderBy(matches.id);
    expect(after).toEqual(before);
    expect(after.filter((m) => m.user1Shared || m.user2Shared)).toHaveLength(1);
    expect(find(await matchesOf(a), a, b)).toMatchObject({ id: mine.id, sharedByMe: true });
  });

  it("a guest sees only their own matches: another guest's are 403, the host may look", async () => {
    expect((await get(`/api/events/${ev.event.id}/matches/${a.user.id}`, b.cookie)).statusCode).toBe(403);
    expect((await get(`/api/events/${ev.event.id}/matches/${a.user.id}`, absent.cookie)).statusCode).toBe(403);
    expect((await matchesOf(a, ev.host)).map(pairOf).sort()).toEqual([pair(a, b), pair(a, c)].sort());
    expect((await matchesOf(d)).map(pairOf)).toEqual([pair(d, e)]);
    expect(await matchesOf(absent)).toEqual([]);
  });

  it('sharing another match or someone else’s is refused', async () => {
    const de = find(await matchesOf(d), d, e)!;
    expect((await post(`/api/events/${ev.event.id}/matches/${de.id}/share`, a.cookie)).statusCode).toBe(403);
    expect((await post(`/api/events/${ev.event.id}/matches/99999999/share`, a.cookie)).statusCode).toBe(404);
    expect(find(await matchesOf(d), d, e)).toMatchObject({ sharedByMe: false, contactShared: false });
  });

  it('shows contact details only once both shared', async () => {
    // a shared, b has not: neither sees the other's e-mail or phone; each sees their own.
    let ab = find(await matchesOf(a), a, b)!;
    expect(other(ab, a)).toMatchObject({ id: b.user.id, email: null, contactInfo: null });
    expect(self(ab, a)).toMatchObject({ email: a.user.email, contactInfo: a.user.contactInfo });
    expect(other(find(await matchesOf(b), a, b)!, b)).toMatchObject({ email: null, contactInfo: null });
    // The host's list does not reveal them either.
    const hostView = (await get(`/api/events/${ev.event.id}/matches`, ev.host.cookie)).json<Match[]>();
    for (const m of hostView) expect([m.user1.email, m.user2.email, m.user1.contactInfo, m.user2.contactInfo]).toEqual([null, null, null, null]);

    const res = await post(`/api/events/${ev.event.id}/matches/${ab.id}/share`, b.cookie);
    expect(res.statusCode).toBe(200);
    ab = find(await matchesOf(a), a, b)!;
    expect(ab.contactShared).toBe(true);
    expect(other(ab, a)).toMatchObject({ email: b.user.email, contactInfo: '07700 900123' });
    expect(other(find(await matchesOf(b), a, b)!, b)).toMatchObject({ email: a.user.email, contactInfo: '07700 900123' });
    // Other matches stay hidden.
    expect(other(find(await matchesOf(c), a, c)!, c)).toMatchObject({ email: null, contactInfo: null });
    expect(other(find(await matchesOf(a), a, c)!, a)).toMatchObject({ email: null, contactInfo: null });
  });

  it('the host releases contacts: open pages hear it at once, /api/me/matches shows the real matches, ratings close', async () => {
    expect((await get('/api/me/matches', c.cookie)).json()).toEqual({ released: false, matches: [], pending: [], seeAgain: [] });
    const watchers = await Promise.all(
      [c, d, ev.host].map(async (m) => (await joinLive(base, { eventId: ev.event.id, userId: m.user.id, isHost: m === ev.host }, m.cookie)).client),
    );
    clients.push(...watchers);

    // A guest cannot release.
    expect((await post(`/api/events/${ev.event.id}/release-contacts`, c.cookie)).statusCode).toBe(403);
    await heardAfter(t.app, ev.event.id, watchers);
    expect(watchers[0]!.count('contacts_released')).toBe(0);
    expect((await get('/api/me/matches', c.cookie)).json()).toEqual({ released: false, matches: [], pending: [], seeAgain: [] });

    const res = await post(`/api/events/${ev.event.id}/release-contacts`, ev.host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ released: true, matches: 3 });
    // Each guest hears their own matches with the release, exactly as GET /matches/{userId} answers
    // them (docs/decisions/0105): c's one match with a, contacts shown; d's own. The host hears it alone.
    const heard = await Promise.all(watchers.map((w) => w.next('contacts_released')));
    for (const [i, guest] of [c, d].entries()) {
      const asked = await get(`/api/events/${ev.event.id}/matches/${guest.user.id}`, guest.cookie);
      expect(asked.statusCode).toBe(200);
      expect(heard[i]).toEqual({ type: 'contacts_released', eventId: ev.event.id, matches: asked.json() });
    }
    const toC = (heard[0] as { matches: Match[] }).matches;
    expect(toC.map(pairOf)).toEqual([pair(a, c)]);
    expect(other(toC[0]!, c)).toMatchObject({ id: a.user.id, email: a.user.email, contactInfo: '07700 900123' });
    expect(heard[2]).toEqual({ type: 'contacts_released', eventId: ev.event.id });

    const mine = (await get('/api/me/matches', c.cookie)).json<{ released: boolean; matches: (Match & { eventTitle: string })[] }>();
    expect(mine.released).toBe(true);
    expect(mine.matches.map(pairOf)).toEqual([pair(a, c)]);
    expect(mine.matches[0]).toMatchObject({ contactShared: true, eventTitle: ev.event.title });
    expect(other(mine.matches[0]!, c)).toMatchObject({ id: a.user.id, email: a.user.email, contactInfo: '07700 900123' });

    const de = (await get('/api/me/matches', d.cookie)).json<{ matches: Match[] }>().matches;
    expect(de.map(pairOf)).toEqual([pair(d, e)]);
    expect(other(de[0]!, d)).toMatchObject({ email: e.user.email });
    // No match, no contacts: a guest with none sees an empty list, and the 5/3 pair stays unmatched.
    expect((await get('/api/me/matches', absent.cookie)).json()).toEqual({ released: true, matches: [], pending: [], seeAgain: [] });
    expect(find(await matchesOf(c), c, d)).toBeUndefined();

    // Ratings are closed now.
    const before = await ratingCount(ev.event.id);
    const late = await rate(ev.event.id, d, c, 5);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/closed/);
    expect(await ratingCount(ev.event.id)).toBe(before);
    expect(await ratingRows(ev.event.id, d.user.id, c.user.id)).toEqual([{ rating: 3 }]);
  });
});
