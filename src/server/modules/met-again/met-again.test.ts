/**
 * "Did you meet NAME again?" and the liking-gap count (issue 36, docs/decisions/0083-met-again.md):
 * seven and twenty-one days after an evening (the app's clock, two instances sweeping at once) each
 * guest with a match is asked once per match, in one e-mail; the e-mail's link shows the question and
 * changes nothing until the button is pressed, and works once; /my-matches shows how many rated the
 * guest highly, equal to the stored ratings, never when it is 0 or would single one person out, and
 * still after the retention sweep has deleted the ratings.
 */
import { and, count, eq, gte } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MyMatches } from '@shared/schemas/matching';
import type { MetAgainQuestion, MyMetAgain } from '@shared/schemas/met-again';
import { events, metAgain, ratings, seeAgainCounts } from '../../db/schema/index';
import { createTestApp, outbox, withCookie, type TestApp, type TestContext } from '../../test/harness';
import { holdRounds, setUpEvening, type Evening, type Member } from '../../test/live-helpers';
import { sweep as sweepRetention } from '../privacy/service';
import { sweep, type MetAgainDeps } from './service';

const DAY = 86_400_000;

/** The app's clock: the real time unless a test moves it. */
let clock: Date | null = null;
const now = () => clock ?? new Date();

let t: TestContext;
/** A second instance on the same database. */
let B: TestApp;
let ev: Evening;
let a: Member, b: Member, c: Member, d: Member, e: Member;
let endsAt: Date;

const deps = (app: TestApp): MetAgainDeps => ({ db: app.db, mailer: app.mailer, publicUrl: t.config.publicUrl, log: app.log, now });
const post = (url: string, cookie: string | undefined, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: withCookie(cookie), payload });
const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: withCookie(cookie) });

async function rate(from: Member, to: Member, rating: number) {
  const res = await post(`/api/events/${ev.event.id}/ratings`, from.cookie, { raterId: from.user.id, ratedId: to.user.id, rating });
  expect(res.statusCode, res.body).toBe(201);
}

const questionMails = async (m: Member) => (await outbox(t.app, m.user.email)).filter((x) => /again\?$/.test(x.subject));
const rowsOf = async () =>
  t.db
    .select({ userId: metAgain.userId, otherId: metAgain.otherId, stage: metAgain.stage, answer: metAgain.answer })
    .from(metAgain)
    .where(eq(metAgain.eventId, ev.event.id));
const seeAgainOf = async (m: Member) => (await get('/api/me/matches', m.cookie)).json<MyMatches>().seeAgain;
/** What the stored ratings say: how many rated this guest MIN_MATCH_RATING (4) or more. */
const highRatingsOf = async (m: Member) =>
  (
    await t.db
      .select({ n: count() })
      .from(ratings)
      .where(and(eq(ratings.eventId, ev.event.id), eq(ratings.ratedId, m.user.id), gte(ratings.rating, 4)))
  )[0]!.n;

beforeAll(async () => {
  t = await createTestApp({ now, env: { RETENTION_DAYS: '90' } });
  B = (await createTestApp({ shareDatabaseWith: t, now })).app;
  // Five guests; every two of them talk once.
  ev = await setUpEvening(t, { guests: 5 });
  [a, b, c, d, e] = ev.guests as [Member, Member, Member, Member, Member];
  await holdRounds(t, ev);
  // a matches b and c; d liked a (a did not like d); e liked no one; c liked e.
  const given: [Member, Member, number, number][] = [
    [a, b, 5, 5],
    [a, c, 4, 4],
    [a, d, 2, 4],
    [a, e, 2, 2],
    [b, c, 2, 2],
    [b, d, 3, 3],
    [b, e, 3, 3],
    [c, d, 2, 2],
    [c, e, 4, 2],
    [d, e, 1, 1],
  ];
  for (const [x, y, xy, yx] of given) {
    await rate(x, y, xy);
    await rate(y, x, yx);
  }
  const released = await post(`/api/events/${ev.event.id}/release-contacts`, ev.host.cookie);
  expect(released.statusCode, released.body).toBe(200);
  endsAt = (await t.db.select({ endsAt: events.endsAt }).from(events).where(eq(events.id, ev.event.id)))[0]!.endsAt;
}, 120_000);
afterEach(() => {
  clock = null;
});
afterAll(() => t.close());

describe('"N people would like to see you again" on /my-matches', () => {
  it('equals the stored ratings of 4 or more, matches included', async () => {
    expect(await highRatingsOf(a)).toBe(3); // b, c (matches) and d
    expect(await seeAgainOf(a)).toEqual([{ eventId: ev.event.id, eventTitle: ev.event.title, eventDate: expect.any(String), count: 3 }]);
    expect(await highRatingsOf(e)).toBe(1); // c
    expect((await seeAgainOf(e)).map((s) => s.count)).toEqual([1]);
  });

  it('is never shown when it is 0, nor when it would single out how unmatched partners rated', async () => {
    expect(await highRatingsOf(d)).toBe(0);
    expect(await seeAgainOf(d)).toEqual([]);
    // b: only a (a match) rated b highly; showing "1" would tell b that c, d and e, all rated low by b, rated b low too.
    expect(await highRatingsOf(b)).toBe(1);
    expect(await seeAgainOf(b)).toEqual([]);
    const stored = await t.db
      .select()
      .from(seeAgainCounts)
      .where(and(eq(seeAgainCounts.eventId, ev.event.id), eq(seeAgainCounts.userId, b.user.id)));
    expect(stored).toMatchObject([{ wouldSeeAgain: 1, shown: false }]);
  });

  it('never says who: the answer holds a number per evening and no person', async () => {
    const body = (await get('/api/me/matches', a.cookie)).body;
    const seeAgain = JSON.stringify((JSON.parse(body) as MyMatches).seeAgain);
    expect(seeAgain).not.toContain(d.user.name);
    expect(seeAgain).not.toContain(String(d.user.email));
    expect(Object.keys((await seeAgainOf(a))[0]!).sort()).toEqual(['count', 'eventDate', 'eventId', 'eventTitle']);
  });
});

describe('"Did you meet NAME again?" seven and twenty-one days after', () => {
  it('asks nobody before seven days', async () => {
    clock = new Date(endsAt.getTime() + 7 * DAY - 60_000);
    expect(await sweep(deps(t.app))).toEqual({ asked: 0, mailed: 0 });
    expect(await rowsOf()).toEqual([]);
  });

  it('at seven days asks each guest with a match once about each match, in one e-mail, with two instances sweeping at once', async () => {
    clock = new Date(endsAt.getTime() + 7 * DAY + 60_000);
    const [x, y] = await Promise.all([sweep(deps(t.app)), sweep(deps(B))]);
    expect(x.asked + y.asked).toBe(4);
    expect(x.mailed + y.mailed).toBe(4);
    expect((await rowsOf()).map((r) => [r.userId, r.otherId, r.stage]).sort()).toEqual(
      [
        [a.user.id, b.user.id, 7],
        [a.user.id, c.user.id, 7],
        [b.user.id, a.user.id, 7],
        [c.user.id, a.user.id, 7],
      ].sort(),
    );
    const first = (m: Member) => m.user.name.split(' ')[0]!;
    const mailsA = await questionMails(a);
    expect(mailsA).toHaveLength(1);
    expect(mailsA[0]!.subject).toMatch(new RegExp(`Did you meet (${first(b)} or ${first(c)}|${first(c)} or ${first(b)}) again\\?`));
    expect(mailsA[0]!.text.match(/\/met-again\/[A-Za-z0-9_-]{43}/g)).toHaveLength(2);
    expect((await questionMails(b)).map((m) => m.subject)).toEqual([`Did you meet ${first(a)} again?`]);
    expect(await questionMails(d)).toEqual([]);
    expect(await questionMails(e)).toEqual([]);
    // Later sweeps, on either instance, ask nothing more.
    clock = new Date(endsAt.getTime() + 10 * DAY);
    expect(await sweep(deps(B))).toEqual({ asked: 0, mailed: 0 });
    expect(await questionMails(a)).toHaveLength(1);
  });

  it('the link shows the question and changes nothing; the button answers once', async () => {
    const token = /\/met-again\/([A-Za-z0-9_-]{43})/.exec((await questionMails(b))[0]!.text)![1]!;
    for (let i = 0; i < 3; i++) {
      const seen = await get(`/api/met-again/${token}`);
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json<MetAgainQuestion>()).toMatchObject({ otherName: a.user.name.split(' ')[0], stage: 7, answer: null });
    }
    expect((await rowsOf()).every((r) => r.answer === null)).toBe(true);
    expect((await post(`/api/met-again/${token}`, undefined, { answer: 'maybe' })).statusCode).toBe(400);
    const answered = await post(`/api/met-again/${token}`, undefined, { answer: 'planned' });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json<MetAgainQuestion>()).toMatchObject({ answer: 'planned' });
    const again = await post(`/api/met-again/${token}`, undefined, { answer: 'met' });
    expect(again.statusCode).toBe(409);
    expect(again.json<{ message: string }>().message).toBe(`You've already answered "We've planned to".`);
    expect((await rowsOf()).filter((r) => r.answer !== null)).toEqual([{ userId: b.user.id, otherId: a.user.id, stage: 7, answer: 'planned' }]);
    // The page afterwards says what was answered.
    expect((await get(`/api/met-again/${token}`)).json<MetAgainQuestion>().answer).toBe('planned');
    expect((await get(`/api/met-again/${'x'.repeat(43)}`)).statusCode).toBe(404);
    expect((await get('/api/met-again/short')).statusCode).toBe(404);
  });

  it("on /notifications: the guest's own open questions; someone else's cannot be answered", async () => {
    const mine = (await get('/api/me/met-again', a.cookie)).json<MyMetAgain>().questions;
    expect(mine.map((q) => q.otherName).sort()).toEqual([b.user.name.split(' ')[0], c.user.name.split(' ')[0]].sort());
    expect((await get('/api/me/met-again', b.cookie)).json<MyMetAgain>().questions).toEqual([]); // answered by link
    expect((await get('/api/me/met-again')).statusCode).toBe(401);
    const theirs = mine[0]!;
    expect((await post(`/api/me/met-again/${theirs.id}`, b.cookie, { answer: 'met' })).statusCode).toBe(404);
    const ok = await post(`/api/me/met-again/${theirs.id}`, a.cookie, { answer: 'met' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await get('/api/me/met-again', a.cookie)).json<MyMetAgain>().questions.map((q) => q.id)).not.toContain(theirs.id);
  });

  it('at twenty-one days asks once more, and that question replaces an unanswered first one', async () => {
    clock = new Date(endsAt.getTime() + 21 * DAY + 60_000);
    const [x, y] = await Promise.all([sweep(deps(t.app)), sweep(deps(B))]);
    expect(x.asked + y.asked).toBe(4);
    expect(await sweep(deps(t.app))).toEqual({ asked: 0, mailed: 0 });
    expect(await questionMails(a)).toHaveLength(2);
    expect(await questionMails(c)).toHaveLength(2);
    const open = (await get('/api/me/met-again', c.cookie)).json<MyMetAgain>().questions;
    expect(open.map((q) => q.stage)).toEqual([21]);
  });

  it('an evening past both windows is never asked about late', async () => {
    await t.db.delete(metAgain).where(eq(metAgain.eventId, ev.event.id));
    clock = new Date(endsAt.getTime() + 40 * DAY);
    expect(await sweep(deps(t.app))).toEqual({ asked: 0, mailed: 0 });
  });
});

describe('after the retention sweep', () => {
  it('the ratings are gone, the count stays, and answered questions keep no one', async () => {
    // Questions as the sweeps left them: one answered, one not.
    const [q1, q2] = await t.db
      .insert(metAgain)
      .values([
        { eventId: ev.event.id, userId: a.user.id, otherId: b.user.id, stage: 7, askedAt: new Date(endsAt.getTime() + 7 * DAY), answer: 'met' },
        { eventId: ev.event.id, userId: b.user.id, otherId: a.user.id, stage: 7, askedAt: new Date(endsAt.getTime() + 7 * DAY) },
      ])
      .returning({ id: metAgain.id });
    clock = new Date(endsAt.getTime() + 98 * DAY);
    await sweepRetention(t.db, clock, 90);
    expect(await highRatingsOf(a)).toBe(0);
    expect((await seeAgainOf(a)).map((s) => s.count)).toEqual([3]);
    expect((await seeAgainOf(e)).map((s) => s.count)).toEqual([1]);
    expect(await seeAgainOf(d)).toEqual([]);
    const left = await t.db.select().from(metAgain).where(eq(metAgain.eventId, ev.event.id));
    expect(left).toEqual([expect.objectContaining({ id: q1!.id, userId: null, otherId: null, tokenHash: null, answer: 'met', stage: 7 })]);
    expect(left.map((r) => r.id)).not.toContain(q2!.id);
  });
});
