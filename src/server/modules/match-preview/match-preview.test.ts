import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PreviewReminderResponse, PreviewResponse } from '@shared/schemas/match-preview';
import { events, rateLimits } from '../../db/schema/index';
import {
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  expectBadInput,
  outbox,
  registerFor,
  signUp,
  signUpHost,
  TEST_ADMIN_EMAIL,
  withCookie,
  type TestContext,
} from '../../test/harness';
import { firstNameOf, personalityInsight } from './service';

/**
 * /match-preview's API (docs/spec/organiser-tools.md §2.25, §3, §9): guests of the evening only,
 * first names and traits only, opted-out members hidden from others, and a rate-limited reminder.
 */

type Member = Awaited<ReturnType<typeof signUp>>;

let t: TestContext;
let host: Member;
let admin: Member;
let ann: Member;
let ben: Member;
let cat: Member;
let dee: Member;
let outsider: Member;
let otherHost: Member;
let eventId: number;
let otherEventId: number;
let venueId: number;

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: withCookie(cookie) });
const put = (url: string, payload: unknown, cookie?: string) => t.app.inject({ method: 'PUT', url, payload: payload as object, headers: withCookie(cookie) });
const post = (url: string, cookie?: string) => t.app.inject({ method: 'POST', url, headers: withCookie(cookie) });
const previewOf = async (id: number, m: Member) => {
  const res = await get(`/api/events/${id}/preview`, m.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<PreviewResponse>();
};

const annTraits = { creative: 8, adventurous: 8, social: 6, analytical: 4 };
const benTraits = { creative: 8, adventurous: 9, social: 6, analytical: 4 };
const catTraits = { creative: 1, adventurous: 1, social: 1, analytical: 10 };

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t, { name: 'Hana Host' });
  admin = await signUp(t.app, { email: TEST_ADMIN_EMAIL, name: 'Alex Admin' });
  venueId = (
    await createVenue(t.app, host.cookie, { name: 'The Preview Bar', address: '5 Bury Old Road', city: 'Prestwich', latitude: 53.5331, longitude: -2.2837 })
  ).id;
  eventId = (await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, days: 10, title: 'Preview Night' }))).id;
  otherEventId = (await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, days: 11 }))).id;

  ann = await signUp(t.app, {
    name: 'Ann Marie Archer',
    age: 30,
    interests: ['Wine', 'Music', 'Art'],
    personalityTraits: annTraits,
    communicationStyle: 'balanced',
    contactInfo: '07700 900111',
    bio: 'Ann secret bio',
  });
  ben = await signUp(t.app, {
    name: 'Ben Bloggsworth',
    age: 31,
    interests: ['Music', 'Hiking', 'Art', 'Cycling'],
    personalityTraits: benTraits,
    communicationStyle: 'balanced',
    contactInfo: '07700 900222',
    bio: 'Ben secret bio',
  });
  cat = await signUp(t.app, {
    name: 'Cat Carrington',
    age: 45,
    interests: ['Gaming', 'Music'],
    personalityTraits: catTraits,
    communicationStyle: 'extroverted',
    contactInfo: '07700 900333',
  });
  dee = await signUp(t.app, { name: 'Dee Hiddenfield', age: 29, interests: ['Wine', 'Art'], personalityTraits: annTraits, communicationStyle: 'balanced' });
  outsider = await signUp(t.app, { name: 'Oli Outsider' });
  otherHost = await signUpHost(t, { name: 'Olga Otherhost' });
  for (const m of [ann, ben, cat, dee]) expect((await registerFor(t.app, eventId, m)).statusCode).toBe(201);
  expect((await registerFor(t.app, otherEventId, outsider)).statusCode).toBe(201);
  // Dee opts out of other guests' previews.
  expect((await put('/api/me/preview-visibility', { visible: false }, dee.cookie)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('GET /api/events/:id/preview', () => {
  it('ranks the other guests for a guest, with first names, 0-100 traits, totals, venue and tips', async () => {
    const p = await previewOf(eventId, ann);
    expect(p.event).toMatchObject({
      id: eventId,
      title: 'Preview Night',
      startTime: '19:00',
      endTime: '22:00',
      hasEnded: false,
      calendarUrl: `/api/events/${eventId}/calendar.ics`,
    });
    expect(p.venue).toEqual({
      name: 'The Preview Bar',
      address: '5 Bury Old Road',
      city: 'Prestwich',
      latitude: 53.5331,
      longitude: -2.2837,
      directionsUrl: 'https://www.openstreetmap.org/directions?to=53.5331,-2.2837',
    });
    expect(p.viewer).toEqual({
      personality: { creative: 80, adventurous: 80, social: 60, analytical: 40 },
      interests: ['Wine', 'Music', 'Art'],
      visible: true,
    });
    // Four registered (Dee too), but Dee opted out: only Ben and Cat are previewed, best first.
    expect(p.expectedGuests).toBe(4);
    expect(p.profiles.map((x) => x.firstName)).toEqual(['Ben', 'Cat']);

    // Ann and Ben (Music and Art shared, both creative and adventurous) score 93 of 100; Ann and Cat, 61.
    const [b, c] = p.profiles;
    expect(b).toEqual({
      id: ben.user.id,
      firstName: 'Ben',
      age: 31,
      personality: { creative: 80, adventurous: 90, social: 60, analytical: 40 },
      topInterests: ['Music', 'Art', 'Hiking'],
      compatibilityScore: 93,
      sharedInterests: ['Music', 'Art'],
      personalityInsight: "You're both creative and adventurous",
      connectionPotential: 'high',
    });
    expect(c!.compatibilityScore).toBe(61);
    expect(c!.connectionPotential).toBe('good');
    expect(c!.personalityInsight).toBe('Your analytical sides complement each other');
    expect(p.highMatches).toBe(1);
    expect(p.averageCompatibility).toBe(77);
    expect(p.sharedInterestTotals).toEqual([
      { interest: 'Music', count: 2 },
      { interest: 'Art', count: 1 },
    ]);
    expect(p.conversationStarters).toHaveLength(5);
    expect(new Set(p.conversationStarters).size).toBe(5);
    expect(p.tips.some((tip) => tip.includes('Ask Ben about Music'))).toBe(true);
    expect(p.tips.some((tip) => tip.includes('5 minutes'))).toBe(true);
  });

  it('never shows e-mail, phone, surname or bio', async () => {
    for (const m of [ann, ben, cat, dee]) {
      const res = await get(`/api/events/${eventId}/preview`, m.cookie);
      expect(res.statusCode).toBe(200);
      for (const secret of [
        ann.user.email,
        ben.user.email,
        cat.user.email,
        dee.user.email,
        '900111',
        '900222',
        '900333',
        'Archer',
        'Bloggsworth',
        'Carrington',
        'Hiddenfield',
        'secret bio',
        'email',
        'contactInfo',
        'bio',
      ]) {
        expect(res.body).not.toContain(secret);
      }
      for (const prof of res.json<PreviewResponse>().profiles) {
        expect(Object.keys(prof).sort()).toEqual([
          'age',
          'compatibilityScore',
          'connectionPotential',
          'firstName',
          'id',
          'personality',
          'personalityInsight',
          'sharedInterests',
          'topInterests',
        ]);
      }
    }
  });

  it('an opted-out guest is hidden from others but still sees their own preview', async () => {
    const p = await previewOf(eventId, dee);
    expect(p.viewer.visible).toBe(false);
    expect(p.profiles.map((x) => x.firstName).sort()).toEqual(['Ann', 'Ben', 'Cat']);
    for (const m of [ann, ben, cat]) expect((await previewOf(eventId, m)).profiles.map((x) => x.id)).not.toContain(dee.user.id);

    // Opting back in shows Dee again; opting out again hides her.
    expect((await put('/api/me/preview-visibility', { visible: true }, dee.cookie)).json()).toEqual({ visible: true });
    expect((await previewOf(eventId, ann)).profiles.map((x) => x.id)).toContain(dee.user.id);
    expect((await put('/api/me/preview-visibility', { visible: false }, dee.cookie)).json()).toEqual({ visible: false });
    expect((await previewOf(eventId, ann)).profiles.map((x) => x.id)).not.toContain(dee.user.id);
  });

  it('is for guests only: member of another evening, host, other host and admin 403 unless registered; visitor 401', async () => {
    for (const m of [outsider, host, otherHost, admin]) {
      const res = await get(`/api/events/${eventId}/preview`, m.cookie);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().message).toContain('guests of this evening only');
    }
    const visitor = await get(`/api/events/${eventId}/preview`);
    expect(visitor.statusCode).toBe(401);

    // An admin who books a place is a guest like any other.
    const own = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, days: 12 }));
    expect((await registerFor(t.app, own.id, admin)).statusCode).toBe(201);
    expect((await registerFor(t.app, own.id, ben)).statusCode).toBe(201);
    const asAdmin = await previewOf(own.id, admin);
    expect(asAdmin.profiles.map((x) => x.firstName)).toEqual(['Ben']);
    // Alex Admin gave no traits: null, and a hint to complete /register.
    expect(asAdmin.viewer.personality).toBeNull();
    expect(asAdmin.tips.some((tip) => tip.includes('/register'))).toBe(true);
  });

  it('an evening nobody else booked: empty profiles, no average', async () => {
    const lone = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, days: 13 }));
    expect((await registerFor(t.app, lone.id, cat)).statusCode).toBe(201);
    const p = await previewOf(lone.id, cat);
    expect(p).toMatchObject({ expectedGuests: 1, profiles: [], averageCompatibility: null, highMatches: 0, sharedInterestTotals: [] });
    expect(p.conversationStarters.length).toBeGreaterThan(0);
  });

  it('unknown event 404, bad id 400', async () => {
    const res = await get('/api/events/999999/preview', ann.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Event not found');
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) expectBadInput(await get(`/api/events/${bad}/preview`, ann.cookie));
  });

  it('an evening that is over still previews and says so', async () => {
    const past = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, days: 14 }));
    expect((await registerFor(t.app, past.id, ann)).statusCode).toBe(201);
    expect((await registerFor(t.app, past.id, ben)).statusCode).toBe(201);
    await t.db.update(events).set({ status: 'completed' }).where(eq(events.id, past.id));
    const p = await previewOf(past.id, ann);
    expect(p.event.hasEnded).toBe(true);
    expect(p.profiles.map((x) => x.firstName)).toEqual(['Ben']);
    expect(p.tips[0]).toContain('This evening has happened');
    // No reminder for an evening that is over.
    const rem = await post(`/api/events/${past.id}/reminder`, ann.cookie);
    expect(rem.statusCode).toBe(409);
    expect(rem.json().message).toContain('already happened');
  });
});

describe('GET/PUT /api/me/preview-visibility', () => {
  it('defaults to visible, is idempotent, and is per member', async () => {
    const m = await signUp(t.app, { name: 'Vic Visible' });
    expect((await get('/api/me/preview-visibility', m.cookie)).json()).toEqual({ visible: true });
    for (let i = 0; i < 2; i++) {
      const res = await put('/api/me/preview-visibility', { visible: false }, m.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ visible: false });
    }
    expect((await get('/api/me/preview-visibility', m.cookie)).json()).toEqual({ visible: false });
    expect((await get('/api/me/preview-visibility', ann.cookie)).json()).toEqual({ visible: true });
    for (let i = 0; i < 2; i++) expect((await put('/api/me/preview-visibility', { visible: true }, m.cookie)).json()).toEqual({ visible: true });
    expect((await get('/api/me/preview-visibility', m.cookie)).json()).toEqual({ visible: true });
  });

  it('visitors 401; bad bodies 400 and change nothing', async () => {
    expect((await get('/api/me/preview-visibility')).statusCode).toBe(401);
    expect((await put('/api/me/preview-visibility', { visible: false })).statusCode).toBe(401);
    for (const bad of [{}, { visible: 'no' }, { visible: null }, { visible: 0 }, { visible: false, extra: 1 }, []]) {
      expectBadInput(await put('/api/me/preview-visibility', bad, ann.cookie));
    }
    expect((await get('/api/me/preview-visibility', ann.cookie)).json()).toEqual({ visible: true });
  });
});

describe('POST /api/events/:id/reminder', () => {
  const reminders = async (email: string) => (await outbox(t.app, email)).filter((m) => m.subject.startsWith('Reminder:'));

  it("e-mails the guest a reminder with the evening's .ics, once per 10 minutes per evening", async () => {
    const res = await post(`/api/events/${eventId}/reminder`, ben.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PreviewReminderResponse>()).toEqual({ sentTo: ben.user.email, message: expect.stringContaining(ben.user.email) });
    const [mail, ...rest] = await reminders(ben.user.email);
    expect(rest).toHaveLength(0);
    expect(mail!.subject).toContain('Preview Night');
    expect(mail!.text).toContain('Hi Ben,');
    expect(mail!.text).toContain('The Preview Bar, 5 Bury Old Road, Prestwich');
    expect(mail!.text).toContain('https://www.openstreetmap.org/directions?to=53.5331,-2.2837');
    expect(mail!.text).toContain(`/match-preview?event=${eventId}`);
    expect(mail!.attachments).toEqual([
      { filename: 'speed-friendship.ics', contentType: 'text/calendar; charset=utf-8; method=PUBLISH', size: expect.any(Number) },
    ]);
    // The attachment is the evening's own .ics, the same file the calendar route serves (DTSTAMP differs only in value).
    const ics = await get(`/api/events/${eventId}/calendar.ics`);
    expect(ics.body).toContain('SUMMARY:Preview Night');
    expect(mail!.attachments![0]!.size).toBe(Buffer.byteLength(ics.body));

    // A second press within 10 minutes: 429 with a clear message, and no second e-mail.
    const again = await post(`/api/events/${eventId}/reminder`, ben.cookie);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/already on its way\. You can send another in (10|9) minutes\./);
    expect(await reminders(ben.user.email)).toHaveLength(1);

    // Another guest, and the same guest for another evening, have their own turns.
    expect((await post(`/api/events/${eventId}/reminder`, cat.cookie)).statusCode).toBe(200);
    const second = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, days: 15 }));
    expect((await registerFor(t.app, second.id, ben)).statusCode).toBe(201);
    expect((await post(`/api/events/${second.id}/reminder`, ben.cookie)).statusCode).toBe(200);
    expect(await reminders(ben.user.email)).toHaveLength(2);

    // Once the window has passed, the guest may send another.
    await t.db
      .update(rateLimits)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(rateLimits.key, `preview-reminder:${eventId}:${ben.user.id}`));
    expect((await post(`/api/events/${eventId}/reminder`, ben.cookie)).statusCode).toBe(200);
    expect(await reminders(ben.user.email)).toHaveLength(3);
  });

  it('two presses at once send one reminder', async () => {
    const both = await Promise.all([post(`/api/events/${eventId}/reminder`, dee.cookie), post(`/api/events/${eventId}/reminder`, dee.cookie)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    expect(await reminders(dee.user.email)).toHaveLength(1);
  });

  it('is for guests only, and refuses visitors, unknown and bad ids without sending', async () => {
    for (const m of [outsider, host, otherHost, admin]) {
      const res = await post(`/api/events/${eventId}/reminder`, m.cookie);
      expect(res.statusCode).toBe(403);
      expect(await reminders(m.user.email)).toHaveLength(0);
    }
    expect((await post(`/api/events/${eventId}/reminder`)).statusCode).toBe(401);
    const unknown = await post('/api/events/999999/reminder', ann.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Event not found');
    expectBadInput(await post('/api/events/abc/reminder', ann.cookie));
    expect(await reminders(ann.user.email)).toHaveLength(0);
  });
});

describe('helpers', () => {
  it('firstNameOf keeps the first word only', () => {
    expect(firstNameOf('  Ann Marie Archer ')).toBe('Ann');
    expect(firstNameOf('Prince')).toBe('Prince');
  });

  it('personalityInsight words the pair', () => {
    const hi = { creative: 8, adventurous: 2, social: 8, analytical: 5 };
    expect(personalityInsight(hi, hi, 'Sam', [])).toBe("You're both creative and social");
    expect(personalityInsight(null, { creative: 2, adventurous: 9, social: 3, analytical: 3 }, 'Sam', ['Art'])).toBe(
      'Sam is especially adventurous, and you both enjoy Art',
    );
    expect(personalityInsight(null, null, 'Sam', ['Art', 'Wine', 'Film'])).toBe('You both enjoy Art and Wine');
    expect(personalityInsight(null, null, 'Sam', [])).toBe('Different perspectives: plenty to talk about');
  });
});
