import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActiveHost } from '@shared/schemas/host-program';
import type { FeedbackFormBody, FeedbackInsights } from '@shared/schemas/feedback';
import type { Event } from '@shared/schemas/events';
import { eventFeedback, events, registrations } from '../../db/schema/index';
import { createEvent, createVenue, eventBody, expectBadInput, signUpHost, withCookie } from '../../test/harness';
import { INSIGHTS_HOSTS_ONLY } from './service';
import {
  t,
  host,
  otherHost,
  admin,
  outsider,
  venueId,
  otherVenueId,
  begun,
  ahead,
  startedDaysAgo,
  guestOf,
  checkInAtDoor,
  hostRow,
  putForm,
  registerFeedbackFixtures,
  type Member,
} from './feedback.fixtures';

registerFeedbackFixtures();

/* ------------------------------------------------------------------ insights */

const insights = (eventId: number | string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/events/${eventId}/feedback/insights`, headers: withCookie(cookie) });

describe('insights (GET /api/events/{id}/feedback/insights, §3 "Feedback aggregate", §9)', () => {
  let current: Event;
  let guests: Member[];

  beforeAll(async () => {
    // The host's evenings: one rated 20 days ago (3 and 4: average 3.5), one 10 days ago with no
    // responses, and this one a day ago. Another host's evening 5 days ago is not the host's.
    const prevRated = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, title: 'Previous Rated' }));
    const prevUnrated = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, title: 'Previous Unrated' }));
    const others = await createEvent(t.app, otherHost.cookie, eventBody(otherVenueId, { price: 0, title: 'Not Mine' }));
    current = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, title: 'Current Evening' }));
    const p1 = await guestOf(prevRated);
    const p2 = await guestOf(prevRated);
    await guestOf(prevUnrated);
    const o1 = await guestOf(others);
    guests = [await guestOf(current, 'Alice Secretname'), await guestOf(current), await guestOf(current), await guestOf(current)];
    await startedDaysAgo(prevRated.id, 20);
    await startedDaysAgo(prevUnrated.id, 10);
    await startedDaysAgo(others.id, 5);
    await startedDaysAgo(current.id, 1);
    expect((await putForm(prevRated.id, { overallRating: 3 }, p1.cookie)).statusCode).toBe(201);
    expect((await putForm(prevRated.id, { overallRating: 4 }, p2.cookie)).statusCode).toBe(201);
    expect((await putForm(others.id, { overallRating: 1 }, o1.cookie)).statusCode).toBe(201);

    const answers: FeedbackFormBody[] = [
      {
        overallRating: 5,
        venueRating: 4,
        organizationRating: 0,
        matchQualityRating: 3,
        timingRating: 5,
        wouldRecommend: true,
        improvements: ['longer-rounds', 'icebreakers'],
        favoriteAspect: 'The chats',
      },
      {
        overallRating: 4,
        venueRating: 0,
        organizationRating: 4,
        matchQualityRating: 0,
        timingRating: 4,
        wouldRecommend: true,
        improvements: ['longer-rounds'],
      },
      {
        overallRating: 3,
        venueRating: 2,
        organizationRating: 5,
        timingRating: 0,
        wouldRecommend: false,
        improvements: ['icebreakers', 'longer-rounds', 'seating'],
        additionalComments: 'Too loud.',
      },
    ];
    for (const [i, a] of answers.entries()) expect((await putForm(current.id, a, guests[i]!.cookie)).statusCode).toBe(201);
  });

  it('gives the host the figures of known answers: averages without unrated, recommendation, ranked improvements, trend', async () => {
    const res = await insights(current.id, host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<FeedbackInsights>();
    expect(body).toMatchObject({ eventId: current.id, guests: 4, totalResponses: 3, averageOverallRating: 4, recommendationRate: 67 });
    expect(body.aspects).toEqual([
      { key: 'venueRating', label: 'Venue', average: 3, ratings: 2 },
      { key: 'organizationRating', label: 'Organisation', average: 4.5, ratings: 2 },
      { key: 'matchQualityRating', label: 'Match quality', average: 3, ratings: 1 },
      { key: 'timingRating', label: 'Timing', average: 4.5, ratings: 2 },
    ]);
    expect(body.improvements).toEqual([
      { key: 'longer-rounds', label: 'More time per conversation', count: 3, percent: 100, rank: 0, barWidth: 85 },
      { key: 'icebreakers', label: 'Better ice-breaker questions', count: 2, percent: 67, rank: 1, barWidth: 70 },
      { key: 'seating', label: 'More comfortable seating', count: 1, percent: 33, rank: 2, barWidth: 55 },
    ]);
    expect(body.topImprovements).toEqual(body.improvements);
    expect(body.trend).toMatchObject({ previousTitle: 'Previous Rated', previousAverage: 3.5, change: 0.5 });
    expect(body.comments.map((c) => c.favoriteAspect ?? c.additionalComments).sort()).toEqual(['The chats', 'Too loud.']);
    // No names, e-mails or ids of the guests who answered.
    expect(res.body).not.toContain('Secretname');
    expect(res.body).not.toContain(guests[0]!.user.email);
    expect(res.body).not.toContain('userId');
  });

  it('admins see the same figures', async () => {
    const res = await insights(current.id, admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<FeedbackInsights>().totalResponses).toBe(3);
  });

  it("guests of the evening, other evenings' guests and other hosts get 403; visitors 401; an unknown evening 404", async () => {
    for (const who of [guests[0]!, outsider, otherHost]) {
      const res = await insights(current.id, who.cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toBe(INSIGHTS_HOSTS_ONLY);
    }
    expect((await insights(current.id)).statusCode).toBe(401);
    const missing = await insights(999_999, admin.cookie);
    expect(missing.statusCode).toBe(404);
    expect(missing.json<{ message: string }>().message).toBe('Event not found');
    expectBadInput(await insights('x', admin.cookie));
  });

  it('an evening with no responses: zero responses, no averages, no trend', async () => {
    const res = await insights(ahead.id, host.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<FeedbackInsights>()).toMatchObject({
      totalResponses: 0,
      averageOverallRating: null,
      recommendationRate: null,
      improvements: [],
      topImprovements: [],
      trend: null,
      comments: [],
    });
  });

  it('the host programme average for known answers: 5, 4 and 4 at one evening, 4 and 4 at another, is 4.2 (over responses, not evenings)', async () => {
    const h = await signUpHost(t, { name: 'Avery Average' });
    const v = (await createVenue(t.app, h.cookie)).id;
    const one = await createEvent(t.app, h.cookie, eventBody(v, { price: 0 }));
    const two = await createEvent(t.app, h.cookie, eventBody(v, { price: 0 }));
    const guests = [await guestOf(one), await guestOf(one), await guestOf(one), await guestOf(two), await guestOf(two)];
    await startedDaysAgo(one.id, 8);
    await startedDaysAgo(two.id, 4);
    for (const [i, r] of [5, 4, 4].entries()) expect((await putForm(one.id, { overallRating: r }, guests[i]!.cookie)).statusCode).toBe(201);
    for (const [i, r] of [4, 4].entries()) expect((await putForm(two.id, { overallRating: r }, guests[3 + i]!.cookie)).statusCode).toBe(201);
    expect(await hostRow(h.user.id)).toMatchObject({ averageRating: 4.2, ratingCount: 5 });
  });

  // Issue 33: a host created a free evening, checked a guest in by hand, and that guest's 5 stars set their public rating.
  describe("a host's rating nobody can move alone (docs/decisions/0067)", () => {
    it('a free booking checked in by hand (found by name at the door) does not count; a scanned ticket, a self check-in and a paid place do', async () => {
      const h = await signUpHost(t, { name: 'Sam Selfrater' });
      const v = (await createVenue(t.app, h.cookie)).id;
      const one = await createEvent(t.app, h.cookie, eventBody(v, { price: 0 }));
      const two = await createEvent(t.app, h.cookie, eventBody(v, { price: 0 }));
      // Six friends booked free places and the host checked each in by name, at the real door: none counts.
      const friends: Member[] = [];
      for (const [i, e] of [one, one, one, two, two, two].entries()) {
        const f = await guestOf(e, `Friend ${String.fromCharCode(65 + i)}`, { checkedIn: false });
        const res = await t.app.inject({
          method: 'POST',
          url: `/api/events/${e.id}/door/check-in`,
          headers: withCookie(h.cookie),
          payload: { userId: f.user.id },
        });
        expect(res.statusCode, res.body).toBe(200);
        friends.push(f);
      }
      const scanned = await guestOf(one, 'Sid Scanned', { checkedIn: false });
      const selfIn = await guestOf(one, 'Sue Self', { checkedIn: false });
      const payer = await guestOf(two, 'Pat Paid', { checkedIn: false });
      const more = [await guestOf(two, 'Max More', { checkedIn: false }), await guestOf(two, 'Mia More', { checkedIn: false })];
      await startedDaysAgo(one.id, 6);
      await startedDaysAgo(two.id, 3);
      for (const [i, f] of friends.entries()) expect((await putForm(i < 3 ? one.id : two.id, { overallRating: 5 }, f.cookie)).statusCode).toBe(201);
      expect(await hostRow(h.user.id)).toMatchObject({ averageRating: null, ratingCount: 0 });

      // Guests whose ticket was scanned, who checked themselves in, or who paid: these count.
      await checkInAtDoor(one.id, scanned.user.id, 'scan');
      await t.db
        .update(registrations)
        .set({ checkedIn: true, checkedInAt: new Date(), checkInMethod: 'self' })
        .where(and(eq(registrations.eventId, one.id), eq(registrations.userId, selfIn.user.id)));
      await checkInAtDoor(two.id, payer.user.id, 'search');
      const [paid] = await t.db
        .select({ id: registrations.id })
        .from(registrations)
        .where(and(eq(registrations.eventId, two.id), eq(registrations.userId, payer.user.id)));
      await t.db.update(registrations).set({ paymentId: paid!.id }).where(eq(registrations.id, paid!.id));
      for (const [e, g, r] of [
        [one, scanned, 3],
        [one, selfIn, 4],
        [two, payer, 2],
      ] as const)
        expect((await putForm(e.id, { overallRating: r }, g.cookie)).statusCode).toBe(201);
      // Three counted, below the minimum of five: no average yet.
      expect(await hostRow(h.user.id)).toMatchObject({ averageRating: null, ratingCount: 3 });
      for (const m of more) await checkInAtDoor(two.id, m.user.id, 'scan');
      for (const m of more) expect((await putForm(two.id, { overallRating: 3 }, m.cookie)).statusCode).toBe(201);
      // 3, 4, 2, 3, 3: the six friends' fives are not in it.
      expect(await hostRow(h.user.id)).toMatchObject({ averageRating: 3, ratingCount: 5 });
    });

    it('five responses from one evening are not enough: the average shows once a second evening counts too', async () => {
      const h = await signUpHost(t, { name: 'Olly Oneevening' });
      const v = (await createVenue(t.app, h.cookie)).id;
      const one = await createEvent(t.app, h.cookie, eventBody(v, { price: 0 }));
      const two = await createEvent(t.app, h.cookie, eventBody(v, { price: 0 }));
      const guests = [await guestOf(one), await guestOf(one), await guestOf(one), await guestOf(one), await guestOf(one), await guestOf(two)];
      await startedDaysAgo(one.id, 6);
      await startedDaysAgo(two.id, 3);
      for (const g of guests.slice(0, 5)) expect((await putForm(one.id, { overallRating: 5 }, g.cookie)).statusCode).toBe(201);
      expect(await hostRow(h.user.id)).toMatchObject({ averageRating: null, ratingCount: 5 });
      expect((await putForm(two.id, { overallRating: 2 }, guests[5]!.cookie)).statusCode).toBe(201);
      expect(await hostRow(h.user.id)).toMatchObject({ averageRating: 4.5, ratingCount: 6 });
    });
  });

  it("the host programme shows the host's average overall rating over all their evenings (null for a host without feedback, or with fewer than five responses)", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/host-program/hosts' });
    expect(res.statusCode).toBe(200);
    const rows = res.json<ActiveHost[]>();
    // Hana's evenings: 3, 4 (previous), 5, 4, 3 (current), plus whatever the form tests above stored on "Begun Evening".
    const all = await t.db.select({ r: eventFeedback.overallRating, e: eventFeedback.eventId }).from(eventFeedback);
    const hanas = new Set([begun.id, ahead.id, current.id]);
    const prevIds = (await t.db.select({ id: events.id }).from(events).where(eq(events.hostId, host.user.id))).map((r) => r.id);
    for (const id of prevIds) hanas.add(id);
    const ratings = all.filter((x) => hanas.has(x.e)).map((x) => x.r);
    const expected = Math.round((ratings.reduce((s, r) => s + r, 0) / ratings.length) * 10) / 10;
    expect(rows.find((r) => r.id === host.user.id)!.averageRating).toBe(expected);
    // One response (1 star) is below the minimum of five from two evenings.
    expect(rows.find((r) => r.id === otherHost.user.id)).toMatchObject({ averageRating: null, ratingCount: 1 });
    const fresh = await signUpHost(t, { name: 'No Feedback Host' });
    const again = (await t.app.inject({ method: 'GET', url: '/api/host-program/hosts' })).json<ActiveHost[]>();
    expect(again.find((r) => r.id === fresh.user.id)!.averageRating).toBeNull();
  });
});
