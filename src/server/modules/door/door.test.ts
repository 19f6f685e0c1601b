/**
 * The door (/check-in, docs/spec/organiser-tools.md §2.19): who may run it, scanning tickets (QR
 * text or a typed code), a ticket of another evening, a cancelled ticket, two scans at once,
 * search, undo, counts and the recent list, the attendance export, the existing /checkin's method,
 * and the host's socket hearing of check-ins.
 */
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Door, DoorCheckInResult, DoorUndoResult } from '@shared/schemas/door';
import { londonDay, londonInstant } from '@shared/domain/time';
import type { Event } from '@shared/schemas/events';
import { cancelledTickets, registrations, users } from '../../db/schema/index';
import {
  createEvent,
  createTestApp,
  createVenue,
  dayFromNow,
  eventBody,
  expectBadInput,
  registerFor,
  signUp,
  signUpHost,
  startingIn,
  TEST_ADMIN_EMAIL,
  withCookie,
  type TestContext,
} from '../../test/harness';
import { dbClockPast } from '../../test/db-clock';
import { connectLive, heardAfter, type LiveClient } from '../../test/live-helpers';
import { DOOR_CLOSED, DOOR_HOSTS_ONLY, EXPORT_HOSTS_ONLY, NOT_REGISTERED } from './service';

type Member = Awaited<ReturnType<typeof signUp>>;

/** The app's clock: the real time moved by `shift` ms, or a fixed instant. */
const clock = { shift: 0, fixed: null as Date | null };
let t: TestContext;
let host: Member;
let otherHost: Member;
let member: Member;
let otherGuest: Member;
let admin: Member;
let otherEvent: Event;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock.fixed ?? new Date(Date.now() + clock.shift) });
  host = await signUpHost(t, { name: 'Hana Host' });
  otherHost = await signUpHost(t, { name: 'Otto Otherhost' });
  member = await signUp(t.app, { name: 'Mo Member' });
  otherGuest = await signUp(t.app, { name: 'Gus Otherguest' });
  admin = await signUp(t.app, { email: TEST_ADMIN_EMAIL, name: 'Ada Admin' });
  const otherVenue = await createVenue(t.app, otherHost.cookie);
  otherEvent = await createEvent(t.app, otherHost.cookie, eventBody(otherVenue.id, { price: 0, title: 'The Other Evening', date: dayFromNow(5) }));
  expect((await registerFor(t.app, otherEvent.id, otherGuest)).statusCode).toBe(201);
});
afterEach(() => {
  clock.shift = 0;
  clock.fixed = null;
});
afterAll(() => t.close());

/** A free evening of `host`'s at a venue of its own, `n` registered guests (named as given). */
async function evening(n: number, opts: { names?: string[] } = {}) {
  const venue = await createVenue(t.app, host.cookie);
  const event = await createEvent(t.app, host.cookie, eventBody(venue.id, { price: 0 }));
  const guests: Member[] = [];
  for (let i = 0; i < n; i++) {
    const g = await signUp(t.app, { name: opts.names?.[i] ?? `Guest ${String.fromCharCode(65 + i)}` });
    expect((await registerFor(t.app, event.id, g)).statusCode).toBe(201);
    guests.push(g);
  }
  return { event, guests };
}

async function row(eventId: number, userId: number) {
  return (await t.db.select().from(registrations).where(eq(registrations.eventId, eventId))).find((r) => r.userId === userId) ?? null;
}
const codeOf = async (eventId: number, userId: number) => (await row(eventId, userId))!.ticketCode;
/** Every registration of the evening, to show a refused request changed nothing. */
const snapshot = (eventId: number) => t.db.select().from(registrations).where(eq(registrations.eventId, eventId)).orderBy(asc(registrations.id));

const getDoor = (eventId: number, cookie?: string) => t.app.inject({ method: 'GET', url: `/api/events/${eventId}/door`, headers: withCookie(cookie) });
const scan = (eventId: number, code: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/events/${eventId}/door/scan`, headers: withCookie(cookie), payload: { code } });
const search = (eventId: number, userId: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/events/${eventId}/door/check-in`, headers: withCookie(cookie), payload: { userId } });
const undo = (eventId: number | string, userId: number | string, cookie?: string) =>
  t.app.inject({ method: 'DELETE', url: `/api/events/${eventId}/door/check-in/${userId}`, headers: withCookie(cookie) });
const exportCsv = (eventId: number, cookie?: string) =>
  t.app.inject({ method: 'GET', url: `/api/events/${eventId}/attendance.csv`, headers: withCookie(cookie) });

describe('who may run the door', () => {
  type Call = (eventId: number, guest: Member, cookie?: string) => Promise<LightMyRequestResponse>;
  const routes: [string, Call, string, boolean][] = [
    ['GET door', (e, _g, c) => getDoor(e, c), DOOR_HOSTS_ONLY, false],
    ['POST door/scan', async (e, g, c) => scan(e, `SFTICKET:${await codeOf(e, g.user.id)}`, c), DOOR_HOSTS_ONLY, false],
    ['POST door/check-in', (e, g, c) => search(e, g.user.id, c), DOOR_HOSTS_ONLY, false],
    ['DELETE door/check-in/:userId', (e, g, c) => undo(e, g.user.id, c), DOOR_HOSTS_ONLY, true],
    ['GET attendance.csv', (e, _g, c) => exportCsv(e, c), EXPORT_HOSTS_ONLY, false],
  ];

  it.each(routes)(
    '%s: visitor 401; a member, a guest (of this or another evening) and another host 403; the host and an admin 200',
    async (_name, call, refusal, needsCheckedIn) => {
      const { event, guests } = await evening(3);
      if (needsCheckedIn) for (const g of guests.slice(0, 2)) expect((await search(event.id, g.user.id, host.cookie)).statusCode).toBe(200);
      const before = await snapshot(event.id);

      const visitor = await call(event.id, guests[0]!);
      expect(visitor.statusCode).toBe(401);
      for (const who of [member, otherGuest, otherHost, guests[2]!]) {
        const res = await call(event.id, guests[0]!, who.cookie);
        expect(res.statusCode, `${who.user.name}: ${res.body}`).toBe(403);
        expect(res.json().message).toBe(refusal);
      }
      expect(await snapshot(event.id)).toEqual(before);

      const byHost = await call(event.id, guests[0]!, host.cookie);
      expect(byHost.statusCode, byHost.body).toBe(200);
      const byAdmin = await call(event.id, guests[1]!, admin.cookie);
      expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    },
  );

  it("answers 404 'Event not found' for an unknown evening, to a host", async () => {
    expect((await getDoor(987654, host.cookie)).json()).toMatchObject({ message: 'Event not found' });
    expect((await scan(987654, 'SFTICKET:abc', host.cookie)).statusCode).toBe(404);
    expect((await search(987654, host.user.id, host.cookie)).statusCode).toBe(404);
    expect((await undo(987654, host.user.id, host.cookie)).statusCode).toBe(404);
    expect((await exportCsv(987654, host.cookie)).statusCode).toBe(404);
  });
});

describe('bad input', () => {
  it('answers 400 with errors and changes nothing', async () => {
    const { event, guests } = await evening(2);
    const before = await snapshot(event.id);
    const bad: LightMyRequestResponse[] = [
      await scan(event.id, undefined, host.cookie),
      await scan(event.id, '', host.cookie),
      await scan(event.id, '    ', host.cookie),
      await scan(event.id, 12345, host.cookie),
      await scan(event.id, 'x'.repeat(201), host.cookie),
      await scan(event.id, 'SFTICKET:   ', host.cookie),
      await scan(event.id, 'abc\u0000def', host.cookie),
      await search(event.id, 'abc', host.cookie),
      await search(event.id, 0, host.cookie),
      await search(event.id, 1.5, host.cookie),
      await search(event.id, undefined, host.cookie),
      await search(event.id, 2 ** 31, host.cookie),
      await undo(event.id, 'abc', host.cookie),
      await undo('abc', guests[0]!.user.id, host.cookie),
      await t.app.inject({ method: 'GET', url: '/api/events/abc/door', headers: withCookie(host.cookie) }),
      await t.app.inject({ method: 'GET', url: '/api/events/0/attendance.csv', headers: withCookie(host.cookie) }),
      await t.app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/door/scan`,
        headers: withCookie(host.cookie, { 'content-type': 'application/json' }),
        payload: '{"code":',
      }),
    ];
    for (const res of bad) expectBadInput(res);
    expect(bad[0]!.json().errors[0].path).toBe('code');
    expect(await snapshot(event.id)).toEqual(before);
  });
});

describe('POST /api/events/:id/door/scan', () => {
  it('checks a guest in from the QR text, by the host, once; scanning again says so and keeps the first time', async () => {
    const { event, guests } = await evening(3);
    const g = guests[1]!;
    const code = await codeOf(event.id, g.user.id);
    const res = await scan(event.id, `SFTICKET:${code}`, host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const first = res.json<DoorCheckInResult>();
    expect(first).toMatchObject({
      outcome: 'checked_in',
      guest: { userId: g.user.id, name: g.user.name, ticketCode: code, checkedIn: true, method: 'scan' },
      counts: { registered: 3, checkedIn: 1, toCome: 2 },
    });
    expect(await row(event.id, g.user.id)).toMatchObject({ checkedIn: true, checkInMethod: 'scan', checkedInBy: host.user.id });
    expect(new Date(first.guest.checkedInAt!).getTime()).toBeGreaterThan(Date.now() - 60_000);

    clock.shift = 5 * 60_000;
    const again = await scan(event.id, `SFTICKET:${code}`, admin.cookie);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<DoorCheckInResult>()).toMatchObject({
      outcome: 'already_checked_in',
      guest: { checkedInAt: first.guest.checkedInAt, method: 'scan' },
      counts: { checkedIn: 1 },
    });
    // The first host stays on record.
    expect((await row(event.id, g.user.id))!.checkedInBy).toBe(host.user.id);
  });

  it('accepts the bare code typed by hand (spaces around it, or its first letter capitalised by the phone)', async () => {
    const { event, guests } = await evening(2);
    const typed = await scan(event.id, `  ${await codeOf(event.id, guests[0]!.user.id)}  `, host.cookie);
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toMatchObject({ outcome: 'checked_in', guest: { userId: guests[0]!.user.id } });

    const code = await codeOf(event.id, guests[1]!.user.id);
    const swapped = [...code].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
    const res = await scan(event.id, swapped, host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'checked_in', guest: { userId: guests[1]!.user.id, ticketCode: code } });
  });

  it("records how it happened: 'scan' for the camera, 'code' for a typed code (said by the desk, or told by the QR prefix); the export's How column agrees", async () => {
    const { event, guests } = await evening(5, { names: ['Ann Camera', 'Ben Typed', 'Cat Oldscan', 'Dan Oldtyped', 'Eve Named'] });
    const [ann, ben, cat, dan, eve] = guests as [Member, Member, Member, Member, Member];
    const send = async (g: Member, body: object) => {
      const res = await t.app.inject({ method: 'POST', url: `/api/events/${event.id}/door/scan`, headers: withCookie(host.cookie), payload: body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<DoorCheckInResult>().guest.method;
    };
    expect(await send(ann, { code: `SFTICKET:${await codeOf(event.id, ann.user.id)}`, method: 'scan' })).toBe('scan');
    expect(await send(ben, { code: await codeOf(event.id, ben.user.id), method: 'code' })).toBe('code');
    // A desk that does not say (one from before, or a scan it queued offline): the QR's prefix tells.
    expect(await send(cat, { code: `SFTICKET:${await codeOf(event.id, cat.user.id)}` })).toBe('scan');
    expect(await send(dan, { code: await codeOf(event.id, dan.user.id) })).toBe('code');
    expect((await search(event.id, eve.user.id, host.cookie)).statusCode).toBe(200);

    const door = (await getDoor(event.id, host.cookie)).json<Door>();
    expect(Object.fromEntries(door.guests.map((g) => [g.name, g.method]))).toEqual({
      'Ann Camera': 'scan',
      'Ben Typed': 'code',
      'Cat Oldscan': 'scan',
      'Dan Oldtyped': 'code',
      'Eve Named': 'search',
    });
    const csv = (await exportCsv(event.id, host.cookie)).body.trim().split('\r\n').slice(1);
    expect(csv.map((line) => [line.split(',')[0], line.split(',').at(-1)])).toEqual([
      ['Ann Camera', 'scan'],
      ['Ben Typed', 'code'],
      ['Cat Oldscan', 'scan'],
      ['Dan Oldtyped', 'code'],
      ['Eve Named', 'search'],
    ]);
  });

  it('refuses a method that is not the camera or a typed code (400), and checks nobody in', async () => {
    const { event, guests } = await evening(1);
    const before = await snapshot(event.id);
    const code = `SFTICKET:${await codeOf(event.id, guests[0]!.user.id)}`;
    for (const method of ['search', 'location', 'self', 'SCAN', '', 7, null]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/events/${event.id}/door/scan`, headers: withCookie(host.cookie), payload: { code, method } });
      expectBadInput(res);
      expect(res.json().errors[0]).toEqual({ path: 'method', message: "Method must be 'scan' or 'code'" });
    }
    expect(await snapshot(event.id)).toEqual(before);
  });

  it('refuses a ticket of another evening with 409 naming it, and changes nothing', async () => {
    const { event } = await evening(1);
    const code = await codeOf(otherEvent.id, otherGuest.user.id);
    const before = await snapshot(event.id);
    const res = await scan(event.id, `SFTICKET:${code}`, host.cookie);
    expect(res.statusCode).toBe(409);
    const day = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', weekday: 'short', day: 'numeric', month: 'short' }).format(
      new Date(otherEvent.date),
    );
    expect(res.json().message).toBe(`This ticket is for “The Other Evening” on ${day}, not for this evening.`);
    expect(await snapshot(event.id)).toEqual(before);
    expect((await row(otherEvent.id, otherGuest.user.id))!.checkedIn).toBe(false);
  });

  it('refuses a cancelled ticket: cancelling keeps its code in cancelled_tickets, in the same step', async () => {
    const { event, guests } = await evening(1);
    const leaver = await signUp(t.app, { name: 'Lena Leaver' });
    expect((await registerFor(t.app, event.id, leaver)).statusCode).toBe(201);
    const code = await codeOf(event.id, leaver.user.id);
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/events/${event.id}/registration`, headers: withCookie(leaver.cookie) });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await t.db.select().from(cancelledTickets).where(eq(cancelledTickets.ticketCode, code))).toEqual([
      { ticketCode: code, eventId: event.id, userId: leaver.user.id, cancelledAt: expect.any(Date) },
    ]);

    const before = await snapshot(event.id);
    const res = await scan(event.id, `SFTICKET:${code}`, host.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^This ticket was cancelled on \w{3} \d{1,2} \w{3}, so it no longer gets anyone in\./);
    expect(await snapshot(event.id)).toEqual(before);
    expect(before.map((r) => r.userId)).toEqual([guests[0]!.user.id]);
  });

  it('new ticket codes have no easily misread characters (l, 1, I, O, 0); a code issued before still opens the door', async () => {
    const { event, guests } = await evening(3);
    for (const g of guests) {
      const code = await codeOf(event.id, g.user.id);
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{14}$/);
      expect(code).not.toMatch(/[l1IO0]/);
    }
    // A ticket e-mailed before the change (a base64url code) is still accepted, as scanned or typed.
    await t.db.update(registrations).set({ ticketCode: 'l1IO0aB-_zQx' }).where(eq(registrations.userId, guests[0]!.user.id));
    const old = await scan(event.id, 'SFTICKET:l1IO0aB-_zQx', host.cookie);
    expect(old.statusCode, old.body).toBe(200);
    expect(old.json()).toMatchObject({ outcome: 'checked_in', guest: { userId: guests[0]!.user.id } });
    // A new code typed in lowercase is the same ticket.
    const typed = await scan(event.id, (await codeOf(event.id, guests[1]!.user.id)).toLowerCase(), host.cookie);
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toMatchObject({ outcome: 'checked_in', guest: { userId: guests[1]!.user.id } });
  });

  it("answers 404 'Unknown ticket code: …' for a code nobody holds", async () => {
    const { event } = await evening(1);
    const before = await snapshot(event.id);
    const res = await scan(event.id, 'SFTICKET:NoSuchTicket', host.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Unknown ticket code: NoSuchTicket');
    expect((await scan(event.id, 'hello world', host.cookie)).json().message).toBe('Unknown ticket code: hello world');
    expect(await snapshot(event.id)).toEqual(before);
  });

  it('two scans of one ticket at the same moment: exactly one checks the guest in', async () => {
    const { event, guests } = await evening(2);
    const code = await codeOf(event.id, guests[0]!.user.id);
    const answers = await Promise.all([
      scan(event.id, `SFTICKET:${code}`, host.cookie),
      scan(event.id, `SFTICKET:${code}`, admin.cookie),
      scan(event.id, code, host.cookie),
      search(event.id, guests[0]!.user.id, host.cookie),
    ]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const outcomes = answers.map((a) => a.json<DoorCheckInResult>().outcome);
    expect(outcomes.filter((o) => o === 'checked_in')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'already_checked_in')).toHaveLength(3);
    const times = new Set(answers.map((a) => a.json<DoorCheckInResult>().guest.checkedInAt));
    expect(times.size).toBe(1);
  });

  it('once the evening has finished, the door is closed (409), for a scan and a search', async () => {
    const { event, guests } = await evening(1);
    clock.fixed = new Date(new Date(event.endsAt).getTime() + 60_000);
    const before = await snapshot(event.id);
    const res = await scan(event.id, `SFTICKET:${await codeOf(event.id, guests[0]!.user.id)}`, host.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(DOOR_CLOSED);
    expect((await search(event.id, guests[0]!.user.id, host.cookie)).json().message).toBe(DOOR_CLOSED);
    expect(await snapshot(event.id)).toEqual(before);
    // A minute before the end it is still open.
    clock.fixed = new Date(new Date(event.endsAt).getTime() - 60_000);
    expect((await search(event.id, guests[0]!.user.id, host.cookie)).json()).toMatchObject({ outcome: 'checked_in' });
  });
});

describe('POST /api/events/:id/door/check-in (search) and undo', () => {
  it("checks in by search ('search', by the host); someone without a ticket is 404", async () => {
    const { event, guests } = await evening(2);
    const res = await search(event.id, guests[0]!.user.id, host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      outcome: 'checked_in',
      guest: { userId: guests[0]!.user.id, method: 'search' },
      counts: { registered: 2, checkedIn: 1, toCome: 1 },
    });
    expect(await row(event.id, guests[0]!.user.id)).toMatchObject({ checkInMethod: 'search', checkedInBy: host.user.id });
    expect((await search(event.id, guests[0]!.user.id, host.cookie)).json()).toMatchObject({ outcome: 'already_checked_in' });

    const before = await snapshot(event.id);
    const stranger = await search(event.id, member.user.id, host.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(NOT_REGISTERED);
    expect((await search(event.id, 2_000_000_000, host.cookie)).statusCode).toBe(404);
    expect(await snapshot(event.id)).toEqual(before);
  });

  it('undoes a mistaken check-in: time, method and host cleared; not checked in 409; not registered 404', async () => {
    const { event, guests } = await evening(2);
    const g = guests[0]!;
    expect((await scan(event.id, `SFTICKET:${await codeOf(event.id, g.user.id)}`, host.cookie)).statusCode).toBe(200);
    const res = await undo(event.id, g.user.id, host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<DoorUndoResult>()).toEqual({
      guest: {
        userId: g.user.id,
        name: g.user.name,
        ticketCode: await codeOf(event.id, g.user.id),
        checkedIn: false,
        checkedInAt: null,
        method: null,
        accessNeeds: null,
      },
      counts: { registered: 2, checkedIn: 0, toCome: 2 },
    });
    expect(await row(event.id, g.user.id)).toMatchObject({ checkedIn: false, checkedInAt: null, checkInMethod: null, checkedInBy: null });

    const again = await undo(event.id, g.user.id, host.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`${g.user.name} is not checked in`);
    const stranger = await undo(event.id, member.user.id, host.cookie);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().message).toBe(NOT_REGISTERED);
    // Checked in again afterwards: a fresh check-in.
    expect((await search(event.id, g.user.id, host.cookie)).json()).toMatchObject({ outcome: 'checked_in', guest: { method: 'search' } });
  });
});

describe('GET /api/events/:id/door', () => {
  it('counts, the 5 latest check-ins newest first, and every guest by name, without e-mail or phone', async () => {
    const names = ['Zara Zed', 'adam Ant', 'Mia Moon', 'Bea Bell', 'Carl Cole', 'Dina Dove', 'Eve Ember'];
    const { event, guests } = await evening(7, { names });
    // Check six in, a minute apart, in this order (by scan and by search).
    const order = [3, 0, 5, 1, 6, 4];
    for (const [k, i] of order.entries()) {
      clock.shift = k * 60_000;
      const g = guests[i]!;
      const res = k % 2 ? await search(event.id, g.user.id, host.cookie) : await scan(event.id, `SFTICKET:${await codeOf(event.id, g.user.id)}`, host.cookie);
      expect(res.json()).toMatchObject({ outcome: 'checked_in' });
    }
    const res = await getDoor(event.id, host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<Door>();
    expect(body.eventId).toBe(event.id);
    expect(body.counts).toEqual({ registered: 7, checkedIn: 6, toCome: 1 });
    expect(body.recent.map((g) => g.name)).toEqual([4, 6, 1, 5, 0].map((i) => names[i]));
    expect(body.recent.map((g) => g.method)).toEqual(['search', 'scan', 'search', 'scan', 'search']);
    expect(body.guests.map((g) => g.name)).toEqual(['adam Ant', 'Bea Bell', 'Carl Cole', 'Dina Dove', 'Eve Ember', 'Mia Moon', 'Zara Zed']);
    expect(body.guests.find((g) => g.name === 'Mia Moon')).toMatchObject({ checkedIn: false, checkedInAt: null, method: null });
    for (const g of body.guests) expect(Object.keys(g).sort()).toEqual(['accessNeeds', 'checkedIn', 'checkedInAt', 'method', 'name', 'ticketCode', 'userId']);
    expect(res.body).not.toContain('@');
    expect(res.body).not.toContain('07700');
  });

  it('an evening with nobody registered yet', async () => {
    const { event } = await evening(0);
    expect((await getDoor(event.id, host.cookie)).json()).toEqual({
      eventId: event.id,
      counts: { registered: 0, checkedIn: 0, toCome: 0 },
      recent: [],
      guests: [],
      reminders: { lastSentAt: null, nextAt: null },
    });
  });
});

/** RFC 4180 reader (quoted fields, doubled quotes, CRLF records), to read the export back. */
/** A cell as the export writes it: one that a spreadsheet would run as a formula (a ticket code may begin with '-') gets a leading quote. */
const asCsvCell = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let rec: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    rec.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push(rec);
      rec = [];
      i++;
    } else field += c;
  }
  if (field || rec.length) {
    endField();
    rows.push(rec);
  }
  return rows;
}

describe('GET /api/events/:id/attendance.csv', () => {
  it('a CSV download: one row per guest by name, London times, quoting right and no formulas', async () => {
    const { event, guests } = await evening(4, { names: ['Tricky Name', 'Adam Early', 'Ben Late', 'Cleo Tab'] });
    const [tricky, early, late, tab] = guests as [Member, Member, Member, Member];
    const evil = '=HYPERLINK("x"), "Jr"\nSecond line';
    await t.db.update(users).set({ name: evil }).where(eq(users.id, tricky.user.id));
    await t.db.update(users).set({ name: '\tCleo\nTab' }).where(eq(users.id, tab.user.id));
    await t.db.update(users).set({ name: '@SUM(A1)' }).where(eq(users.id, late.user.id));

    // Checked in at 18:30 and 18:47 London time, the evening's own day.
    const day = londonDay(new Date(event.date));
    clock.fixed = londonInstant(day, '18:30');
    expect((await scan(event.id, `SFTICKET:${await codeOf(event.id, tricky.user.id)}`, host.cookie)).statusCode).toBe(200);
    clock.fixed = londonInstant(day, '18:47');
    expect((await search(event.id, early.user.id, host.cookie)).statusCode).toBe(200);

    const res = await exportCsv(event.id, host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="attendance-${event.id}.csv"`);
    const text = res.body;
    expect(text.startsWith('\uFEFFName,Ticket code,Checked in,Time,How\r\n')).toBe(true);
    // What the door needs, never contact details: e-mail goes only to the person, admins and matches (/privacy, issue 33).
    for (const g of guests) expect(text).not.toContain(g.user.email);
    const code = async (m: Member) => asCsvCell(await codeOf(event.id, m.user.id));
    // The exact record: quoted (comma, quotes, newline), quotes doubled, and the formula defused.
    expect(text).toContain(`"'=HYPERLINK(""x""), ""Jr""\nSecond line",${await code(tricky)},yes,${day} 18:30,scan\r\n`);
    // A line break alone is quoted too (with CRLF between records the library would not by itself).
    expect(text).toContain(`\r\n"'\tCleo\nTab",${await code(tab)},`);

    const [header, ...records] = parseCsv(text.slice(1));
    expect(header).toEqual(['Name', 'Ticket code', 'Checked in', 'Time', 'How']);
    // By name as en-GB sorts it (punctuation before letters), the same on every database.
    expect(records).toEqual([
      ["'\tCleo\nTab", await code(tab), 'no', '', ''],
      ["'@SUM(A1)", await code(late), 'no', '', ''],
      ['\'=HYPERLINK("x"), "Jr"\nSecond line', await code(tricky), 'yes', `${day} 18:30`, 'scan'],
      ['Adam Early', await code(early), 'yes', `${day} 18:47`, 'search'],
    ]);
  });

  it('after an undo the guest shows as not checked in; an empty evening has the header only', async () => {
    const { event, guests } = await evening(1, { names: ['Una Undone'] });
    await search(event.id, guests[0]!.user.id, host.cookie);
    await undo(event.id, guests[0]!.user.id, host.cookie);
    const rows = parseCsv((await exportCsv(event.id, admin.cookie)).body.slice(1));
    expect(rows[1]).toEqual(['Una Undone', asCsvCell(await codeOf(event.id, guests[0]!.user.id)), 'no', '', '']);
    const empty = await evening(0);
    expect((await exportCsv(empty.event.id, host.cookie)).body).toBe('\uFEFFName,Ticket code,Checked in,Time,How\r\n');
  });
});

describe('POST /api/events/:id/checkin (the event page) records how', () => {
  it("a host checking a guest in is 'search' (by the host); a guest checking themself in is 'self'; the first time is kept", async () => {
    const venue = await createVenue(t.app, host.cookie);
    const event = await createEvent(t.app, host.cookie, eventBody(venue.id, { price: 0, ...startingIn(30) }));
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    for (const g of [a, b]) expect((await registerFor(t.app, event.id, g)).statusCode).toBe(201);
    const checkin = (userId: number, cookie: string) =>
      t.app.inject({ method: 'POST', url: `/api/events/${event.id}/checkin`, headers: withCookie(cookie), payload: { userId } });

    expect((await checkin(a.user.id, host.cookie)).statusCode).toBe(200);
    expect(await row(event.id, a.user.id)).toMatchObject({ checkedIn: true, checkInMethod: 'search', checkedInBy: host.user.id });
    expect((await checkin(b.user.id, b.cookie)).statusCode).toBe(200);
    expect(await row(event.id, b.user.id)).toMatchObject({ checkedIn: true, checkInMethod: 'self', checkedInBy: null });

    const first = (await row(event.id, b.user.id))!.checkedInAt;
    // The database's clock (which stamps a check-in) has moved on: a second stamp would differ.
    await dbClockPast(t.db, first!);
    expect((await checkin(b.user.id, host.cookie)).statusCode).toBe(200);
    expect(await row(event.id, b.user.id)).toMatchObject({ checkedInAt: first, checkInMethod: 'self', checkedInBy: null });
    // The door agrees.
    const door = (await getDoor(event.id, host.cookie)).json<Door>();
    expect(door.guests.map((g) => g.method).sort()).toEqual(['search', 'self']);
  });
});

describe('the host hears of check-ins on the live socket', () => {
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

  it('a scan, a search, the event page and an undo reach the host and that guest, not the other guests', async () => {
    const venue = await createVenue(t.app, host.cookie);
    const event = await createEvent(t.app, host.cookie, eventBody(venue.id, { price: 0, ...startingIn(30) }));
    const [a, b] = [await signUp(t.app), await signUp(t.app)];
    for (const g of [a, b]) expect((await registerFor(t.app, event.id, g)).statusCode).toBe(201);
    const door = await open(event.id, host, true);
    const guestA = await open(event.id, a);
    const guestB = await open(event.id, b);

    expect((await scan(event.id, `SFTICKET:${await codeOf(event.id, a.user.id)}`, host.cookie)).json()).toMatchObject({ outcome: 'checked_in' });
    expect(await door.next('checkins_updated')).toEqual({ type: 'checkins_updated', eventId: event.id });
    await guestA.next('checkins_updated');

    // Scanning again changes nothing: nobody is told.
    await scan(event.id, `SFTICKET:${await codeOf(event.id, a.user.id)}`, host.cookie);
    expect((await undo(event.id, a.user.id, host.cookie)).statusCode).toBe(200);
    await door.next('checkins_updated');
    await guestA.next('checkins_updated');

    const self = await t.app.inject({ method: 'POST', url: `/api/events/${event.id}/checkin`, headers: withCookie(b.cookie), payload: { userId: b.user.id } });
    expect(self.statusCode, self.body).toBe(200);
    await door.next('checkins_updated');
    await guestB.next('checkins_updated');

    await heardAfter(t.app, event.id, [door, guestA, guestB]);
    expect(door.count('checkins_updated')).toBe(3);
    expect(guestA.count('checkins_updated')).toBe(2);
    expect(guestB.count('checkins_updated')).toBe(1);
  });
});
