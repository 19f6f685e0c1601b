import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActiveHost } from '@shared/schemas/host-program';
import type { EmojiReaction, FeedbackFormBody, FeedbackInsights, MyFeedback, SavedFeedback } from '@shared/schemas/feedback';
import type { Event } from '@shared/schemas/events';
import { emojiFeedback, eventFeedback, events, registrations } from '../../db/schema/index';
import {
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  expectBadInput,
  registerFor,
  signUp,
  signUpHost,
  TEST_ADMIN_EMAIL,
  withCookie,
  type TestContext,
} from '../../test/harness';
import { EVENT_ID_MISMATCH, FORM_GUESTS_ONLY, FORM_NOT_BEGUN, FORM_NOT_CHECKED_IN, INSIGHTS_HOSTS_ONLY, REACT_CHECKED_IN_ONLY } from './service';

type Member = Awaited<ReturnType<typeof signUp>>;

let t: TestContext;
let host: Member;
let otherHost: Member;
let admin: Member;
let guest: Member;
let outsider: Member;
let venueId: number;
let otherVenueId: number;
/** Began an hour ago: its guests may answer the form. */
let begun: Event;
/** Still ahead: the form is not open yet. */
let ahead: Event;
/** Another host's evening, where `outsider` is a guest. */
let elsewhere: Event;
/** Guests of `begun` booked before it began (registration closes at the start), one per test that needs a fresh one. */
const spareGuests: Member[] = [];
const freshGuest = () => spareGuests.pop()!;

const daysAgo = (d: number) => new Date(Date.now() - d * 86_400_000);

/** Move an evening (already booked) into the past: it began `d` days ago and lasted two hours. */
async function startedDaysAgo(eventId: number, d: number) {
  await t.db
    .update(events)
    .set({ date: daysAgo(d), endsAt: new Date(daysAgo(d).getTime() + 2 * 3_600_000) })
    .where(eq(events.id, eventId));
}

/** A guest of the evening, checked in at its door (only those give feedback, issue 21) unless `checkedIn: false`. */
async function guestOf(event: Event, name = 'Gina Guest', { checkedIn = true }: { checkedIn?: boolean } = {}) {
  const m = await signUp(t.app, { name });
  const res = await registerFor(t.app, event.id, m);
  expect(res.statusCode, res.body).toBe(201);
  if (checkedIn) await checkInAtDoor(event.id, m.user.id);
  return m;
}

/**
 * The host checked the guest in (written as the door writes it: src/server/modules/door/queries.ts),
 * by scanning their ticket unless said otherwise ('search': found by name, by hand).
 */
async function checkInAtDoor(eventId: number, userId: number, method: 'scan' | 'search' = 'scan') {
  await t.db
    .update(registrations)
    .set({ checkedIn: true, checkedInAt: new Date(), checkInMethod: method })
    .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId)));
}

const hostRow = async (id: number) => (await t.app.inject({ method: 'GET', url: '/api/host-program/hosts' })).json<ActiveHost[]>().find((r) => r.id === id)!;

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t, { name: 'Hana Host' });
  otherHost = await signUpHost(t, { name: 'Otto Host' });
  admin = await signUp(t.app, { email: TEST_ADMIN_EMAIL, name: 'Ada Admin' });
  venueId = (await createVenue(t.app, host.cookie)).id;
  otherVenueId = (await createVenue(t.app, otherHost.cookie)).id;
  begun = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, title: 'Begun Evening' }));
  ahead = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, title: 'Evening Ahead' }));
  elsewhere = await createEvent(t.app, otherHost.cookie, eventBody(otherVenueId, { price: 0, title: 'Elsewhere Evening' }));
  guest = await guestOf(begun, 'Gina Guest');
  expect((await registerFor(t.app, ahead.id, guest)).statusCode).toBe(201);
  outsider = await guestOf(elsewhere, 'Oscar Outsider');
  for (let i = 0; i < 6; i++) spareGuests.push(await guestOf(begun, `Spare Guest ${String.fromCharCode(65 + i)}`));
  await t.db
    .update(events)
    .set({ date: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() + 3_600_000) })
    .where(eq(events.id, begun.id));
});
afterAll(() => t.close());

/* ------------------------------------------------------------------ emoji */

const react = (eventId: number, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/events/${eventId}/feedback`, headers: withCookie(cookie), payload: payload as object });
const reactionOf = (eventId: number, userId: number, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/events/${eventId}/feedback/user/${userId}`, headers: withCookie(cookie) });
const reactions = (eventId: number | string) => t.app.inject({ method: 'GET', url: `/api/events/${eventId}/feedback` });

async function storedEmoji(eventId: number, userId: number) {
  const [row] = await t.db
    .select({ emoji: emojiFeedback.emoji, updatedAt: emojiFeedback.updatedAt })
    .from(emojiFeedback)
    .where(and(eq(emojiFeedback.eventId, eventId), eq(emojiFeedback.userId, userId)));
  return row ?? null;
}

describe('the emoji widget (POST/GET /api/events/{id}/feedback, §3 and §4 "Emoji feedback")', () => {
  it('a visitor may not react (401) and nothing is stored', async () => {
    const res = await react(ahead.id, { eventId: ahead.id, userId: guest.user.id, emoji: 'fire' });
    expect(res.statusCode).toBe(401);
    expect(await storedEmoji(ahead.id, guest.user.id)).toBeNull();
  });

  it('a checked-in guest reacts; the same emoji again changes nothing; another replaces it; one row per member', async () => {
    const m = await guestOf(ahead, 'Rita Reactor');
    const first = await react(ahead.id, { eventId: ahead.id, userId: m.user.id, emoji: 'heart-eyes' }, m.cookie);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<EmojiReaction>()).toEqual({ eventId: ahead.id, userId: m.user.id, emoji: 'heart-eyes' });
    const stored = await storedEmoji(ahead.id, m.user.id);

    const again = await react(ahead.id, { eventId: ahead.id, userId: m.user.id, emoji: 'heart-eyes' }, m.cookie);
    expect(again.statusCode).toBe(200);
    expect((await storedEmoji(ahead.id, m.user.id))!.updatedAt.getTime()).toBe(stored!.updatedAt.getTime());

    const other = await react(ahead.id, { eventId: ahead.id, userId: m.user.id, emoji: 'pensive' }, m.cookie);
    expect(other.json<EmojiReaction>().emoji).toBe('pensive');
    expect((await storedEmoji(ahead.id, m.user.id))!.emoji).toBe('pensive');
    const [n] = await t.db
      .select({ n: count() })
      .from(emojiFeedback)
      .where(and(eq(emojiFeedback.eventId, ahead.id), eq(emojiFeedback.userId, m.user.id)));
    expect(Number(n!.n)).toBe(1);

    expect((await reactionOf(ahead.id, m.user.id, m.cookie)).json<EmojiReaction>()).toEqual({ eventId: ahead.id, userId: m.user.id, emoji: 'pensive' });
  });

  // Issue 33: any member could react to any evening, and the public counts showed it.
  it('only guests checked in at the evening react: another evening’s guest, a guest who booked but never came, its host, another host and an admin get 403 and nothing is stored', async () => {
    const e = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0 }));
    const booked = await guestOf(e, 'Bea Booked', { checkedIn: false });
    for (const who of [outsider, booked, host, otherHost, admin]) {
      const res = await react(e.id, { eventId: e.id, userId: who.user.id, emoji: 'clap' }, who.cookie);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<{ message: string }>().message).toBe(REACT_CHECKED_IN_ONLY);
      expect(await storedEmoji(e.id, who.user.id)).toBeNull();
    }
    expect((await reactions(e.id)).json<{ emoji: string }[]>()).toEqual([]);
    // Once checked in, the same guest may.
    await checkInAtDoor(e.id, booked.user.id);
    expect((await react(e.id, { eventId: e.id, userId: booked.user.id, emoji: 'clap' }, booked.cookie)).statusCode).toBe(200);
    expect((await reactions(e.id)).json<{ emoji: string }[]>()).toEqual([{ emoji: 'clap' }]);
  });

  it('the public list counts only the reactions of checked-in guests (one stored earlier by anyone else is left out)', async () => {
    const e = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0 }));
    const came = await guestOf(e, 'Cara Came');
    const stranger = await signUp(t.app, { name: 'Stan Stranger' });
    expect((await react(e.id, { eventId: e.id, userId: came.user.id, emoji: 'fire' }, came.cookie)).statusCode).toBe(200);
    // As the old rule let any member store one.
    await t.db.insert(emojiFeedback).values({ eventId: e.id, userId: stranger.user.id, emoji: 'pensive' });
    expect((await reactions(e.id)).json<{ emoji: string }[]>()).toEqual([{ emoji: 'fire' }]);
  });

  it('the public list has one emoji per reaction and nothing about who gave it', async () => {
    const e = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0 }));
    const people = [await guestOf(e, 'Zed Secretname'), await guestOf(e), await guestOf(e)];
    const picks = ['fire', 'fire', 'hundred'] as const;
    for (const [i, p] of people.entries()) expect((await react(e.id, { eventId: e.id, userId: p.user.id, emoji: picks[i] }, p.cookie)).statusCode).toBe(200);
    const res = await reactions(e.id);
    expect(res.statusCode).toBe(200);
    const list = res.json<{ emoji: string }[]>();
    expect(list.map((r) => r.emoji).sort()).toEqual(['fire', 'fire', 'hundred']);
    for (const row of list) expect(Object.keys(row)).toEqual(['emoji']);
    expect(res.body).not.toContain('Secretname');
    expect(res.body).not.toContain(String(people[0]!.user.id) + ',');
  });

  it('a member reads only their own reaction (403 for another member), admins any, visitors none', async () => {
    await react(begun.id, { eventId: begun.id, userId: guest.user.id, emoji: 'smile' }, guest.cookie);
    expect((await reactionOf(begun.id, guest.user.id, guest.cookie)).json<EmojiReaction>().emoji).toBe('smile');
    expect((await reactionOf(begun.id, guest.user.id, outsider.cookie)).statusCode).toBe(403);
    expect((await reactionOf(begun.id, guest.user.id, host.cookie)).statusCode).toBe(403);
    expect((await reactionOf(begun.id, guest.user.id, admin.cookie)).json<EmojiReaction>().emoji).toBe('smile');
    expect((await reactionOf(begun.id, guest.user.id)).statusCode).toBe(401);
    // Not reacted yet: emoji null.
    const fresh = await signUp(t.app);
    expect((await reactionOf(begun.id, fresh.user.id, fresh.cookie)).json<EmojiReaction>()).toEqual({ eventId: begun.id, userId: fresh.user.id, emoji: null });
  });

  it("an unknown evening is 404 'Event not found' on all three calls", async () => {
    for (const res of [
      await react(999_999, { eventId: 999_999, userId: guest.user.id, emoji: 'fire' }, guest.cookie),
      await reactions(999_999),
      await reactionOf(999_999, guest.user.id, guest.cookie),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toBe('Event not found');
    }
  });

  it('refuses a userId that is not the session’s (403) and an eventId that is not the address’s (400); nothing changes', async () => {
    const m = await signUp(t.app);
    const forOther = await react(ahead.id, { eventId: ahead.id, userId: guest.user.id, emoji: 'fire' }, m.cookie);
    expect(forOther.statusCode).toBe(403);
    const mismatch = expectBadInput(await react(ahead.id, { eventId: begun.id, userId: m.user.id, emoji: 'fire' }, m.cookie));
    expect(mismatch.message).toBe(EVENT_ID_MISMATCH);
    expect(mismatch.errors.map((e) => e.path)).toContain('eventId');
    expect(await storedEmoji(ahead.id, m.user.id)).toBeNull();
    expect(await storedEmoji(begun.id, m.user.id)).toBeNull();
  });

  it.each([
    ['an unknown emoji', { emoji: 'thumbs-up' }, 'emoji'],
    ['an emoji symbol instead of its key', { emoji: '🔥' }, 'emoji'],
    ['a missing emoji', { emoji: undefined }, 'emoji'],
    ['a text eventId', { eventId: 'one' }, 'eventId'],
    ['a userId of 0', { userId: 0 }, 'userId'],
    ['an extra field', { extra: true }, ''],
  ])('refuses %s with 400', async (_n, patch, path) => {
    const m = await signUp(t.app);
    const body = expectBadInput(await react(ahead.id, { eventId: ahead.id, userId: m.user.id, emoji: 'fire', ...patch }, m.cookie));
    if (path) expect(body.errors.map((e) => e.path)).toContain(path);
    expect(await storedEmoji(ahead.id, m.user.id)).toBeNull();
  });

  it('refuses an unreadable id in the address with 400', async () => {
    expectBadInput(await reactions('abc'));
    expectBadInput(await reactionOf(begun.id, 0 as number, guest.cookie));
  });
});

/* ------------------------------------------------------------------ the form */

const getForm = (eventId: number | string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/events/${eventId}/feedback/form`, headers: withCookie(cookie) });
const putForm = (eventId: number | string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'PUT', url: `/api/events/${eventId}/feedback/form`, headers: withCookie(cookie), payload: payload as object });

const full: FeedbackFormBody = {
  overallRating: 5,
  venueRating: 4,
  organizationRating: 5,
  matchQualityRating: 3,
  timingRating: 4,
  wouldRecommend: true,
  improvements: ['longer-rounds', 'icebreakers'],
  favoriteAspect: 'Meeting Priya',
  additionalComments: 'Lovely evening.',
};

async function storedResponses(eventId: number, userId?: number) {
  return t.db
    .select()
    .from(eventFeedback)
    .where(userId === undefined ? eq(eventFeedback.eventId, eventId) : and(eq(eventFeedback.eventId, eventId), eq(eventFeedback.userId, userId)));
}

describe('the feedback form (GET/PUT /api/events/{id}/feedback/form, §3 "Feedback (form)", §5)', () => {
  it('before the evening begins its guest sees why the form is closed, and a PUT is 403', async () => {
    const mine = await getForm(ahead.id, guest.cookie);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json<MyFeedback>()).toMatchObject({ eventId: ahead.id, canSubmit: false, blocked: 'not-begun', reason: FORM_NOT_BEGUN, response: null });
    const res = await putForm(ahead.id, full, guest.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe(FORM_NOT_BEGUN);
    expect(await storedResponses(ahead.id)).toHaveLength(0);
  });

  it('the form opens when the evening begins or ends, whichever is first: a host who starts round 1 early, or ends the evening early (issue 32)', async () => {
    const timer = (eventId: number, type: 'start_timer' | 'end_event') =>
      t.app.inject({ method: 'POST', url: `/api/events/${eventId}/timer`, headers: withCookie(host.cookie), payload: { type } });
    // Two evenings days ahead: one the host starts early, one the host ends before any round.
    const early = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, days: 5, title: 'Started Early' }));
    const ended = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, days: 6, title: 'Ended Early' }));
    const a = await guestOf(early, 'Ann Early');
    await guestOf(early, 'Ben Early');
    const c = await guestOf(ended, 'Cat Ended');
    expect((await getForm(early.id, a.cookie)).json<MyFeedback>()).toMatchObject({ canSubmit: false, blocked: 'not-begun' });
    expect((await getForm(ended.id, c.cookie)).json<MyFeedback>()).toMatchObject({ canSubmit: false, blocked: 'not-begun' });

    const started = await timer(early.id, 'start_timer');
    expect(started.statusCode, started.body).toBe(200);
    expect((await getForm(early.id, a.cookie)).json<MyFeedback>()).toMatchObject({ canSubmit: true, blocked: null, reason: null });
    expect((await putForm(early.id, full, a.cookie)).statusCode).toBe(201);

    const over = await timer(ended.id, 'end_event');
    expect(over.statusCode, over.body).toBe(200);
    expect((await getForm(ended.id, c.cookie)).json<MyFeedback>()).toMatchObject({ canSubmit: true, blocked: null, reason: null });
    expect((await putForm(ended.id, full, c.cookie)).statusCode).toBe(201);
    expect(await storedResponses(ended.id, c.user.id)).toHaveLength(1);
  });

  it('a guest of a begun evening sends a response (201), sees it, changes it (200): still one response', async () => {
    const g = freshGuest();
    expect((await getForm(begun.id, g.cookie)).json<MyFeedback>()).toMatchObject({ canSubmit: true, blocked: null, reason: null, response: null });
    const created = await putForm(begun.id, full, g.cookie);
    expect(created.statusCode, created.body).toBe(201);
    const first = created.json<SavedFeedback>();
    expect(first.created).toBe(true);
    expect(first.response).toMatchObject({ ...full, eventId: begun.id, userId: g.user.id });

    const changed = await putForm(begun.id, { ...full, overallRating: 3, wouldRecommend: false, improvements: [], additionalComments: '' }, g.cookie);
    expect(changed.statusCode, changed.body).toBe(200);
    const second = changed.json<SavedFeedback>();
    expect(second).toMatchObject({
      created: false,
      response: { id: first.response.id, overallRating: 3, wouldRecommend: false, improvements: [], additionalComments: null },
    });
    expect(second.response.submittedAt).toBe(first.response.submittedAt);

    const mine = (await getForm(begun.id, g.cookie)).json<MyFeedback>();
    expect(mine.response).toEqual(second.response);
    expect(await storedResponses(begun.id, g.user.id)).toHaveLength(1);
  });

  it('only the overall rating is required: the rest default to unrated, yes, none', async () => {
    const g = freshGuest();
    const res = await putForm(begun.id, { overallRating: 4, favoriteAspect: '   ' }, g.cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<SavedFeedback>().response).toMatchObject({
      overallRating: 4,
      venueRating: 0,
      organizationRating: 0,
      matchQualityRating: 0,
      timingRating: 0,
      wouldRecommend: true,
      improvements: [],
      favoriteAspect: null,
      additionalComments: null,
    });
  });

  it('two submissions at once still leave one response per guest', async () => {
    const g = freshGuest();
    const [a, b] = await Promise.all([putForm(begun.id, { ...full, overallRating: 2 }, g.cookie), putForm(begun.id, { ...full, overallRating: 4 }, g.cookie)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    const rows = await storedResponses(begun.id, g.user.id);
    expect(rows).toHaveLength(1);
    expect([2, 4]).toContain(rows[0]!.overallRating);
  });

  it('members who are not guests of the evening (another evening’s guest, its host, another host, an admin) get 403; visitors 401', async () => {
    for (const who of [outsider, host, otherHost, admin]) {
      const res = await putForm(begun.id, full, who.cookie);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json<{ message: string }>().message).toBe(FORM_GUESTS_ONLY);
      expect((await getForm(begun.id, who.cookie)).json<MyFeedback>()).toMatchObject({
        canSubmit: false,
        blocked: 'not-guest',
        reason: FORM_GUESTS_ONLY,
        response: null,
      });
      expect(await storedResponses(begun.id, who.user.id)).toHaveLength(0);
    }
    expect((await putForm(begun.id, full)).statusCode).toBe(401);
    expect((await getForm(begun.id)).statusCode).toBe(401);
  });

  // Issue 21: a guest who booked but never came moved the host's public average rating.
  it('a guest who booked but was never checked in sees why (not-checked-in) and a PUT is 403: the host average does not move', async () => {
    const h = await signUpHost(t, { name: 'Nora Nocome' });
    const v = (await createVenue(t.app, h.cookie)).id;
    const evening = await createEvent(t.app, h.cookie, eventBody(v, { price: 0 }));
    const came = await guestOf(evening, 'Carla Came');
    const absent = await guestOf(evening, 'Abe Absent', { checkedIn: false });
    await startedDaysAgo(evening.id, 2);
    expect((await putForm(evening.id, { overallRating: 5 }, came.cookie)).statusCode).toBe(201);

    expect((await getForm(evening.id, absent.cookie)).json<MyFeedback>()).toMatchObject({
      canSubmit: false,
      blocked: 'not-checked-in',
      reason: FORM_NOT_CHECKED_IN,
      response: null,
    });
    const refused = await putForm(evening.id, { overallRating: 1 }, absent.cookie);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json<{ message: string }>().message).toBe(FORM_NOT_CHECKED_IN);
    expect(await storedResponses(evening.id, absent.user.id)).toHaveLength(0);
    expect(await hostRow(h.user.id)).toMatchObject({ ratingCount: 1 });

    // Checked in at the door, the same guest may answer.
    await checkInAtDoor(evening.id, absent.user.id);
    expect((await putForm(evening.id, { overallRating: 1 }, absent.cookie)).statusCode).toBe(201);
  });

  it("an unknown evening is 404 'Event not found'", async () => {
    for (const res of [await putForm(999_999, full, guest.cookie), await getForm(999_999, guest.cookie)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json<{ message: string }>().message).toBe('Event not found');
    }
  });

  it.each([
    ['no overall rating', { overallRating: undefined }, 'overallRating'],
    ['an overall rating of 0', { overallRating: 0 }, 'overallRating'],
    ['an overall rating of 6', { overallRating: 6 }, 'overallRating'],
    ['half a star', { overallRating: 2.5 }, 'overallRating'],
    ['a rating as text', { overallRating: '5' }, 'overallRating'],
    ['a venue rating of -1', { venueRating: -1 }, 'venueRating'],
    ['a timing rating of 6', { timingRating: 6 }, 'timingRating'],
    ['a match quality rating that is null', { matchQualityRating: null }, 'matchQualityRating'],
    ['an unknown improvement', { improvements: ['free-pizza'] }, 'improvements.0'],
    ['an improvement twice', { improvements: ['seating', 'seating'] }, 'improvements'],
    ['improvements that are not a list', { improvements: 'seating' }, 'improvements'],
    ['wouldRecommend as text', { wouldRecommend: 'yes' }, 'wouldRecommend'],
    ['a favourite aspect of 201 characters', { favoriteAspect: 'a'.repeat(201) }, 'favoriteAspect'],
    ['comments of 2001 characters', { additionalComments: 'a'.repeat(2001) }, 'additionalComments'],
    ['comments with a control character', { additionalComments: 'bad\u0000text' }, 'additionalComments'],
    ['an extra field', { userId: 1 }, ''],
  ])('refuses %s with 400 and changes nothing', async (_n, patch, path) => {
    const body = expectBadInput(await putForm(begun.id, { ...full, ...patch }, guest.cookie));
    if (path) expect(body.errors.map((e) => e.path)).toContain(path);
    expect(await storedResponses(begun.id, guest.user.id)).toHaveLength(0);
  });

  it('keeps text at the limits', async () => {
    const g = freshGuest();
    const res = await putForm(begun.id, { ...full, favoriteAspect: 'a'.repeat(200), additionalComments: 'b'.repeat(2000) }, g.cookie);
    expect(res.statusCode, res.body).toBe(201);
  });
});

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
