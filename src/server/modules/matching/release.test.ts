/**
 * Who sees contact details after a release (the host of the event sees names and scores only;
 * admins and the matched people see e-mail and phone), and the automatic release 24 hours after
 * an evening that nobody released: named on /my-matches meanwhile, then released exactly once,
 * however many sweeps (or instances) race for it.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Match, MyMatches } from '@shared/schemas/matching';
import { events, seeAgainCounts } from '../../db/schema/index';
import { createTestApp, signUp, TEST_ADMIN_EMAIL, withCookie, type TestContext } from '../../test/harness';
import { heardAfter, holdRounds, joinLive, listen, setUpEvening, type Evening, type LiveClient, type Member } from '../../test/live-helpers';
import { releaseDueContacts } from './auto-release';

const HOUR = 3_600_000;

/** The app's clock: the real time unless a test moves it. */
let clock: Date | null = null;
const now = () => clock ?? new Date();

let t: TestContext;
let base: string;
let admin: Member;
const clients: LiveClient[] = [];
beforeAll(async () => {
  t = await createTestApp({ now });
  base = await listen(t.app);
  admin = (await signUp(t.app, { email: TEST_ADMIN_EMAIL, name: 'Alex Admin', contactInfo: '07700 900999' })) as Member;
});
afterEach(async () => {
  clock = null;
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(() => t.close());

const post = (app: TestContext['app'], url: string, cookie: string | undefined, payload: object = {}) =>
  app.inject({ method: 'POST', url, headers: withCookie(cookie), payload });
const get = (app: TestContext['app'], url: string, cookie: string | undefined) => app.inject({ method: 'GET', url, headers: withCookie(cookie) });

/** An evening where a and b rated each other 5 (a match) and c is checked in without a match. */
async function matchedEvening(ctx: TestContext = t) {
  const ev = await setUpEvening(ctx, { guests: 3 });
  const [a, b] = ev.guests as [Member, Member, Member];
  await holdRounds(ctx, ev); // three rounds: each two of them talk once
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    const res = await post(ctx.app, `/api/events/${ev.event.id}/ratings`, x.cookie, { raterId: x.user.id, ratedId: y.user.id, rating: 5 });
    expect(res.statusCode, res.body).toBe(201);
  }
  return ev;
}

const contactsIn = (list: Match[]) => list.flatMap((m) => [m.user1.email, m.user1.contactInfo, m.user2.email, m.user2.contactInfo]);

async function matchesAs(viewer: Member, url: string) {
  const res = await get(t.app, url, viewer.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Match[]>();
}

describe('contacts stay private after a release', () => {
  let ev: Evening;
  let a: Member, b: Member;
  beforeAll(async () => {
    ev = await matchedEvening();
    [a, b] = ev.guests as [Member, Member];
    const res = await post(t.app, `/api/events/${ev.event.id}/release-contacts`, ev.host.cookie);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('the host of the event sees names, scores and the match count, but no e-mail or phone', async () => {
    const all = await matchesAs(ev.host, `/api/events/${ev.event.id}/matches`);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ contactShared: true, user1: { name: expect.any(String) }, user2: { name: expect.any(String) } });
    expect(all[0]!.matchScore).toBeGreaterThanOrEqual(1);
    expect(all[0]!.overallScore).not.toBeNull();
    expect(contactsIn(all)).toEqual([null, null, null, null]);
    // Nor through one guest's list.
    expect(contactsIn(await matchesAs(ev.host, `/api/events/${ev.event.id}/matches/${a.user.id}`))).toEqual([null, null, null, null]);
  });

  it('an admin sees them', async () => {
    const all = await matchesAs(admin, `/api/events/${ev.event.id}/matches`);
    expect(new Set(contactsIn(all))).toEqual(new Set([a.user.email, b.user.email, '07700 900123']));
    expect(contactsIn(await matchesAs(admin, `/api/events/${ev.event.id}/matches/${b.user.id}`))).not.toContain(null);
  });

  it('the matched people see each other’s', async () => {
    for (const [me, them] of [
      [a, b],
      [b, a],
    ] as const) {
      const [m] = await matchesAs(me, `/api/events/${ev.event.id}/matches/${me.user.id}`);
      const other = m!.user1Id === me.user.id ? m!.user2 : m!.user1;
      expect(other).toMatchObject({ id: them.user.id, email: them.user.email, contactInfo: '07700 900123' });
      const mine = (await get(t.app, '/api/me/matches', me.cookie)).json<MyMatches>();
      expect(mine.matches.map((x) => (x.user1Id === me.user.id ? x.user2 : x.user1).email)).toEqual([them.user.email]);
      // Each match names its evening and when it was, for the evening's heading on /my-matches.
      expect(mine.matches.map((x) => [x.eventTitle, x.eventDate])).toEqual([[ev.event.title, new Date(ev.event.date).toISOString()]]);
    }
  });
});

describe("the release keeps the evening's last calculation (docs/decisions/0107)", () => {
  const seeAgainWritten = async (eventId: number) =>
    (await t.db.select({ at: seeAgainCounts.calculatedAt }).from(seeAgainCounts).where(eq(seeAgainCounts.eventId, eventId))).map((r) => r.at.getTime());

  it('with the algorithm the host chose, and nothing rewritten when no rating came since', async () => {
    const ev = await matchedEvening();
    const calc = await post(t.app, `/api/events/${ev.event.id}/calculate-matches`, ev.host.cookie, { algorithm: 'interest' });
    expect(calc.statusCode, calc.body).toBe(200);
    expect(calc.json()).toEqual({ matches: 1, algorithm: 'interest' });
    const written = await seeAgainWritten(ev.event.id);
    expect(written).toHaveLength(3);

    const res = await post(t.app, `/api/events/${ev.event.id}/release-contacts`, ev.host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ released: true, matches: 1 });
    // Before: the release calculated again with 'balanced', whatever the host had chosen.
    expect((await matchesAs(ev.host, `/api/events/${ev.event.id}/matches`)).map((m) => m.matchType)).toEqual(['interest']);
    expect(await seeAgainWritten(ev.event.id)).toEqual(written);
  });

  it('brought up to date when a rating came after the host calculated, still with their algorithm', async () => {
    const ev = await matchedEvening();
    const [a, , c] = ev.guests as [Member, Member, Member];
    expect((await post(t.app, `/api/events/${ev.event.id}/calculate-matches`, ev.host.cookie, { algorithm: 'rating' })).statusCode).toBe(200);
    for (const [x, y] of [
      [a, c],
      [c, a],
    ] as const) {
      const res = await post(t.app, `/api/events/${ev.event.id}/ratings`, x.cookie, { raterId: x.user.id, ratedId: y.user.id, rating: 4 });
      expect(res.statusCode, res.body).toBe(201);
    }
    const res = await post(t.app, `/api/events/${ev.event.id}/release-contacts`, ev.host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ released: true, matches: 2 });
    const all = await matchesAs(ev.host, `/api/events/${ev.event.id}/matches`);
    expect(all.map((m) => [[m.user1Id, m.user2Id].sort((x, y) => x - y), m.matchType])).toEqual(
      expect.arrayContaining([
        [[a.user.id, ev.guests[1]!.user.id].sort((x, y) => x - y), 'rating'],
        [[a.user.id, c.user.id].sort((x, y) => x - y), 'rating'],
      ]),
    );
  });
});

describe('automatic release 24 hours after the evening', () => {
  it('names the evening meanwhile, then releases it once although two sweeps race, and tells open pages once', async () => {
    const ev = await matchedEvening();
    const [a, b, c] = ev.guests as [Member, Member, Member];
    const end = new Date(ev.event.endsAt).getTime();
    const releaseBy = new Date(end + 24 * HOUR).toISOString();
    const mine = async (m: Member) => (await get(t.app, '/api/me/matches', m.cookie)).json<MyMatches>();

    // Before the end: nothing pending, nothing released.
    expect(await mine(a)).toEqual({ released: false, matches: [], pending: [], seeAgain: [] });
    expect(await releaseDueContacts(t.app)).not.toContain(ev.event.id);

    // Over, not released: /my-matches names it and says by when.
    clock = new Date(end + HOUR);
    expect(await mine(a)).toEqual({
      released: false,
      matches: [],
      pending: [{ eventId: ev.event.id, eventTitle: ev.event.title, endsAt: new Date(end).toISOString(), releaseBy }],
      seeAgain: [],
    });
    expect(await releaseDueContacts(t.app)).not.toContain(ev.event.id);
    clock = new Date(end + 24 * HOUR - 1000);
    expect(await releaseDueContacts(t.app)).not.toContain(ev.event.id);
    expect((await t.db.select({ at: events.contactsReleasedAt }).from(events).where(eq(events.id, ev.event.id)))[0]!.at).toBeNull();

    const watchers = await Promise.all(
      [a, c, ev.host].map(async (m) => (await joinLive(base, { eventId: ev.event.id, userId: m.user.id, isHost: m === ev.host }, m.cookie)).client),
    );
    clients.push(...watchers);

    // 24 hours after the end: two sweeps at once, one release.
    clock = new Date(end + 24 * HOUR);
    const [first, second] = await Promise.all([releaseDueContacts(t.app), releaseDueContacts(t.app)]);
    expect([...first!, ...second!].filter((id) => id === ev.event.id)).toHaveLength(1);
    // Each guest hears their own matches with it (docs/decisions/0105): a the match with b and its
    // contacts, c none; the host hears the release alone.
    const [toA, toC, toHost] = await Promise.all(watchers.map((w) => w.next('contacts_released')));
    expect(toA).toEqual({ type: 'contacts_released', eventId: ev.event.id, matches: await matchesAs(a, `/api/events/${ev.event.id}/matches/${a.user.id}`) });
    expect(contactsIn((toA as { matches: Match[] }).matches)).toContain(b.user.email);
    expect(toC).toEqual({ type: 'contacts_released', eventId: ev.event.id, matches: [] });
    expect(toHost).toEqual({ type: 'contacts_released', eventId: ev.event.id });
    expect(await releaseDueContacts(t.app)).not.toContain(ev.event.id);
    await heardAfter(t.app, ev.event.id, watchers);
    for (const w of watchers) expect(w.count('contacts_released')).toBe(1);

    // Released as a host's release would be: the match with contacts, ratings closed.
    const released = await mine(a);
    expect(released).toMatchObject({ released: true, pending: [] });
    expect(released.matches).toHaveLength(1);
    expect(released.matches[0]).toMatchObject({ contactShared: true, eventTitle: ev.event.title });
    const other = released.matches[0]!.user1Id === a.user.id ? released.matches[0]!.user2 : released.matches[0]!.user1;
    expect(other).toMatchObject({ id: b.user.id, email: b.user.email });
    expect(await mine(c)).toEqual({ released: true, matches: [], pending: [], seeAgain: [] });
    const late = await post(t.app, `/api/events/${ev.event.id}/ratings`, c.cookie, { raterId: c.user.id, ratedId: a.user.id, rating: 5 });
    expect(late.statusCode).toBe(409);
  });

  it('an evening the host already released is left alone', async () => {
    const ev = await matchedEvening();
    expect((await post(t.app, `/api/events/${ev.event.id}/release-contacts`, ev.host.cookie)).statusCode).toBe(200);
    const [before] = await t.db.select({ at: events.contactsReleasedAt }).from(events).where(eq(events.id, ev.event.id));
    clock = new Date(new Date(ev.event.endsAt).getTime() + 25 * HOUR);
    expect(await releaseDueContacts(t.app)).not.toContain(ev.event.id);
    const [after] = await t.db.select({ at: events.contactsReleasedAt }).from(events).where(eq(events.id, ev.event.id));
    expect(after!.at).toEqual(before!.at);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('automatic release with two instances on one PostgreSQL', () => {
  let B: TestContext;
  let baseB: string;
  beforeAll(async () => {
    B = await createTestApp({ shareDatabaseWith: t, now });
    baseB = await listen(B.app);
  });
  afterAll(() => B?.close());

  it('each instance sweeps at once: the evening is released once, and pages on both instances hear it once', async () => {
    const ev = await matchedEvening();
    const [a, b] = ev.guests as [Member, Member];
    const onA = (await joinLive(base, { eventId: ev.event.id, userId: a.user.id }, a.cookie)).client;
    const onB = (await joinLive(baseB, { eventId: ev.event.id, userId: b.user.id }, b.cookie)).client;
    clients.push(onA, onB);
    clock = new Date(new Date(ev.event.endsAt).getTime() + 24 * HOUR);
    const swept = await Promise.all([releaseDueContacts(t.app), releaseDueContacts(B.app), releaseDueContacts(t.app), releaseDueContacts(B.app)]);
    expect(swept.flat().filter((id) => id === ev.event.id)).toHaveLength(1);
    // Each instance reads the matches for its own phones: a's and b's the same one match.
    const [toA, toB] = await Promise.all([onA.next('contacts_released'), onB.next('contacts_released')]);
    expect(toA).toEqual({
      type: 'contacts_released',
      eventId: ev.event.id,
      matches: (await get(t.app, `/api/events/${ev.event.id}/matches/${a.user.id}`, a.cookie)).json(),
    });
    expect(toB).toEqual({
      type: 'contacts_released',
      eventId: ev.event.id,
      matches: (await get(B.app, `/api/events/${ev.event.id}/matches/${b.user.id}`, b.cookie)).json(),
    });
    expect((toA as { matches: Match[] }).matches).toHaveLength(1);
    // A second release would have been said on the bus before this (the sweeps are over): heard after it, it would be counted.
    await heardAfter(t.app, ev.event.id, [onA, onB]);
    for (const w of [onA, onB]) expect(w.count('contacts_released')).toBe(1);
    const viaB = (await get(B.app, '/api/me/matches', a.cookie)).json<MyMatches>();
    expect(viaB).toMatchObject({ released: true, pending: [] });
    expect(viaB.matches).toHaveLength(1);
  });
});
