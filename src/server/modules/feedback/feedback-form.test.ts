import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FeedbackFormBody, MyFeedback, SavedFeedback } from '@shared/schemas/feedback';
import { eventFeedback } from '../../db/schema/index';
import { createEvent, createVenue, eventBody, expectBadInput, signUpHost, withCookie } from '../../test/harness';
import { FORM_GUESTS_ONLY, FORM_NOT_BEGUN, FORM_NOT_CHECKED_IN } from './service';
import {
  t,
  host,
  otherHost,
  admin,
  guest,
  outsider,
  venueId,
  begun,
  ahead,
  freshGuest,
  startedDaysAgo,
  guestOf,
  checkInAtDoor,
  hostRow,
  putForm,
  registerFeedbackFixtures,
} from './feedback.fixtures';

registerFeedbackFixtures();

/* ------------------------------------------------------------------ the form */

const getForm = (eventId: number | string, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/events/${eventId}/feedback/form`, headers: withCookie(cookie) });

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
