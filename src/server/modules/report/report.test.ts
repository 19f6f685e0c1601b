/**
 * The host's evening report (GitHub issue 36, docs/decisions/0084-the-hosts-evening-report.md), by an
 * injected clock: on a fixture evening whose every figure is worked out by hand below, the report
 * counts each from stored rows; a member and a host of another evening get 403, an unknown evening
 * 404; before the evening ends there are no figures; the CSV carries the same; the counts read from
 * ratings outlive the retention sweep; /dashboard's rates come newest first.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EveningReport, ReportTrend } from '@shared/schemas/report';
import {
  eventFeedback,
  events,
  matches,
  meetupMembers,
  meetupOptions,
  meetupPolls,
  metAgain,
  ratings,
  registrations,
  rotations,
  roundHistory,
  signupSources,
} from '../../db/schema/index';
import { loadDemoData, WINE_BAR_ROUNDS, WINE_BAR_TITLE, WINE_BAR_VISITS } from '../../demo/seed';
import {
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  loginWithCode,
  registerFor,
  signUp,
  signUpHost,
  TEST_ADMIN_EMAIL,
  withCookie,
  type TestContext,
} from '../../test/harness';
import { setUpEvening, type Evening, type Member } from '../../test/live-helpers';
import * as privacy from '../privacy/service';

const DAY = 86_400_000;
let clock: Date | null = null;
const now = () => clock ?? new Date();

let t: TestContext;
let admin: Member;
beforeAll(async () => {
  t = await createTestApp({ now });
  admin = (await signUp(t.app, { name: 'Ada Admin', email: TEST_ADMIN_EMAIL })) as Member;
}, 120_000);
afterEach(() => {
  clock = null;
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: withCookie(cookie) });
const visit = (eventId: number, cookie?: string) => t.app.inject({ method: 'POST', url: `/api/events/${eventId}/visits`, headers: withCookie(cookie) });
const timesOf = async (eventId: number) => (await t.db.select({ date: events.date, endsAt: events.endsAt }).from(events).where(eq(events.id, eventId)))[0]!;
const step = (r: EveningReport, key: string) => r.figures!.funnel.find((s) => s.key === key)!;

/**
 * The fixture evening (free), worked out by hand:
 * - visits: 3 visitors, 1 member not booked on one day, 1 visitor the next day = 5; not counted: a
 *   booked guest, the host, and a visitor once the evening has started.
 * - sign-ups: 2 members whose first visit landed on this evening (a third landed on another).
 * - seats booked: 6 guests (the host's own registration left out); checked in: 5 (g6 never came):
 *   5/6 = 83.3 %, no-show rate 1/6 = 16.7 % against 28 % for free evenings.
 * - rounds held: 1 and 2; round 3 was skipped and round 4 only planned. Round 1 seats g1-g2, g3-g4
 *   (g5 a bye), round 2 g1-g3, g2-g5 (g4 a bye): 4 pairs met, 2 per round.
 * - ratings: round 1 g1→g2 5, g2→g1 4, g3→g4 4 (3); round 2 g1→g3 4, g3→g1 5, g2→g5 3 (3); outside
 *   a round g5→g2 4 (1). Raters: g1, g2, g3, g5 = 4, of 5 checked in = 80 %.
 * - mutual matches: g1-g2 and g1-g3 = 2, of 4 pairs that met = 50 %; contacts shared: g1-g2 (both
 *   pressed Share) = 1, 50 % of matches.
 * - meet-ups planned: g1-g2 confirmed after the evening = 1 (100 % of contacts shared); not counted:
 *   g1-g3's still open, g4-g5's confirmed (they did not match here), g1-g2's confirmed before the evening.
 * - met again: g1 about g2 "met", g2 about g1 "planned", g3 about g1 "met", g1 about g3 unanswered:
 *   2 "met" of 3 answers.
 * - feedback: 3 forms, overall 5, 4, 3 = 4.0; venue 5, -, 3 = 4.0; organisation 4, 4, 4 = 4.0; match
 *   quality unrated = none; timing 2, 3, - = 2.5; 2 of 3 would recommend = 67 %; improvements asked
 *   for: ice-breakers 3, longer rounds 2, a quieter venue 1.
 */
describe('a fixture evening', () => {
  let ev: Evening;
  let g: Member[];
  let starts: Date, ends: Date;
  beforeAll(async () => {
    ev = await setUpEvening(t, { guests: 6, checkedIn: 5 });
    g = ev.guests;
    expect((await registerFor(t.app, ev.event.id, ev.host)).statusCode).toBe(201);
    ({ date: starts, endsAt: ends } = await timesOf(ev.event.id));
    const id = ev.event.id;
    const u = (i: number) => g[i - 1]!.user.id;

    // Visits, the day before and the morning of the evening.
    clock = new Date(starts.getTime() - DAY);
    const stranger = (await signUp(t.app)) as Member;
    for (const cookie of [undefined, undefined, undefined, stranger.cookie]) expect((await visit(id, cookie)).json()).toEqual({ counted: true });
    expect((await visit(id, g[0]!.cookie)).json()).toEqual({ counted: false });
    expect((await visit(id, ev.host.cookie)).json()).toEqual({ counted: false });
    clock = new Date(starts.getTime() - 6 * 3_600_000);
    expect((await visit(id, undefined)).json()).toEqual({ counted: true });
    clock = new Date(starts.getTime() + 60_000);
    expect((await visit(id, undefined)).json()).toEqual({ counted: false });
    clock = null;

    // Sign-ups: first touch on this evening's page for g1 and g2, another evening's for the stranger.
    const other = await setUpEvening(t, { guests: 1 });
    await t.db.insert(signupSources).values([
      { userId: u(1), source: 'flyer-qr', platform: null, eventId: id },
      { userId: u(2), source: 'whatsapp-post', platform: 'whatsapp', eventId: id },
      { userId: stranger.user.id, source: 'flyer-qr', platform: null, eventId: other.event.id },
    ]);

    // The rounds held, and the rotation (round 3 skipped, round 4 only planned).
    await t.db.insert(roundHistory).values([
      { eventId: id, round: 1, duration: 300, status: 'completed' },
      { eventId: id, round: 2, duration: 300, status: 'completed' },
      { eventId: id, round: 3, duration: 300, status: 'skipped' },
    ]);
    await t.db.insert(rotations).values([
      { eventId: id, round: 1, userA: u(1), userB: u(2), tableNo: 1 },
      { eventId: id, round: 1, userA: u(3), userB: u(4), tableNo: 2 },
      { eventId: id, round: 1, userA: u(5), userB: null, tableNo: null },
      { eventId: id, round: 2, userA: u(1), userB: u(3), tableNo: 1 },
      { eventId: id, round: 2, userA: u(2), userB: u(5), tableNo: 2 },
      { eventId: id, round: 2, userA: u(4), userB: null, tableNo: null },
      { eventId: id, round: 3, userA: u(1), userB: u(4), tableNo: 1 },
      { eventId: id, round: 3, userA: u(2), userB: u(3), tableNo: 2 },
      { eventId: id, round: 4, userA: u(1), userB: u(5), tableNo: 1 },
    ]);
    const rate = (a: number, b: number, rating: number, round: number | null) => ({ eventId: id, raterId: u(a), ratedId: u(b), rating, round });
    await t.db
      .insert(ratings)
      .values([
        rate(1, 2, 5, 1),
        rate(2, 1, 4, 1),
        rate(3, 4, 4, 1),
        rate(1, 3, 4, 2),
        rate(3, 1, 5, 2),
        rate(2, 5, 3, 2),
        { ...rate(5, 2, 4, null), source: 'quick' },
      ]);
    await t.db.insert(matches).values([
      { eventId: id, user1Id: Math.min(u(1), u(2)), user2Id: Math.max(u(1), u(2)), matchScore: 90, user1Shared: true, user2Shared: true },
      { eventId: id, user1Id: Math.min(u(1), u(3)), user2Id: Math.max(u(1), u(3)), matchScore: 80, user1Shared: true, user2Shared: false },
    ]);
    // Meet-ups (docs/decisions/0082) and "met again" answers (docs/decisions/0083), as their modules store them.
    const poll = async (a: number, b: number, status: 'open' | 'confirmed', createdAt: Date) => {
      const startsAt = new Date(ends.getTime() + 7 * DAY);
      const [p] = await t.db
        .insert(meetupPolls)
        .values({
          groupKey: [u(a), u(b)].sort((x, y) => x - y).join('-'),
          proposedBy: u(a),
          place: 'The park café',
          status: 'open',
          lastOptionAt: startsAt,
          createdAt,
        })
        .returning({ id: meetupPolls.id });
      const [o] = await t.db.insert(meetupOptions).values({ pollId: p!.id, startsAt }).returning({ id: meetupOptions.id });
      await t.db.insert(meetupMembers).values([
        { pollId: p!.id, userId: u(a) },
        { pollId: p!.id, userId: u(b) },
      ]);
      if (status === 'confirmed')
        await t.db.update(meetupPolls).set({ status, confirmedOptionId: o!.id, closedAt: createdAt }).where(eq(meetupPolls.id, p!.id));
    };
    await poll(1, 2, 'confirmed', new Date(starts.getTime() - 30 * DAY));
    await poll(1, 2, 'confirmed', new Date(ends.getTime() + 2 * DAY));
    await poll(1, 3, 'open', new Date(ends.getTime() + 3 * DAY));
    await poll(4, 5, 'confirmed', new Date(ends.getTime() + 3 * DAY));
    const asked = (a: number, b: number, answer: 'met' | 'planned' | null) => ({ eventId: id, userId: u(a), otherId: u(b), stage: 7 as const, answer });
    await t.db.insert(metAgain).values([asked(1, 2, 'met'), asked(2, 1, 'planned'), asked(3, 1, 'met'), asked(1, 3, null)]);
    const form = (i: number, overall: number, venue: number, timing: number, recommend: boolean, improvements: string[]) => ({
      eventId: id,
      userId: u(i),
      overallRating: overall,
      venueRating: venue,
      organizationRating: 4,
      matchQualityRating: 0,
      timingRating: timing,
      wouldRecommend: recommend,
      improvements,
    });
    await t.db
      .insert(eventFeedback)
      .values([
        form(1, 5, 5, 2, true, ['longer-rounds', 'icebreakers']),
        form(2, 4, 0, 3, true, ['icebreakers']),
        form(3, 3, 3, 0, false, ['icebreakers', 'quieter-venue', 'longer-rounds']),
      ]);
  }, 120_000);

  it('before the evening ends there are no figures: the report comes after the evening', async () => {
    clock = new Date(ends.getTime() - 60_000);
    const res = await get(`/api/events/${ev.event.id}/report`, ev.host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EveningReport>()).toMatchObject({ eventId: ev.event.id, title: ev.event.title, paid: false, figures: null });
  });

  it('after the evening, every figure is counted from the stored rows', async () => {
    clock = new Date(ends.getTime() + 60_000);
    const res = await get(`/api/events/${ev.event.id}/report`, ev.host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<EveningReport>();
    const f = r.figures!;
    expect(f.funnel.map((s) => [s.key, s.count])).toEqual([
      ['visits', 5],
      ['signups', 2],
      ['booked', 6],
      ['checkedIn', 5],
      ['rated', 4],
      ['matches', 2],
      ['contactsShared', 1],
      ['meetups', 1],
      ['metAgain', 2],
    ]);
    expect(step(r, 'visits').rate).toBeNull();
    expect(step(r, 'signups').rate).toMatchObject({ value: 2 / 5, of: 'of visits' });
    expect(step(r, 'booked').rate).toMatchObject({ value: 6 / 5, of: 'of visits' });
    expect(step(r, 'checkedIn').rate).toMatchObject({ value: 5 / 6, of: 'of seats booked' });
    expect(step(r, 'checkedIn').side).toMatchObject({ label: 'No-show rate', value: 1 / 6, reference: { text: '28 % no-shows at free evenings', low: 0.28 } });
    expect(step(r, 'rated').rate).toMatchObject({ value: 4 / 5, of: 'of guests checked in' });
    expect(step(r, 'matches').rate).toMatchObject({ value: 2 / 4, of: 'of 4 pairs that met', reference: { low: 0.22, high: 0.3 } });
    expect(step(r, 'matches').rate!.reference!.source).toContain('Speed-dating');
    expect(step(r, 'contactsShared').rate).toMatchObject({ value: 1 / 2, of: 'of mutual matches' });
    expect(step(r, 'meetups').rate).toMatchObject({ value: 1, of: 'of contacts shared' });
    expect(step(r, 'metAgain').rate).toMatchObject({ value: 2 / 3, of: 'of 3 answers' });
    expect(f.rounds).toEqual([
      { round: 1, pairsMet: 2, ratings: 3 },
      { round: 2, pairsMet: 2, ratings: 3 },
    ]);
    expect(f.ratingsOutsideRounds).toBe(1);
    expect(f.ratingsDeletedAt).toBeNull();
    expect(f.feedback).toEqual({
      responses: 3,
      averageOverall: 4,
      recommendationRate: 67,
      aspects: [
        { key: 'venueRating', label: 'Venue', average: 4 },
        { key: 'organizationRating', label: 'Organisation', average: 4 },
        { key: 'matchQualityRating', label: 'Match quality', average: null },
        { key: 'timingRating', label: 'Timing', average: 2.5 },
      ],
      topImprovements: [
        { key: 'icebreakers', label: 'Better ice-breaker questions', count: 3 },
        { key: 'longer-rounds', label: 'More time per conversation', count: 2 },
        { key: 'quieter-venue', label: 'A quieter venue, easier to hear', count: 1 },
      ],
    });
    // Counts only: nobody's name or e-mail is in it.
    for (const m of g) {
      expect(res.body).not.toContain(m.user.email);
      expect(res.body).not.toContain(m.user.name);
    }
  });

  it('an admin sees it too; a member, a guest of the evening and a host of another evening get 403; an unknown evening 404', async () => {
    clock = new Date(ends.getTime() + 60_000);
    expect((await get(`/api/events/${ev.event.id}/report`, admin.cookie)).statusCode).toBe(200);
    const otherHost = (await signUpHost(t)) as Member;
    const member = (await signUp(t.app)) as Member;
    for (const who of [member, g[0]!, otherHost]) {
      for (const url of [`/api/events/${ev.event.id}/report`, `/api/events/${ev.event.id}/report.csv`]) {
        const res = await get(url, who.cookie);
        expect(res.statusCode, `${url} ${res.body}`).toBe(403);
        expect(res.json<{ message: string }>().message).toBe('Only the host of this evening and admins can see its report');
      }
    }
    expect((await get(`/api/events/${ev.event.id}/report`)).statusCode).toBe(401);
    expect((await get('/api/events/99999999/report', ev.host.cookie)).statusCode).toBe(404);
    expect((await get('/api/events/99999999/report.csv', ev.host.cookie)).statusCode).toBe(404);
    expect((await get('/api/events/nope/report', ev.host.cookie)).statusCode).toBe(400);
    expect((await visit(99999999)).statusCode).toBe(404);
  });

  it('the CSV carries the same figures, as a download', async () => {
    clock = new Date(ends.getTime() + 60_000);
    const res = await get(`/api/events/${ev.event.id}/report.csv`, ev.host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="evening-report-${ev.event.id}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`));
    const lines = res.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('section,figure,count,rate %,rate of,reference,reference source');
    expect(lines).toContain('funnel,Visits to the public page,5,,,,');
    expect(lines).toContain('funnel,Sign-ups,2,40,of visits,,');
    expect(lines).toContain('funnel,Checked in,5,83.3,of seats booked,,');
    expect(lines).toContain(
      'funnel,No-show rate,,16.7,of seats booked,28 % no-shows at free evenings,"Median no-show rate across 860+ speed-dating events, free events (GitHub issue 36)"',
    );
    expect(lines).toContain('funnel,Guests who rated,4,80,of guests checked in,,');
    expect(lines.find((l) => l.startsWith('funnel,Mutual matches,2,50,of 4 pairs that met,22-30 % of pairings mutual,'))).toBeDefined();
    expect(lines).toContain('funnel,Contacts shared,1,50,of mutual matches,,');
    expect(lines).toContain('round 1,pairs that met,2,,,,');
    expect(lines).toContain('round 2,ratings given,3,,,,');
    expect(lines).toContain('outside rounds,ratings given,1,,,,');
    expect(lines).toContain('feedback,average overall (of 5),4,,,,');
    expect(lines).toContain('feedback,average timing (of 5),2.5,,,,');
    expect(lines).toContain('feedback,average match quality (of 5),,,,,');
    expect(lines).toContain('feedback,would recommend,,67,of responses,,');
    expect(lines).toContain('improvement asked for,Better ice-breaker questions,3,,,,');
  });

  it('contacts released by the host count every match as shared', async () => {
    clock = new Date(ends.getTime() + 60_000);
    await t.db.update(events).set({ contactsReleasedAt: clock }).where(eq(events.id, ev.event.id));
    const r = (await get(`/api/events/${ev.event.id}/report`, ev.host.cookie)).json<EveningReport>();
    expect(step(r, 'contactsShared')).toMatchObject({ count: 2, rate: { value: 1 } });
  });

  it('the retention sweep deletes the ratings but keeps their counts: the report is the same', async () => {
    clock = new Date(ends.getTime() + (t.config.retentionDays + 1) * DAY);
    const before = (await get(`/api/events/${ev.event.id}/report`, ev.host.cookie)).json<EveningReport>().figures!;
    const swept = await privacy.sweep(t.db, clock, t.config.retentionDays);
    expect(swept.events).toContain(ev.event.id);
    expect(await t.db.select().from(ratings).where(eq(ratings.eventId, ev.event.id))).toEqual([]);
    const after = (await get(`/api/events/${ev.event.id}/report`, ev.host.cookie)).json<EveningReport>().figures!;
    expect(after.ratingsDeletedAt).toBe(clock.toISOString());
    expect({ ...after, ratingsDeletedAt: null }).toEqual(before);
  });

  it('an evening whose ratings were deleted before counts were kept says so, and the rest stands', async () => {
    const old = await setUpEvening(t, { guests: 2 });
    const { endsAt } = await timesOf(old.event.id);
    await t.db.update(events).set({ personalDataPurgedAt: endsAt }).where(eq(events.id, old.event.id));
    clock = new Date(endsAt.getTime() + DAY);
    const r = (await get(`/api/events/${old.event.id}/report`, old.host.cookie)).json<EveningReport>();
    expect(step(r, 'rated')).toMatchObject({ count: null, rate: { value: null } });
    expect(step(r, 'rated').note).toContain('deleted');
    expect(step(r, 'booked').count).toBe(2);
  });
});

describe("the rates across a host's evenings, for /dashboard", () => {
  it('lists the evenings over, newest first, with their rates; members get 403', async () => {
    const host = (await signUpHost(t)) as Member;
    const venue = await createVenue(t.app, host.cookie);
    const first = await createEvent(t.app, host.cookie, eventBody(venue.id, { days: 3, price: 0 }));
    const second = await createEvent(t.app, host.cookie, eventBody(venue.id, { days: 5, price: 1500 }));
    const later = await createEvent(t.app, host.cookie, eventBody(venue.id, { days: 20, price: 0 }));
    const guest = (await signUp(t.app)) as Member;
    expect((await registerFor(t.app, first.id, guest)).statusCode).toBe(201);
    await t.db.update(registrations).set({ checkedIn: true }).where(eq(registrations.eventId, first.id));
    clock = new Date((await timesOf(second.id)).endsAt.getTime() + DAY);
    const res = await get('/api/reports/trends', host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json<ReportTrend[]>();
    expect(list.map((e) => e.eventId)).toEqual([second.id, first.id]);
    expect(list.map((e) => e.eventId)).not.toContain(later.id);
    const firstRates = list[1]!.rates;
    expect(firstRates.find((x) => x.key === 'checkedIn')).toMatchObject({ value: 1 });
    expect(firstRates.find((x) => x.key === 'checkedIn:side')).toMatchObject({ label: 'No-show rate', value: 0 });
    expect(list[0]!.rates.find((x) => x.key === 'checkedIn')!.value).toBeNull();
    expect(firstRates.map((x) => x.key)).toEqual([
      'signups',
      'booked',
      'checkedIn',
      'checkedIn:side',
      'rated',
      'matches',
      'contactsShared',
      'meetups',
      'metAgain',
    ]);
    // Another host's evenings are not in it; a member may not ask.
    const other = (await signUpHost(t)) as Member;
    expect((await get('/api/reports/trends', other.cookie)).json<ReportTrend[]>().map((e) => e.eventId)).not.toContain(first.id);
    expect((await get('/api/reports/trends', guest.cookie)).statusCode).toBe(403);
  });
});

describe("the demo's launch night (14 May 2025)", () => {
  let demo: TestContext;
  beforeAll(async () => {
    demo = await createTestApp();
    await loadDemoData(demo.db);
  }, 120_000);
  afterAll(() => demo.close());

  it('has a report of real figures from its stored rows, also after the first start deletes its ratings', async () => {
    // The first start sweeps the launch night's ratings (it is older than RETENTION_DAYS): their counts are kept.
    expect((await privacy.sweep(demo.db, new Date(), demo.config.retentionDays)).ratings).toBeGreaterThan(0);
    const [wine] = await demo.db.select({ id: events.id }).from(events).where(eq(events.title, WINE_BAR_TITLE));
    const cookie = await loginWithCode(demo.app, 'host@speedfriendship.test');
    const res = await demo.app.inject({ method: 'GET', url: `/api/events/${wine!.id}/report`, headers: withCookie(cookie) });
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<EveningReport>();
    const stored = (await demo.db.select({ id: matches.id }).from(matches).where(eq(matches.eventId, wine!.id))).length;
    // Seven guests booked and came; each of the six rounds seated three pairs (one bye), and every guest rated each partner.
    expect(r.figures!.funnel.map((s) => [s.key, s.count])).toEqual([
      ['visits', WINE_BAR_VISITS.reduce((sum, [, n]) => sum + n, 0)],
      ['signups', 0],
      ['booked', 7],
      ['checkedIn', 7],
      ['rated', 7],
      ['matches', stored],
      // Only the member and Sarah pressed Share (the demo's contacts are not released).
      ['contactsShared', 1],
      // No meet-up yet; the member's "Did you meet them again?" questions wait for an answer.
      ['meetups', 0],
      ['metAgain', 0],
    ]);
    expect(stored).toBeGreaterThanOrEqual(4);
    expect(r.figures!.rounds).toEqual(Array.from({ length: WINE_BAR_ROUNDS }, (_, i) => ({ round: i + 1, pairsMet: 3, ratings: 6 })));
    expect(step(r, 'matches').rate!.value).toBe(stored / 18);
    expect(r.figures!.ratingsDeletedAt).not.toBeNull();
    // Five feedback forms: overall 5, 5, 4, 4, 3.
    expect(r.figures!.feedback).toMatchObject({ responses: 5, averageOverall: 4.2, recommendationRate: 80 });
    expect(r.figures!.feedback.topImprovements.map((i) => [i.key, i.count])).toEqual([
      ['longer-rounds', 2],
      ['icebreakers', 2],
      ['quieter-venue', 2],
      ['seating', 1],
      ['people-mix', 1],
    ]);
  });
});
