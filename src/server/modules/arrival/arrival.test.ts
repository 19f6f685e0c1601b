/**
 * The guest's arrival (/arrival, docs/spec/organiser-tools.md §2.20-2.21; docs/product.md: a guest
 * may check in themself from 60 minutes before the start until the end, wherever they are:
 * docs/decisions/0014-the-door-and-the-room.md, the position shows the host where guests are). The server decides
 * from the position and its own clock, which these tests place relative to the start.
 */
import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Arrival } from '@shared/schemas/arrival';
import { londonDay, londonInstant } from '@shared/domain/time';
import type { Event } from '@shared/schemas/events';
import { arrivalStates, events, registrations } from '../../db/schema/index';
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
import { connectLive, heardAfter, HOSTS_CHECKIN_NEWS_WAIT_MS, type LiveClient } from '../../test/live-helpers';
import { statementsSent } from '../../test/statements';
import { DOOR_CLOSED } from '../door/service';
import { ARRIVAL_GUESTS_ONLY } from './service';

type Member = Awaited<ReturnType<typeof signUp>>;

/** The app's clock: the real time, or a fixed instant. */
const clock = { fixed: null as Date | null };
let t: TestContext;
let host: Member;
let otherHost: Member;
let member: Member;
let otherGuest: Member;
let admin: Member;

/** The Wine Bar's door, and points north of it (1 m of latitude is 1/111195 of a degree). */
const BAR = { latitude: 53.5352, longitude: -2.2557 };
const north = (metres: number, accuracy: number) => ({ latitude: BAR.latitude + metres / 111_195, longitude: BAR.longitude, accuracy });

beforeAll(async () => {
  t = await createTestApp({ now: () => clock.fixed ?? new Date() });
  host = await signUpHost(t, { name: 'Hana Host' });
  otherHost = await signUpHost(t, { name: 'Otto Otherhost' });
  member = await signUp(t.app, { name: 'Mo Member' });
  otherGuest = await signUp(t.app, { name: 'Gus Otherguest' });
  admin = await signUp(t.app, { email: TEST_ADMIN_EMAIL, name: 'Ada Admin' });
  const otherVenue = await createVenue(t.app, otherHost.cookie);
  const other = await createEvent(t.app, otherHost.cookie, eventBody(otherVenue.id, { price: 0 }));
  expect((await registerFor(t.app, other.id, otherGuest)).statusCode).toBe(201);
});
afterEach(() => {
  clock.fixed = null;
});
afterAll(() => t.close());

/** A free 19:00-22:00 evening of `host`'s at a venue of its own (The Wine Bar, with coordinates unless `noCoordinates`), and one guest. */
async function evening(opts: { noCoordinates?: boolean } = {}) {
  const venue = await createVenue(t.app, host.cookie, {
    name: 'The Wine Bar',
    address: '12 Bury New Road',
    city: 'Prestwich',
    ...(opts.noCoordinates ? {} : { latitude: BAR.latitude, longitude: BAR.longitude }),
  });
  const event = await createEvent(t.app, host.cookie, eventBody(venue.id, { price: 0, title: 'Wine and Words' }));
  const guest = await signUp(t.app, { name: 'Gina Guest' });
  expect((await registerFor(t.app, event.id, guest)).statusCode).toBe(201);
  return { event, guest };
}

/** Place the app's clock `minutes` before the evening's start (negative: after it). */
const minutesBefore = (event: Event, minutes: number) => (clock.fixed = new Date(new Date(event.date).getTime() - minutes * 60_000));

const getArrival = (eventId: number, cookie?: string) => t.app.inject({ method: 'GET', url: `/api/events/${eventId}/arrival`, headers: withCookie(cookie) });
const report = (eventId: number, body: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/events/${eventId}/arrival`, headers: withCookie(cookie), payload: body as object });
const checkIn = (eventId: number, body: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/events/${eventId}/arrival/check-in`, headers: withCookie(cookie), payload: body as object });

async function registration(eventId: number, userId: number) {
  return (
    await t.db
      .select()
      .from(registrations)
      .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId)))
  )[0]!;
}
async function stored(eventId: number) {
  return t.db.select().from(arrivalStates).where(eq(arrivalStates.eventId, eventId));
}

describe('who may use /arrival', () => {
  const routes: [string, (eventId: number, cookie?: string) => Promise<LightMyRequestResponse>][] = [
    ['GET arrival', (e, c) => getArrival(e, c)],
    ['POST arrival', (e, c) => report(e, { permission: 'granted', position: north(20, 15) }, c)],
    ['POST arrival/check-in', (e, c) => checkIn(e, { position: north(20, 15) }, c)],
  ];

  it.each(routes)(
    '%s: a visitor 401; a member, a guest of another evening, another host, and even the host and an admin without a ticket 403; the guest 200',
    async (_name, call) => {
      const { event, guest } = await evening();
      minutesBefore(event, 30);
      const before = await registration(event.id, guest.user.id);
      expect((await call(event.id)).statusCode).toBe(401);
      for (const who of [member, otherGuest, otherHost, host, admin]) {
        const res = await call(event.id, who.cookie);
        expect(res.statusCode, `${who.user.name}: ${res.body}`).toBe(403);
        expect(res.json().message).toBe(ARRIVAL_GUESTS_ONLY);
      }
      expect(await stored(event.id)).toEqual([]);
      expect(await registration(event.id, guest.user.id)).toEqual(before);

      const ok = await call(event.id, guest.cookie);
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json<Arrival>().ticketCode).toBe(before.ticketCode);
      expect((await call(987654, guest.cookie)).json()).toMatchObject({ message: 'Event not found' });
    },
  );
});

describe('GET /api/events/:id/arrival', () => {
  it('the evening, its venue from the venues table, the ticket, when self check-in opens, and no report yet', async () => {
    const { event, guest } = await evening();
    const res = await getArrival(event.id, guest.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Arrival>()).toEqual({
      event: { id: event.id, title: 'Wine and Words', date: event.date, startTime: '19:00', endTime: '22:00', endsAt: event.endsAt, expected: 1 },
      venue: { name: 'The Wine Bar', address: '12 Bury New Road', city: 'Prestwich', latitude: BAR.latitude, longitude: BAR.longitude },
      checkedIn: false,
      checkedInAt: null,
      selfCheckInOpensAt: londonInstant(londonDay(new Date(event.date)), '18:00').toISOString(),
      ticketCode: (await registration(event.id, guest.user.id)).ticketCode,
      last: null,
    });
  });

  it("without a venue row: the event's venue text and no address or coordinates", async () => {
    const { event, guest } = await evening();
    await t.db.update(events).set({ venueId: null, venue: 'Somewhere, Prestwich' }).where(eq(events.id, event.id));
    expect((await getArrival(event.id, guest.cookie)).json<Arrival>().venue).toEqual({
      name: 'Somewhere, Prestwich',
      address: '',
      city: null,
      latitude: null,
      longitude: null,
    });
  });

  it('a guest the host scanned in at the door sees they are checked in', async () => {
    const { event, guest } = await evening();
    const code = (await registration(event.id, guest.user.id)).ticketCode;
    const scan = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/door/scan`,
      headers: withCookie(host.cookie),
      payload: { code: `SFTICKET:${code}` },
    });
    expect(scan.statusCode, scan.body).toBe(200);
    const body = (await getArrival(event.id, guest.cookie)).json<Arrival>();
    expect(body).toMatchObject({ checkedIn: true, checkedInAt: scan.json().guest.checkedInAt });
  });
});

describe('POST /api/events/:id/arrival (location reports)', () => {
  it('denied, then granted far away, then granted at the door: the distance is worked out on the server', async () => {
    const { event, guest } = await evening();
    minutesBefore(event, 90);
    const denied = await report(event.id, { permission: 'denied' }, guest.cookie);
    expect(denied.statusCode, denied.body).toBe(200);
    expect(denied.json<Arrival>().last).toEqual({ permission: 'denied', distanceM: null, atVenue: false, updatedAt: clock.fixed!.toISOString() });

    const far = (await report(event.id, { permission: 'granted', position: north(2000, 10) }, guest.cookie)).json<Arrival>();
    expect(far.last).toMatchObject({ permission: 'granted', atVenue: false });
    expect(far.last!.distanceM).toBeCloseTo(2000, -1);

    const near = (await report(event.id, { permission: 'granted', position: north(20, 15) }, guest.cookie)).json<Arrival>();
    expect(near.last).toMatchObject({ permission: 'granted', atVenue: true });
    expect(near.last!.distanceM).toBeCloseTo(20, 0);
    // Near but imprecise proves nothing.
    const vague = (await report(event.id, { permission: 'granted', position: north(20, 500) }, guest.cookie)).json<Arrival>();
    expect(vague.last).toMatchObject({ atVenue: false });
    // A report is not a check-in; one row per guest.
    expect(vague.checkedIn).toBe(false);
    expect(await stored(event.id)).toEqual([expect.objectContaining({ userId: guest.user.id, permission: 'granted', accuracyM: 500 })]);
    expect((await getArrival(event.id, guest.cookie)).json<Arrival>().last).toEqual(vague.last);
  });

  it('at a venue without coordinates the distance is unknown (null), never "at the venue"', async () => {
    const { event, guest } = await evening({ noCoordinates: true });
    const res = (await report(event.id, { permission: 'granted', position: north(0, 5) }, guest.cookie)).json<Arrival>();
    expect(res.venue).toMatchObject({ latitude: null, longitude: null });
    expect(res.last).toMatchObject({ permission: 'granted', distanceM: null, atVenue: false });
  });

  it('bad input is 400 with errors and changes nothing', async () => {
    const { event, guest } = await evening();
    minutesBefore(event, 30);
    const before = await registration(event.id, guest.user.id);
    const bad = [
      await report(event.id, {}, guest.cookie),
      await report(event.id, { permission: 'granted' }, guest.cookie),
      await report(event.id, { permission: 'maybe' }, guest.cookie),
      await report(event.id, { permission: 'granted', position: { latitude: 91, longitude: 0, accuracy: 5 } }, guest.cookie),
      await report(event.id, { permission: 'granted', position: { latitude: 53, longitude: -181, accuracy: 5 } }, guest.cookie),
      await report(event.id, { permission: 'granted', position: { latitude: 53, longitude: -2, accuracy: -1 } }, guest.cookie),
      await report(event.id, { permission: 'granted', position: { latitude: '53', longitude: -2, accuracy: 5 } }, guest.cookie),
      await checkIn(event.id, { position: { latitude: 'x', longitude: 0, accuracy: 5 } }, guest.cookie),
      await checkIn(event.id, { position: { latitude: 53, longitude: -2 } }, guest.cookie),
      await checkIn(event.id, [], guest.cookie),
      await t.app.inject({ method: 'GET', url: '/api/events/abc/arrival', headers: withCookie(guest.cookie) }),
    ];
    for (const res of bad) expectBadInput(res);
    expect(bad[3]!.json().errors[0]).toEqual({ path: 'position.latitude', message: 'Latitude must be between -90 and 90' });
    expect(await stored(event.id)).toEqual([]);
    expect(await registration(event.id, guest.user.id)).toEqual(before);
  });
});

describe('POST /api/events/:id/arrival/check-in ("Yes, Check Me In")', () => {
  it("at the venue (20 m, accurate to 15 m) inside the window checks the guest in, by 'location'", async () => {
    const { event, guest } = await evening();
    minutesBefore(event, 45);
    const res = await checkIn(event.id, { position: north(20, 15) }, guest.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Arrival>()).toMatchObject({ checkedIn: true, checkedInAt: clock.fixed!.toISOString(), last: { permission: 'granted', atVenue: true } });
    expect(await registration(event.id, guest.user.id)).toMatchObject({
      checkedIn: true,
      checkInMethod: 'location',
      checkedInBy: null,
      checkedInAt: clock.fixed,
    });
    const door = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/door`, headers: withCookie(host.cookie) });
    expect(door.json().recent).toEqual([expect.objectContaining({ userId: guest.user.id, method: 'location' })]);
  });

  // Issue 21 "Arrival check-in": the venue's own coordinates (which every guest can read) with
  // accuracy 0 checked a guest in days before the evening. The window applies whatever the position
  // (docs/decisions/0014-the-door-and-the-room.md: a spoofed position gains nothing).
  it("the venue's own coordinates with accuracy 0 are refused days, hours and 61 minutes before; nothing is stored", async () => {
    const { event, guest } = await evening();
    const before = await registration(event.id, guest.user.id);
    for (const minutes of [3 * 24 * 60, 24 * 60, 180, 61]) {
      minutesBefore(event, minutes);
      const refused = await checkIn(event.id, { position: { ...BAR, accuracy: 0 } }, guest.cookie);
      expect(refused.statusCode, `${minutes} minutes before: ${refused.body}`).toBe(409);
      expect(refused.json().message).toMatch(
        /^You can check yourself in from 18:00( on \w{3} \d{1,2} \w{3})?, 60 minutes before the start, until the evening ends\./,
      );
    }
    expect(await registration(event.id, guest.user.id)).toEqual(before);
    expect(await stored(event.id)).toEqual([]);
    minutesBefore(event, 60);
    expect((await checkIn(event.id, { position: { ...BAR, accuracy: 0 } }, guest.cookie)).json<Arrival>()).toMatchObject({ checkedIn: true });
  });

  it('2 km away is refused before the 60-minute window, saying from when, and allowed inside it', async () => {
    const { event, guest } = await evening();
    minutesBefore(event, 180);
    const before = await registration(event.id, guest.user.id);
    const refused = await checkIn(event.id, { position: north(2000, 10) }, guest.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      "You can check yourself in from 18:00, 60 minutes before the start, until the evening ends. You're 2.0 km from The Wine Bar.",
    );
    expect(await registration(event.id, guest.user.id)).toEqual(before);
    expect(await stored(event.id)).toEqual([]);

    // The day before, the refusal names the day too.
    minutesBefore(event, 24 * 60);
    expect((await checkIn(event.id, { position: north(2000, 10) }, guest.cookie)).json().message).toMatch(
      /^You can check yourself in from 18:00 on \w{3} \d{1,2} \w{3}, /,
    );

    minutesBefore(event, 59);
    const allowed = await checkIn(event.id, { position: north(2000, 10) }, guest.cookie);
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json<Arrival>()).toMatchObject({ checkedIn: true, last: { atVenue: false } });
    // Checked in on their phone inside the window, 2 km away: 'self', not 'location'.
    expect(await registration(event.id, guest.user.id)).toMatchObject({ checkedIn: true, checkInMethod: 'self' });
  });

  it('a position less precise than the 50 m geofence (60 m, 500 m) does not count as at the venue, and the refusal says so', async () => {
    const { event, guest } = await evening();
    // 10 m from the door but accurate only to 60 m: the guest may be 70 m away, outside the geofence.
    const rough = (await report(event.id, { permission: 'granted', position: north(10, 60) }, guest.cookie)).json<Arrival>();
    expect(rough.last).toMatchObject({ permission: 'granted', atVenue: false });
    expect((await report(event.id, { permission: 'granted', position: north(10, 50) }, guest.cookie)).json<Arrival>().last).toMatchObject({ atVenue: true });

    minutesBefore(event, 120);
    const res = await checkIn(event.id, { position: north(20, 500) }, guest.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(
      'You can check yourself in from 18:00, 60 minutes before the start, until the evening ends. Your location is only accurate to within 500 m, wider than the 50 m around The Wine Bar, so it does not count.',
    );
    expect((await registration(event.id, guest.user.id)).checkedIn).toBe(false);
  });

  it('without a position: refused before the window, allowed inside it (and from the start)', async () => {
    const { event, guest } = await evening();
    minutesBefore(event, 61);
    const refused = await checkIn(event.id, {}, guest.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('You can check yourself in from 18:00, 60 minutes before the start, until the evening ends.');
    minutesBefore(event, 60);
    const ok = await checkIn(event.id, {}, guest.cookie);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<Arrival>()).toMatchObject({ checkedIn: true, last: null });
  });

  it('at a venue without coordinates only the clock counts', async () => {
    const { event, guest } = await evening({ noCoordinates: true });
    minutesBefore(event, 120);
    const refused = await checkIn(event.id, { position: north(0, 5) }, guest.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('You can check yourself in from 18:00, 60 minutes before the start, until the evening ends.');
    minutesBefore(event, 10);
    expect((await checkIn(event.id, { position: north(0, 5) }, guest.cookie)).json<Arrival>()).toMatchObject({
      checkedIn: true,
      last: { distanceM: null, atVenue: false },
    });
  });

  it('never once the evening has finished, even at the door', async () => {
    const { event, guest } = await evening();
    clock.fixed = new Date(new Date(event.endsAt).getTime() + 1000);
    const res = await checkIn(event.id, { position: north(5, 5) }, guest.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DOOR_CLOSED);
    expect((await registration(event.id, guest.user.id)).checkedIn).toBe(false);
  });

  it('already checked in: 200 with the state, the first check-in kept', async () => {
    const { event, guest } = await evening();
    minutesBefore(event, 30);
    const first = (await checkIn(event.id, {}, guest.cookie)).json<Arrival>();
    minutesBefore(event, 10);
    const again = await checkIn(event.id, { position: north(3000, 5) }, guest.cookie);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<Arrival>()).toMatchObject({ checkedIn: true, checkedInAt: first.checkedInAt });
    // Even after the end, asking again is harmless.
    clock.fixed = new Date(new Date(event.endsAt).getTime() + 1000);
    expect((await checkIn(event.id, {}, guest.cookie)).statusCode).toBe(200);
  });
});

describe('a rush at the door (issue 37)', () => {
  /** What a request sent, without what is not its own: a statement prepared once per connection, the bus's pg_notify (PostgreSQL). */
  const own = (sent: string[]) => sent.filter((s) => !/^PREPARE |^SELECT pg_notify/.test(s));

  it('"Yes, Check Me In" with a position is five statements (the session, the evening, the arrival, the report, the flip), and answers what GET then reads', async () => {
    const { event, guest } = await evening();
    minutesBefore(event, 30);
    expect((await getArrival(event.id, guest.cookie)).statusCode).toBe(200); // prepares the event read on this connection
    let answer: Arrival | undefined;
    const sent = await statementsSent(t.db, async () => {
      const res = await checkIn(event.id, { position: north(20, 15) }, guest.cookie);
      expect(res.statusCode, res.body).toBe(200);
      answer = res.json<Arrival>();
    });
    // Before: eight (the guest, the venue and the report read apart, and the guest and the report read again after the flip).
    expect(own(sent), sent.join('\n---\n')).toHaveLength(5);
    expect(answer).toMatchObject({ checkedIn: true, checkedInAt: clock.fixed!.toISOString(), last: { permission: 'granted', atVenue: true } });
    expect(answer).toEqual((await getArrival(event.id, guest.cookie)).json<Arrival>());
    expect(await registration(event.id, guest.user.id)).toMatchObject({ checkedIn: true, checkInMethod: 'location', checkedInAt: clock.fixed });
  });

  it('without a position it is four, the report kept from before; a location report is four, and answers what GET then reads', async () => {
    const { event, guest } = await evening();
    minutesBefore(event, 30);
    expect((await report(event.id, { permission: 'granted', position: north(3000, 20) }, guest.cookie)).statusCode).toBe(200);
    let reported: Arrival | undefined;
    const sentReport = await statementsSent(t.db, async () => {
      const res = await report(event.id, { permission: 'granted', position: north(400, 20) }, guest.cookie);
      expect(res.statusCode, res.body).toBe(200);
      reported = res.json<Arrival>();
    });
    expect(own(sentReport), sentReport.join('\n---\n')).toHaveLength(4);
    expect(reported).toEqual((await getArrival(event.id, guest.cookie)).json<Arrival>());
    expect(reported!.last).toMatchObject({ permission: 'granted', atVenue: false });
    expect(reported!.last!.distanceM).toBeCloseTo(400, 0);

    let answer: Arrival | undefined;
    const sent = await statementsSent(t.db, async () => {
      const res = await checkIn(event.id, {}, guest.cookie);
      expect(res.statusCode, res.body).toBe(200);
      answer = res.json<Arrival>();
    });
    expect(own(sent), sent.join('\n---\n')).toHaveLength(4);
    expect(answer).toMatchObject({ checkedIn: true, last: reported!.last });
    expect(answer).toEqual((await getArrival(event.id, guest.cookie)).json<Arrival>());
    expect(await registration(event.id, guest.user.id)).toMatchObject({ checkedIn: true, checkInMethod: 'self' });
  });
});

describe('the live socket hears of arrivals', () => {
  let base: string;
  const clients: LiveClient[] = [];
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  const open = async (eventId: number, who: Member, isHost?: boolean) => {
    const c = await connectLive(base, { eventId, userId: who.user.id, ...(isHost ? { isHost } : {}) }, who.cookie);
    clients.push(c);
    await c.next('timer_sync');
    return c;
  };

  it('only when the state changes (permission, or at the venue vs on the way), and on a check-in', async () => {
    const { event, guest } = await evening();
    minutesBefore(event, 120);
    const door = await open(event.id, host, true);
    const mine = await open(event.id, guest);
    const send = async (body: unknown) => expect((await report(event.id, body, guest.cookie)).statusCode).toBe(200);

    await send({ permission: 'granted', position: north(2000, 10) }); // first report: changed
    await door.next('checkins_updated');
    await send({ permission: 'granted', position: north(1500, 10) }); // still on the way: quiet
    await send({ permission: 'granted', position: north(900, 10) }); // quiet
    await heardAfter(t.app, event.id, [door]);
    expect(door.count('checkins_updated')).toBe(1);

    // News after the first reaches the hosts at the end of its second (decision 0138).
    await send({ permission: 'granted', position: north(30, 10) }); // arrived
    await door.next('checkins_updated', HOSTS_CHECKIN_NEWS_WAIT_MS);
    await send({ permission: 'granted', position: north(25, 10) }); // quiet
    await send({ permission: 'denied' }); // changed
    await door.next('checkins_updated', HOSTS_CHECKIN_NEWS_WAIT_MS);

    minutesBefore(event, 30);
    expect((await checkIn(event.id, { position: north(10, 5) }, guest.cookie)).statusCode).toBe(200);
    await door.next('checkins_updated', HOSTS_CHECKIN_NEWS_WAIT_MS);
    await heardAfter(t.app, event.id, [door, mine]);
    expect(door.count('checkins_updated')).toBe(4);
    expect(mine.count('checkins_updated')).toBe(4);
    // A report leaves the check-in as it was: the phone reads its screens again. The check-in is carried (decision 0139).
    const carried = mine.messages.flatMap((m) => (m.type === 'checkins_updated' ? [m.checkedInAt === undefined ? 'read' : m.checkedInAt] : []));
    expect(carried).toEqual(['read', 'read', 'read', clock.fixed!.toISOString()]);
  });
});
