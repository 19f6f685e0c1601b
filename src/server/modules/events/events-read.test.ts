import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Event, EventDetail, UserEvent } from '@shared/schemas/events';
import { events as eventsTable } from '../../db/schema/index';
import { buyTicket, createEvent, eventBody, expectBadInput, getEvent, registerFor, signUp, signUpHost } from '../../test/harness';
import { t, host, admin, venueId, get, insertEvening, insertPastEvent, registerEventsFixtures } from './events.fixtures';

registerEventsFixtures();

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
