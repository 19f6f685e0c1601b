import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { londonDay, londonInstant } from '@shared/domain/time';
import type { Event, EventDetail, UserEvent } from '@shared/schemas/events';
import { events as eventsTable } from '../../db/schema/index';
import {
  buyTicket,
  createEvent,
  createVenue,
  createTestApp,
  dayFromNow,
  eventBody,
  expectBadInput,
  getEvent,
  registerFor,
  signUp,
  signUpHost,
  TEST_ADMIN_EMAIL,
  withCookie,
  type TestContext,
} from '../../test/harness';

let t: TestContext;
let host: Awaited<ReturnType<typeof signUpHost>>;
let admin: Awaited<ReturnType<typeof signUp>>;
let venueId: number;

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t);
  admin = await signUp(t.app, { email: TEST_ADMIN_EMAIL, name: 'Alex Admin' });
  venueId = (await createVenue(t.app, host.cookie, { name: 'The Test Wine Bar' })).id;
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: withCookie(cookie) });
const postEvent = (payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/events', headers: withCookie(cookie), payload: payload as object });

async function eventRows() {
  const [row] = await t.db.select({ n: count() }).from(eventsTable);
  return Number(row?.n ?? 0);
}

/** An evening that ended yesterday (created in the database: the API refuses past dates). */
async function insertPastEvent(title: string) {
  const start = new Date(Date.now() - 26 * 3_600_000);
  const [row] = await t.db
    .insert(eventsTable)
    .values({
      title,
      date: start,
      endsAt: new Date(start.getTime() + 2 * 3_600_000),
      startTime: '19:00',
      endTime: '21:00',
      venue: 'The Test Wine Bar',
      venueId,
      ageRangeMin: 18,
      ageRangeMax: 65,
      maxParticipants: 12,
      price: 1500,
      hostId: host.user.id,
    })
    .returning({ id: eventsTable.id });
  return row!.id;
}

describe('GET /api/events, /api/events/upcoming', () => {
  it('lists every event to a member; upcoming leaves out the ones that are over', async () => {
    const future = await createEvent(t.app, host.cookie, eventBody(venueId, { title: 'Future Evening' }));
    const pastId = await insertPastEvent('Yesterday Evening');
    const member = await signUp(t.app);

    const all = await get('/api/events', member.cookie);
    expect(all.statusCode).toBe(200);
    const list = all.json<Event[]>();
    expect(list.find((e) => e.id === future.id)).toMatchObject({ title: 'Future Evening', status: 'upcoming', price: 1500, spotsLeft: 20 });
    expect(list.find((e) => e.id === pastId)).toMatchObject({ title: 'Yesterday Evening', status: 'completed' });
    // Ordered by start.
    const starts = list.map((e) => Date.parse(e.date));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);

    const upcoming = (await get('/api/events/upcoming')).json<Event[]>();
    expect(upcoming.map((e) => e.id)).toContain(future.id);
    expect(upcoming.map((e) => e.id)).not.toContain(pastId);
    expect(upcoming.every((e) => e.status === 'upcoming')).toBe(true);
  });
});

describe('GET /api/events for a visitor (issue 34: /events is open to visitors)', () => {
  /**
   * An evening written straight into the database (the API refuses a start in the past), at `startsIn`
   * ms from now; a day or more ahead it starts at 10:00 London time that day, clear of the 19:00
   * evenings the tests below book at the same venue (whatever the hour the suite runs).
   */
  async function insertEvening(title: string, startsIn: number, over: Partial<typeof eventsTable.$inferInsert> = {}) {
    const at = new Date(Date.now() + startsIn);
    const start = startsIn >= 86_400_000 ? londonInstant(londonDay(at), '10:00') : at;
    const [row] = await t.db
      .insert(eventsTable)
      .values({
        title,
        date: start,
        endsAt: new Date(start.getTime() + 2 * 3_600_000),
        startTime: '19:00',
        endTime: '21:00',
        venue: 'The Test Wine Bar',
        venueId,
        ageRangeMin: 18,
        ageRangeMax: 65,
        maxParticipants: 12,
        price: 1500,
        hostId: host.user.id,
        ...over,
      })
      .returning({ id: eventsTable.id });
    return row!.id;
  }

  it('holds only the evenings a visitor may book, full ones too, and nothing personal', async () => {
    const open = await createEvent(t.app, host.cookie, eventBody(venueId, { title: 'Open Evening', maxParticipants: 6 }));
    const full = { id: await insertEvening('Full Evening', 9 * 24 * 3_600_000, { price: 0, maxParticipants: 2 }) };
    const guests = [await signUp(t.app, { name: 'Zebedee Quill' }), await signUp(t.app, { name: 'Ottoline Marsh' })];
    for (const g of guests) expect((await registerFor(t.app, full.id, g)).statusCode).toBe(201);
    await buyTicket(t.app, open.id, guests[0]!);
    const pastId = await insertPastEvent('Ended Evening');
    const startedId = await insertEvening('Evening Under Way', -30 * 60_000);
    // Ended early by its host: completed, though its advertised start is still ahead.
    const completedId = await insertEvening('Evening Called Off', 5 * 24 * 3_600_000, { status: 'completed' });

    const res = await get('/api/events');
    expect(res.statusCode).toBe(200);
    const list = res.json<Event[]>();
    const ids = list.map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining([open.id, full.id]));
    for (const id of [pastId, startedId, completedId]) expect(ids).not.toContain(id);
    expect(list.every((e) => e.status === 'upcoming' && Date.parse(e.date) > Date.now())).toBe(true);
    expect(list.find((e) => e.id === open.id)).toMatchObject({ title: 'Open Evening', venue: 'The Test Wine Bar', price: 1500, spotsLeft: 5 });
    expect(list.find((e) => e.id === full.id)).toMatchObject({ title: 'Full Evening', spotsLeft: 0, participantCount: 2 });
    // Soonest first.
    const starts = list.map((e) => Date.parse(e.date));
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
    // Nothing personal: no host's user id, no guest's name or e-mail.
    expect(res.body).not.toContain('hostId');
    for (const g of guests) {
      expect(res.body).not.toContain(g.user.name);
      expect(res.body).not.toContain(g.user.email);
    }

    // A member still gets every evening, past and under way included (their /events shows past evenings).
    const members = (await get('/api/events', guests[0]!.cookie)).json<Event[]>().map((e) => e.id);
    expect(members).toEqual(expect.arrayContaining([open.id, full.id, pastId, startedId, completedId]));
  });
});

describe('GET /api/events/:id', () => {
  it('shows the event and what the viewer may do', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { days: 5 }));
    const visitor = await getEvent(t.app, event.id);
    expect(visitor).toMatchObject({ id: event.id, title: event.title, venue: 'The Test Wine Bar', participantCount: 0, spotsLeft: 20 });
    expect(visitor.viewer).toMatchObject({ registered: false, checkedIn: false, isHost: false, refundable: true, paid: false });
    expect(Date.parse(visitor.date) - Date.parse(visitor.viewer.selfCheckInOpensAt)).toBe(60 * 60_000);

    expect((await getEvent(t.app, event.id, host.cookie)).viewer.isHost).toBe(true);
    expect((await getEvent(t.app, event.id, admin.cookie)).viewer.isHost).toBe(true);
    const other = await signUpHost(t);
    expect((await getEvent(t.app, event.id, other.cookie)).viewer.isHost).toBe(false);

    const member = await signUp(t.app);
    await buyTicket(t.app, event.id, member);
    expect((await getEvent(t.app, event.id, member.cookie)).viewer).toMatchObject({ registered: true, paid: true, isHost: false });
  });

  it("gives a visitor what the public page shows, without the host's user id; signed-in members get it (issue 33)", async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId));
    const member = await signUp(t.app);
    const visitorsAnswers = [await get(`/api/events/${event.id}`), await get('/api/events'), await get('/api/events/upcoming')];
    for (const res of visitorsAnswers) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('hostId');
    }
    expect((await get(`/api/events/${event.id}`, member.cookie)).json<EventDetail>().hostId).toBe(host.user.id);
    expect((await get('/api/events', member.cookie)).json<Event[]>().find((e) => e.id === event.id)?.hostId).toBe(host.user.id);
    expect((await get('/api/events/upcoming', member.cookie)).json<Event[]>().find((e) => e.id === event.id)?.hostId).toBe(host.user.id);
    // Right after a member's read, a visitor's still has no host id (each gets their own listing).
    expect((await get('/api/events')).json<Event[]>().find((e) => e.id === event.id)).not.toHaveProperty('hostId');
  });

  it("answers 404 'Event not found' for an unknown id", async () => {
    const res = await get('/api/events/987654');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Event not found', error: 'Event not found' });
  });

  it('answers 400 to an id that is not a number', async () => {
    for (const id of ['abc', '1.5', '-1', '0', '99999999999']) {
      const body = expectBadInput(await get(`/api/events/${id}`));
      expect(body.errors[0]!.path).toBe('params.id');
    }
  });
});

describe('GET /api/events/demo', () => {
  it('is 404 with a clear message without demo data, then the first flagged demo evening, for anyone', async () => {
    const none = await get('/api/events/demo');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toMatchObject({ message: 'No demo event: the demo data is not loaded' });

    const demoId = await insertPastEvent('Demo Launch Night');
    await insertPastEvent('Not a demo');
    await t.db.update(eventsTable).set({ isDemo: true }).where(eq(eventsTable.id, demoId));
    const found = await get('/api/events/demo');
    expect(found.statusCode).toBe(200);
    expect(found.json<Event>()).toMatchObject({ id: demoId, title: 'Demo Launch Night' });
  });
});

describe('GET /api/users/:id/events', () => {
  it('lists the own registrations; others get 403, visitors 401, admins see anyone', async () => {
    const member = await signUp(t.app);
    const a = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, days: 4 }));
    const b = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, days: 6 }));
    await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, days: 7 })); // not registered
    expect((await registerFor(t.app, a.id, member)).statusCode).toBe(201);
    expect((await registerFor(t.app, b.id, member)).statusCode).toBe(201);

    const own = await get(`/api/users/${member.user.id}/events`, member.cookie);
    expect(own.statusCode).toBe(200);
    const list = own.json<UserEvent[]>();
    expect(list.map((e) => e.id).sort()).toEqual([a.id, b.id].sort());
    for (const e of list) {
      expect(e.checkedIn).toBe(false);
      expect(Number.isNaN(Date.parse(e.registeredAt))).toBe(false);
      expect(e.participantCount).toBe(1);
    }

    const stranger = await signUp(t.app);
    const denied = await get(`/api/users/${member.user.id}/events`, stranger.cookie);
    expect(denied.statusCode).toBe(403);
    expect(denied.body).not.toContain(a.title);
    expect((await get(`/api/users/${member.user.id}/events`)).statusCode).toBe(401);
    const asAdmin = await get(`/api/users/${member.user.id}/events`, admin.cookie);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json<UserEvent[]>()).toHaveLength(2);
  });
});

describe('GET /api/events/:id/participants', () => {
  it('shows registered guests and the hosts who is coming, with no contact details', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, days: 8 }));
    const ann = await signUp(t.app, { name: 'Ann Guest', age: 34, bio: 'Loves jazz', interests: ['Jazz'], contactInfo: '07700 900111' });
    const ben = await signUp(t.app, { name: 'Ben Guest', age: 41, contactInfo: '07700 900222' });
    expect((await registerFor(t.app, event.id, ann)).statusCode).toBe(201);
    expect((await registerFor(t.app, event.id, ben)).statusCode).toBe(201);

    for (const cookie of [ann.cookie, ben.cookie, host.cookie, admin.cookie]) {
      const res = await get(`/api/events/${event.id}/participants`, cookie);
      expect(res.statusCode, res.body).toBe(200);
      const list = res.json<{ id: number; userId: number; checkedIn: boolean; user: Record<string, unknown> }[]>();
      expect(list.map((p) => p.userId)).toEqual([ann.user.id, ben.user.id]);
      // Guests see each other's first names; those who run the evening the full name (issue 34).
      const name = cookie === host.cookie || cookie === admin.cookie ? 'Ann Guest' : 'Ann';
      expect(list[0]!.user).toEqual({ name, age: 34, bio: 'Loves jazz', interests: ['Jazz'], profileImage: null });
      for (const p of list) {
        expect(Object.keys(p).sort()).toEqual(['checkedIn', 'id', 'user', 'userId']);
        expect(Object.keys(p.user).sort()).toEqual(['age', 'bio', 'interests', 'name', 'profileImage']);
      }
      for (const secret of [ann.user.email, ben.user.email, '900111', '900222']) expect(res.body).not.toContain(secret);
    }
  });

  it('refuses members who are not coming (403), other hosts (403) and visitors (401)', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, days: 9 }));
    const guest = await signUp(t.app, { name: 'Secret Guest' });
    expect((await registerFor(t.app, event.id, guest)).statusCode).toBe(201);

    const stranger = await signUp(t.app);
    const res = await get(`/api/events/${event.id}/participants`, stranger.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('Secret Guest');
    const otherHost = await signUpHost(t);
    expect((await get(`/api/events/${event.id}/participants`, otherHost.cookie)).statusCode).toBe(403);
    expect((await get(`/api/events/${event.id}/participants`)).statusCode).toBe(401);
    expect((await get('/api/events/987654/participants', stranger.cookie)).statusCode).toBe(404);
  });
});

describe('POST /api/events', () => {
  it('creates an evening for a host, with the defaults', async () => {
    const body = eventBody(venueId, { title: '  Wine & Friends  ', days: 10 });
    const res = await postEvent(body, host.cookie);
    expect(res.statusCode, res.body).toBe(201);
    const event = res.json<Event>();
    expect(event).toMatchObject({
      title: 'Wine & Friends',
      venue: 'The Test Wine Bar',
      venueId,
      startTime: '19:00',
      endTime: '22:00',
      price: 1500,
      maxParticipants: 20,
      participantCount: 0,
      spotsLeft: 20,
      ageRangeMin: 25,
      ageRangeMax: 45,
      roundDuration: 300,
      status: 'upcoming',
      hostId: host.user.id,
    });
    expect(Date.parse(event.endsAt) - Date.parse(event.date)).toBe(3 * 3_600_000);
    // Listed, and the same when read back by its host (a visitor's answer has no host id, issue 33).
    expect((await get('/api/events')).json<Event[]>().some((e) => e.id === event.id)).toBe(true);
    expect(await getEvent(t.app, event.id, host.cookie)).toMatchObject(event);
  });

  it('keeps a chosen round duration and a free price', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { roundDuration: 600, price: 0, days: 11 }));
    expect(event).toMatchObject({ roundDuration: 600, price: 0 });
  });

  it('is for hosts only: 401 for a visitor, 403 for a member, and nothing is created', async () => {
    const before = await eventRows();
    expect((await postEvent(eventBody(venueId))).statusCode).toBe(401);
    const member = await signUp(t.app);
    const res = await postEvent(eventBody(venueId), member.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/hosts only/);
    expect(await eventRows()).toBe(before);
  });

  it('refuses a host creating an event for another host (403); an admin may', async () => {
    const other = await signUpHost(t);
    const before = await eventRows();
    const res = await postEvent(eventBody(venueId, { hostId: other.user.id }), host.cookie);
    expect(res.statusCode).toBe(403);
    expect(await eventRows()).toBe(before);
    expect((await postEvent(eventBody(venueId, { hostId: host.user.id, days: 20 }), host.cookie)).statusCode).toBe(201);
    const byAdmin = await postEvent(eventBody(venueId, { hostId: other.user.id, days: 21 }), admin.cookie);
    expect(byAdmin.statusCode, byAdmin.body).toBe(201);
    expect(byAdmin.json<Event>().hostId).toBe(other.user.id);
  });

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['no title', { title: '' }, 'title', 'Event title is required'],
    ['a blank title', { title: '   ' }, 'title', 'Event title is required'],
    ['a missing title', { title: undefined }, 'title', 'Event title is required'],
    ['a minimum age under 18', { ageRangeMin: 17 }, 'ageRangeMin', 'Minimum age must be at least 18'],
    ['a maximum age over 65', { ageRangeMax: 66 }, 'ageRangeMax', 'Maximum age cannot exceed 65'],
    ['an age range upside down', { ageRangeMin: 40, ageRangeMax: 30 }, 'ageRangeMax', 'Maximum age must be at least the minimum age'],
    ['0 participants', { maxParticipants: 0 }, 'maxParticipants', 'Must allow at least 6 participants'],
    ['5 participants', { maxParticipants: 5 }, 'maxParticipants', 'Must allow at least 6 participants'],
    ['101 participants', { maxParticipants: 101 }, 'maxParticipants', 'Cannot exceed 100 participants'],
    ['a negative price', { price: -1500 }, 'price', 'Price cannot be negative'],
    ['an end before the start', { startTime: '21:00', endTime: '19:00' }, 'endTime', 'End time must be after the start time'],
    ['an end equal to the start', { startTime: '19:00', endTime: '19:00' }, 'endTime', 'End time must be after the start time'],
    ['a bad start time', { startTime: '25:00' }, 'startTime', 'Start time is required'],
    ['no venue', { venueId: undefined }, 'venueId', 'Venue name is required'],
    ['an unknown round duration', { roundDuration: 301 }, 'roundDuration', 'Round duration must be 5, 7, 10, 15 or 30 minutes, 1 hour or 1.5 hours'],
    ['a past date', { date: dayFromNow(-2) }, 'date', 'The event must start in the future'],
    ['a nonsense date', { date: 'next tuesday' }, 'date', 'Please select a date'],
    ['an unknown venue', { venueId: 987654 }, 'venueId', 'Venue not found'],
  ];
  it.each(cases)('rejects %s with 400 and its message, creating nothing', async (_name, patch, path, message) => {
    const before = await eventRows();
    const body = expectBadInput(await postEvent({ ...eventBody(venueId), ...patch }, host.cookie));
    expect(body.errors).toContainEqual({ path, message });
    expect(await eventRows()).toBe(before);
  });

  it.each([
    ['at noon', '12:00', ['11:58', '12:00'], '12:02'],
    ['a minute after midnight', '00:01', ['00:00', '00:01'], '00:03'],
    ['a minute before midnight', '23:59', ['23:57', '23:58'], null],
  ] as const)('rejects a start earlier today (already begun) with 400, whatever the time of day: %s', async (_name, nowAt, begun, later) => {
    // The app's clock says `nowAt` on a day a month ahead: the real time of day never matters.
    const day = dayFromNow(30);
    const clocked = await createTestApp({ shareDatabaseWith: t, now: () => londonInstant(day, nowAt) });
    // A venue of its own: the cases book the same day (a venue takes one booking at a time).
    const own = (await createVenue(t.app, host.cookie)).id;
    try {
      const post = (startTime: string) =>
        clocked.app.inject({
          method: 'POST',
          url: '/api/events',
          headers: withCookie(host.cookie),
          payload: { ...eventBody(own), date: day, startTime, endTime: '23:59' },
        });
      const before = await eventRows();
      for (const startTime of begun) {
        const body = expectBadInput(await post(startTime));
        expect(body.errors, startTime).toContainEqual({ path: 'date', message: 'The event must start in the future' });
      }
      expect(await eventRows()).toBe(before);
      // Later the same day is in the future by the same clock.
      if (later) {
        const res = await post(later);
        expect(res.statusCode, res.body).toBe(201);
        expect(await eventRows()).toBe(before + 1);
      }
    } finally {
      await clocked.close();
    }
  });

  it('refuses an inactive venue with 409', async () => {
    const venue = await createVenue(t.app, host.cookie, { name: 'Closed Café', isActive: false });
    const before = await eventRows();
    const res = await postEvent(eventBody(venue.id), host.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Closed Café is not active. Activate it on the venues page first.');
    expect(await eventRows()).toBe(before);
  });

  it('refuses a time the venue has blocked with 409; next to the block is fine', async () => {
    const venue = await createVenue(t.app, host.cookie, { name: 'Busy Bar' });
    const day = dayFromNow(12);
    const block = await t.app.inject({
      method: 'POST',
      url: `/api/venues/${venue.id}/slots`,
      headers: withCookie(host.cookie),
      payload: { day, startTime: '18:00', endTime: '20:00', kind: 'blocked', reason: 'maintenance' },
    });
    expect(block.statusCode, block.body).toBe(201);
    const before = await eventRows();
    const res = await postEvent(eventBody(venue.id, { date: day, startTime: '19:30', endTime: '22:00' }), host.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Busy Bar is blocked 18:00-20:00 that day for maintenance.');
    expect(await eventRows()).toBe(before);
    // Right after the block ends, the venue is bookable.
    expect((await postEvent(eventBody(venue.id, { date: day, startTime: '20:00', endTime: '22:00' }), host.cookie)).statusCode).toBe(201);
  });

  it('refuses booking a venue over another evening at the same time with 409 and a clear message; back to back is fine', async () => {
    const venue = await createVenue(t.app, host.cookie, { name: 'The Lunch Bar' });
    const day = dayFromNow(14);
    const first = await createEvent(t.app, host.cookie, eventBody(venue.id, { title: 'Lunch Social', date: day, startTime: '12:15', endTime: '14:15' }));
    const before = await eventRows();
    const clashes: [string, string][] = [
      ['12:20', '13:30'], // inside (the case from the issue)
      ['11:00', '12:30'], // over the start
      ['14:00', '15:00'], // over the end
      ['11:00', '16:00'], // around it
      ['12:15', '14:15'], // the same time
    ];
    for (const [startTime, endTime] of clashes) {
      const res = await postEvent(eventBody(venue.id, { date: day, startTime, endTime }), host.cookie);
      expect(res.statusCode, `${startTime}-${endTime}: ${res.body}`).toBe(409);
      expect(res.json().message).toMatch(
        /^The Lunch Bar is already booked 12:15-14:15 on \w{3} \d{1,2} \w{3} for “Lunch Social”\. Pick a time that does not overlap it, or another venue\.$/,
      );
    }
    // A co-host of the venue, and an admin, are refused just the same.
    const other = await signUpHost(t);
    await coHost(venue.id, other);
    expect((await postEvent(eventBody(venue.id, { date: day, startTime: '13:00', endTime: '13:30' }), other.cookie)).statusCode).toBe(409);
    expect((await postEvent(eventBody(venue.id, { date: day, startTime: '13:00', endTime: '13:30' }), admin.cookie)).statusCode).toBe(409);
    expect(await eventRows()).toBe(before);

    // Touching ends do not overlap; another venue, or another day, at the same time is fine.
    expect((await postEvent(eventBody(venue.id, { date: day, startTime: '14:15', endTime: '16:00' }), host.cookie)).statusCode).toBe(201);
    expect((await postEvent(eventBody(venue.id, { date: day, startTime: '10:00', endTime: '12:15' }), host.cookie)).statusCode).toBe(201);
    expect((await postEvent(eventBody(venue.id, { date: dayFromNow(15), startTime: '12:20', endTime: '13:30' }), host.cookie)).statusCode).toBe(201);
    const elsewhere = await createVenue(t.app, host.cookie);
    expect((await postEvent(eventBody(elsewhere.id, { date: day, startTime: '12:20', endTime: '13:30' }), host.cookie)).statusCode).toBe(201);
    expect(first.venueId).toBe(venue.id);
  });

  /** The venue's owner (`host`) adds another host as its co-host, who may then book it (docs/decisions/0012-venue-bookings-and-automatic-release.md). */
  const coHost = async (venueId: number, who: { user: { email: string } }) => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/venues/${venueId}/hosts`,
      headers: withCookie(host.cookie),
      payload: { email: who.user.email },
    });
    expect(res.statusCode, res.body).toBe(200);
  };

  it('two simultaneous bookings of one venue at overlapping times: exactly one succeeds', async () => {
    for (let round = 0; round < 3; round++) {
      const venue = await createVenue(t.app, host.cookie);
      const day = dayFromNow(16 + round);
      const other = await signUpHost(t);
      await coHost(venue.id, other);
      const before = await eventRows();
      const answers = await Promise.all([
        postEvent(eventBody(venue.id, { date: day, startTime: '12:15', endTime: '14:15' }), host.cookie),
        postEvent(eventBody(venue.id, { date: day, startTime: '12:20', endTime: '13:30' }), other.cookie),
        postEvent(eventBody(venue.id, { date: day, startTime: '13:00', endTime: '15:00' }), admin.cookie),
      ]);
      expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([201, 409, 409]);
      for (const r of answers.filter((x) => x.statusCode === 409)) expect(r.json().message).toMatch(/is already booked/);
      expect(await eventRows()).toBe(before + 1);
    }
  });

  it('rejects a body that is not JSON or has unknown types with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: withCookie(host.cookie, { 'content-type': 'application/json' }),
      payload: '{nope',
    });
    expectBadInput(res);
    expectBadInput(await postEvent({ ...eventBody(venueId), maxParticipants: '12' }, host.cookie));
  });
});

describe('event detail after registrations', () => {
  it('counts participants and spots left', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, maxParticipants: 6, days: 13 }));
    const members = await Promise.all([signUp(t.app), signUp(t.app)]);
    for (const m of members) expect((await registerFor(t.app, event.id, m)).statusCode).toBe(201);
    const detail: EventDetail = await getEvent(t.app, event.id, members[0]!.cookie);
    expect(detail).toMatchObject({ participantCount: 2, spotsLeft: 4, maxParticipants: 6 });
    expect(detail.viewer).toMatchObject({ registered: true, paid: false });
  });
});
