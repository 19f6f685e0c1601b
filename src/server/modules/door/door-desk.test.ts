import { describe, expect, it } from 'vitest';
import type { Door, DoorUndoResult } from '@shared/schemas/door';
import { createEvent, createVenue, eventBody, registerFor, signUp, startingIn, withCookie } from '../../test/harness';
import { dbClockPast } from '../../test/db-clock';
import { NOT_REGISTERED } from './service';
import { clock, t, host, member, evening, row, codeOf, snapshot, getDoor, scan, search, undo, registerDoorFixtures } from './door.fixtures';

registerDoorFixtures();

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
