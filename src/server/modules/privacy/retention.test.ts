/**
 * The retention sweep (docs/decisions/0044), by an injected clock: ratings and arrival reports of an
 * evening are deleted RETENTION_DAYS after it ends, not a minute before; matches, their sharing and
 * the friend groups they make stay; the sweep claims each evening exactly once however many
 * instances run it at the same moment; and the demo's launch night (May 2025) keeps its matches.
 */
import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MyGroups } from '@shared/schemas/friend-groups';
import type { MyMatches } from '@shared/schemas/matching';
import { arrivalStates, conversationQuestions, events, matches, ratings, users } from '../../db/schema/index';
import { loadDemoData } from '../../demo/seed';
import { createTestApp, loginWithCode, withCookie, type TestContext } from '../../test/harness';
import { holdRounds, setUpEvening, type Evening, type Member } from '../../test/live-helpers';
import { RATINGS_DELETED, releaseDue } from '../matching/service';
import { sweepRetention } from './retention';

const DAY = 86_400_000;

/** The app's clock: the real time unless a test moves it. */
let clock: Date | null = null;
const now = () => clock ?? new Date();

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ now, env: { RETENTION_DAYS: '90', SESSION_DAYS: '14' } });
});
afterEach(() => {
  clock = null;
});
afterAll(() => t.close());

const post = (app: TestContext['app'], url: string, cookie: string | undefined, payload: object = {}) =>
  app.inject({ method: 'POST', url, headers: withCookie(cookie), payload });
const get = (app: TestContext['app'], url: string, cookie: string | undefined) => app.inject({ method: 'GET', url, headers: withCookie(cookie) });

async function rate(ev: Evening, from: Member, to: Member, rating: number) {
  const res = await post(t.app, `/api/events/${ev.event.id}/ratings`, from.cookie, { raterId: from.user.id, ratedId: to.user.id, rating });
  expect(res.statusCode, res.body).toBe(201);
}

const ratingsOf = async (eventId: number) => (await t.db.select({ n: count() }).from(ratings).where(eq(ratings.eventId, eventId)))[0]!.n;
const arrivalsOf = async (eventId: number) => (await t.db.select({ n: count() }).from(arrivalStates).where(eq(arrivalStates.eventId, eventId)))[0]!.n;
const guideQuestionsOf = async (eventId: number) =>
  (await t.db.select({ n: count() }).from(conversationQuestions).where(eq(conversationQuestions.eventId, eventId)))[0]!.n;
const endOf = async (eventId: number) => (await t.db.select({ endsAt: events.endsAt }).from(events).where(eq(events.id, eventId)))[0]!.endsAt;

describe('GET /api/privacy', () => {
  it('tells a visitor the configured retention and login length, for the public /privacy page', async () => {
    const res = await get(t.app, '/api/privacy', undefined);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      retentionDays: 90,
      sessionDays: 14,
      autoReleaseHours: 24,
      noShows: { limit: 2, windowDays: 183, pauseDays: 30, keptDays: 213 },
    });
  });
});

describe('an evening RETENTION_DAYS after it ended', () => {
  let ev: Evening;
  let later: Evening;
  let a: Member, b: Member, c: Member, d: Member;
  let endsAt: Date;
  beforeAll(async () => {
    // a, b and c all rate each other 5 (three matches, a friend group); a and d meet without a match.
    ev = await setUpEvening(t, { guests: 4 });
    [a, b, c, d] = ev.guests as [Member, Member, Member, Member];
    await holdRounds(t, ev); // three rounds: each two of them talk once
    // a and their partner of the last round are given its conversation guide question (docs/decisions/0081).
    expect((await get(t.app, `/api/events/${ev.event.id}/conversation-guide`, a.cookie)).statusCode).toBe(200);
    for (const [x, y] of [
      [a, b],
      [a, c],
      [b, c],
    ] as const) {
      await rate(ev, x, y, 5);
      await rate(ev, y, x, 5);
    }
    await rate(ev, a, d, 3);
    await rate(ev, d, a, 2);
    // c and d reported where they were on /arrival.
    for (const g of [c, d]) {
      const res = await post(t.app, `/api/events/${ev.event.id}/arrival`, g.cookie, {
        permission: 'granted',
        position: { latitude: 53.5331, longitude: -2.2861, accuracy: 12 },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // The host calculates the matches; a presses Share Contact on the match with b.
    expect((await post(t.app, `/api/events/${ev.event.id}/calculate-matches`, ev.host.cookie, { algorithm: 'balanced' })).json().matches).toBe(3);
    const mine = (await get(t.app, `/api/events/${ev.event.id}/matches/${a.user.id}`, a.cookie)).json<{ id: number; user1Id: number; user2Id: number }[]>();
    const withB = mine.find((m) => m.user1Id === b.user.id || m.user2Id === b.user.id)!;
    expect((await post(t.app, `/api/events/${ev.event.id}/matches/${withB.id}/share`, a.cookie)).statusCode).toBe(200);
    // A later evening, whose ratings must outlive this one's.
    later = await setUpEvening(t, { guests: 2 });
    const [x, y] = later.guests as [Member, Member];
    await holdRounds(t, later);
    await rate(later, x, y, 4);
    expect((await get(t.app, `/api/events/${later.event.id}/conversation-guide`, x.cookie)).statusCode).toBe(200);
    endsAt = await endOf(ev.event.id);
    expect(await ratingsOf(ev.event.id)).toBe(8);
    expect(await arrivalsOf(ev.event.id)).toBe(2);
    expect(await guideQuestionsOf(ev.event.id)).toBe(2);
  });

  it('a minute before the 90th day, nothing is deleted', async () => {
    clock = new Date(endsAt.getTime() + 90 * DAY - 60_000);
    const result = await sweepRetention(t.app, t.config.retentionDays);
    expect(result.events).not.toContain(ev.event.id);
    expect(await ratingsOf(ev.event.id)).toBe(8);
    expect(await arrivalsOf(ev.event.id)).toBe(2);
  });

  it('on the 90th day its ratings and arrival reports are deleted, its matches and their sharing are kept, and a later evening is untouched', async () => {
    const matchesBefore = await t.db.select().from(matches).where(eq(matches.eventId, ev.event.id)).orderBy(matches.id);
    expect(matchesBefore).toHaveLength(3);
    clock = new Date(endsAt.getTime() + 90 * DAY);
    const result = await sweepRetention(t.app, t.config.retentionDays);
    expect(result.events).toContain(ev.event.id);
    expect(result.events).not.toContain(later.event.id);
    expect(result.ratings).toBe(8);
    expect(result.arrivalReports).toBe(2);
    expect(result.guideQuestions).toBe(2);
    expect(await guideQuestionsOf(ev.event.id)).toBe(0);
    expect(await guideQuestionsOf(later.event.id)).toBe(2);
    expect(await ratingsOf(ev.event.id)).toBe(0);
    expect(await arrivalsOf(ev.event.id)).toBe(0);
    expect(await ratingsOf(later.event.id)).toBe(1);
    // The same rows: ids, scores and the share a pressed.
    expect(await t.db.select().from(matches).where(eq(matches.eventId, ev.event.id)).orderBy(matches.id)).toEqual(matchesBefore);
    // Swept once: the next sweep finds nothing to do.
    expect(await sweepRetention(t.app, t.config.retentionDays)).toEqual({
      events: [],
      ratings: 0,
      arrivalReports: 0,
      accessNeeds: 0,
      guideQuestions: 0,
      meetups: 0,
      metAgain: 0,
    });
  });

  it('afterwards no rating is taken, and recalculating or releasing keeps the matches', async () => {
    clock = new Date(endsAt.getTime() + 91 * DAY);
    const res = await post(t.app, `/api/events/${ev.event.id}/ratings`, a.cookie, { raterId: a.user.id, ratedId: d.user.id, rating: 5 });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(RATINGS_DELETED);
    expect(await ratingsOf(ev.event.id)).toBe(0);

    const calc = await post(t.app, `/api/events/${ev.event.id}/calculate-matches`, ev.host.cookie, { algorithm: 'personality' });
    expect(calc.statusCode, calc.body).toBe(200);
    expect(calc.json().matches).toBe(3);
    // The automatic release (24 hours after the evening) calculates before it releases: still three.
    expect(await releaseDue(t.db, now())).toContain(ev.event.id);
    expect(await t.db.select({ n: count() }).from(matches).where(eq(matches.eventId, ev.event.id))).toEqual([{ n: 3 }]);
  });

  it('/my-matches shows the matches with their contacts, and /friend-groups the group of three', async () => {
    clock = new Date(endsAt.getTime() + 91 * DAY);
    const mine = (await get(t.app, '/api/me/matches', a.cookie)).json<MyMatches>();
    const here = mine.matches.filter((m) => m.eventId === ev.event.id);
    expect(here.map((m) => [m.user1Id, m.user2Id].find((id) => id !== a.user.id)).sort()).toEqual([b.user.id, c.user.id].sort());
    const withB = here.find((m) => m.user1Id === b.user.id || m.user2Id === b.user.id)!;
    expect(withB.contactShared).toBe(true);
    expect([withB.user1.email, withB.user2.email]).toContain(b.user.email);
    const groups = (await get(t.app, '/api/me/groups', c.cookie)).json<MyGroups>();
    expect(groups.groups.map((g) => g.members.map((m) => m.id).sort())).toEqual([[a.user.id, b.user.id, c.user.id].sort()]);
    // d met a without a match: still no match.
    expect((await get(t.app, '/api/me/matches', d.cookie)).json<MyMatches>().matches.filter((m) => m.eventId === ev.event.id)).toEqual([]);
  });

  it('an arrival report sent after the sweep goes on the next sweep', async () => {
    const res = await post(t.app, `/api/events/${ev.event.id}/arrival`, d.cookie, { permission: 'denied' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await arrivalsOf(ev.event.id)).toBe(1);
    clock = new Date(endsAt.getTime() + 92 * DAY);
    expect((await sweepRetention(t.app, t.config.retentionDays)).arrivalReports).toBe(1);
    expect(await arrivalsOf(ev.event.id)).toBe(0);
  });
});

describe('two instances sweeping at the same moment', () => {
  it('claim each due evening once between them, and delete each rating once', async () => {
    const second = await createTestApp({ now, shareDatabaseWith: t });
    try {
      const evenings: Evening[] = [];
      for (let i = 0; i < 3; i++) {
        const ev = await setUpEvening(t, { guests: 2 });
        const [x, y] = ev.guests as [Member, Member];
        await holdRounds(t, ev);
        await rate(ev, x, y, 5);
        await rate(ev, y, x, 4);
        evenings.push(ev);
      }
      const ids = evenings.map((e) => e.event.id);
      const latest = Math.max(...(await Promise.all(ids.map(endOf))).map((e) => e.getTime()));
      clock = new Date(latest + 365 * DAY);
      const due = (
        await t.db
          .select({ id: events.id })
          .from(events)
          .where(and(isNull(events.personalDataPurgedAt)))
      ).map((e) => e.id);
      const dueRatings = (await t.db.select({ n: count() }).from(ratings).where(inArray(ratings.eventId, due)))[0]!.n;
      expect(due).toEqual(expect.arrayContaining(ids));

      const [one, two] = await Promise.all([sweepRetention(t.app, 90), sweepRetention(second.app, 90)]);
      expect([...one.events, ...two.events].sort((p, q) => p - q)).toEqual([...due].sort((p, q) => p - q));
      expect(one.events.filter((id) => two.events.includes(id))).toEqual([]);
      expect(one.ratings + two.ratings).toBe(dueRatings);
      expect((await t.db.select({ n: count() }).from(ratings).where(inArray(ratings.eventId, ids)))[0]!.n).toBe(0);
      // Each evening's mutual pair is still a match.
      expect((await t.db.select({ n: count() }).from(matches).where(inArray(matches.eventId, ids)))[0]!.n).toBe(3);
    } finally {
      await second.close();
    }
  });
});

describe('the demo (launch night on 14 May 2025)', () => {
  let demo: TestContext;
  beforeAll(async () => {
    demo = await createTestApp();
    await loadDemoData(demo.db);
  });
  afterAll(() => demo.close());

  it('the first start sweeps its ratings, and the member still sees Sarah and Emma on /my-matches and /friend-groups', async () => {
    const result = await sweepRetention(demo.app, 90);
    expect(result.ratings).toBeGreaterThan(0);
    const [member] = await demo.db.select({ id: users.id }).from(users).where(eq(users.email, 'member@speedfriendship.test'));
    const cookie = await loginWithCode(demo.app, 'member@speedfriendship.test');
    // The launch night was never released in the demo; the automatic release does it, keeping the matches.
    await releaseDue(demo.db, new Date());
    const names = async (ids: number[]) =>
      (await demo.db.select({ name: users.name }).from(users).where(inArray(users.id, ids))).map((u) => u.name.split(' ')[0]).sort();
    const mine = (await get(demo.app, '/api/me/matches', cookie)).json<MyMatches>();
    const others = mine.matches.map((m) => (m.user1Id === member!.id ? m.user2Id : m.user1Id));
    expect(await names(others)).toEqual(expect.arrayContaining(['Emma', 'Sarah']));
    const groups = (await get(demo.app, '/api/me/groups', cookie)).json<MyGroups>();
    const trio = groups.groups.find((g) => g.members.length === 3)!;
    expect(trio.members.find((m) => m.isYou)?.id).toBe(member!.id);
    expect(await names(trio.members.filter((m) => !m.isYou).map((m) => m.id))).toEqual(['Emma', 'Sarah']);
    // The liking gap (docs/decisions/0083-met-again.md): kept with the matches when the sweep deleted the
    // ratings. Sarah, Emma, Michael, David and Priya rated the member 4 or more (src/server/demo/seed.ts).
    expect(mine.seeAgain.map((s) => [s.eventTitle, s.count])).toEqual([['Wine Bar Speed Friendship', 5]]);
  });
});
