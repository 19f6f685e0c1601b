import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Door, DoorCheckInResult } from '@shared/schemas/door';
import { cancelledTickets, registrations } from '../../db/schema/index';
import { expectBadInput, registerFor, signUp, withCookie } from '../../test/harness';
import { statementsSent } from '../../test/statements';
import { DOOR_CLOSED } from './service';
import {
  clock,
  t,
  host,
  otherGuest,
  admin,
  otherEvent,
  evening,
  row,
  codeOf,
  snapshot,
  getDoor,
  scan,
  search,
  exportCsv,
  registerDoorFixtures,
  type Member,
} from './door.fixtures';

registerDoorFixtures();

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

  it('a ticket of this evening is checked in by one statement after the session, who may scan included (issue 37: a rush at the door)', async () => {
    const { event, guests } = await evening(3);
    // The first scan on this connection prepares the statement (docs/decisions/0102).
    expect((await scan(event.id, `SFTICKET:${await codeOf(event.id, guests[0]!.user.id)}`, host.cookie)).statusCode).toBe(200);
    const code = await codeOf(event.id, guests[1]!.user.id);
    let answer: DoorCheckInResult | undefined;
    const sent = await statementsSent(t.db, async () => {
      const res = await scan(event.id, `SFTICKET:${code}`, host.cookie);
      expect(res.statusCode, res.body).toBe(200);
      answer = res.json<DoorCheckInResult>();
    });
    // Before: 6 (the session, the evening, the ticket, the flip, the guest, the counts), then 3 (the
    // evening read apart, until docs/decisions/0137). The bus's pg_notify to other instances
    // (PostgreSQL, sent together at a rush) and the live timers' own poll are not the scan's.
    const perScan = sent.filter((s) => !/^PREPARE |^SELECT pg_notify|^select "event_id" from "event_timers" where \("event_timers"."phase" in/.test(s));
    expect(perScan, sent.join('\n---\n')).toHaveLength(2);
    // EXECUTE on the embedded database; the named statement's own text on PostgreSQL.
    expect(perScan.filter((s) => /^EXECUTE door_check_in_by_ticket\(|^\s*WITH t AS/.test(s))).toHaveLength(1);
    expect(answer).toMatchObject({
      outcome: 'checked_in',
      guest: { userId: guests[1]!.user.id, checkedIn: true, method: 'scan' },
      counts: { registered: 3, checkedIn: 2, toCome: 1 },
    });
    expect(await row(event.id, guests[1]!.user.id)).toMatchObject({ checkedIn: true, checkInMethod: 'scan', checkedInBy: host.user.id });
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
