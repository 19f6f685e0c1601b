import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DoorCheckInResult } from '@shared/schemas/door';
import { createEvent, createVenue, eventBody, registerFor, signUp, startingIn, withCookie } from '../../test/harness';
import { CHECKINS_NEWS_EVERY_MS, connectLive, heardAfter, HOSTS_CHECKIN_NEWS_WAIT_MS, type LiveClient } from '../../test/live-helpers';
import { t, host, codeOf, scan, undo, registerDoorFixtures, type Member } from './door.fixtures';

registerDoorFixtures();

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

    const scanned = (await scan(event.id, `SFTICKET:${await codeOf(event.id, a.user.id)}`, host.cookie)).json<DoorCheckInResult>();
    expect(scanned).toMatchObject({ outcome: 'checked_in' });
    // The hosts' desk is told the change itself, which it applies to its list (decision 0142).
    expect(await door.next('checkins_updated')).toEqual({
      type: 'checkins_updated',
      eventId: event.id,
      guests: [{ userId: a.user.id, checkedInAt: scanned.guest.checkedInAt, method: 'scan' }],
    });
    // The guest's phone is told their own check-in, so it need not read the evening again (decision 0139).
    expect(await guestA.next('checkins_updated')).toEqual({ type: 'checkins_updated', eventId: event.id, checkedInAt: scanned.guest.checkedInAt });

    // Scanning again changes nothing: nobody is told.
    await scan(event.id, `SFTICKET:${await codeOf(event.id, a.user.id)}`, host.cookie);
    expect((await undo(event.id, a.user.id, host.cookie)).statusCode).toBe(200);
    // The hosts' news comes at most once a second (decision 0138): this one at the end of the first's second.
    expect(await door.next('checkins_updated', HOSTS_CHECKIN_NEWS_WAIT_MS)).toEqual({
      type: 'checkins_updated',
      eventId: event.id,
      guests: [{ userId: a.user.id, checkedInAt: null, method: null }],
    });
    expect(await guestA.next('checkins_updated')).toEqual({ type: 'checkins_updated', eventId: event.id, checkedInAt: null });

    // The event page's check-in says no more than who: the desk reads its list.
    const self = await t.app.inject({ method: 'POST', url: `/api/events/${event.id}/checkin`, headers: withCookie(b.cookie), payload: { userId: b.user.id } });
    expect(self.statusCode, self.body).toBe(200);
    expect(await door.next('checkins_updated', HOSTS_CHECKIN_NEWS_WAIT_MS)).toEqual({ type: 'checkins_updated', eventId: event.id });
    await guestB.next('checkins_updated');

    await heardAfter(t.app, event.id, [door, guestA, guestB]);
    expect(door.count('checkins_updated')).toBe(3);
    expect(guestA.count('checkins_updated')).toBe(2);
    expect(guestB.count('checkins_updated')).toBe(1);
  });

  it('at a rush the hosts hear of check-ins at most once a second, the last always said; each guest hears their own at once (decision 0138)', async () => {
    const venue = await createVenue(t.app, host.cookie);
    const event = await createEvent(t.app, host.cookie, eventBody(venue.id, { price: 0, ...startingIn(30) }));
    const guests = [await signUp(t.app), await signUp(t.app), await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    for (const g of guests) expect((await registerFor(t.app, event.id, g)).statusCode).toBe(201);
    const door = await open(event.id, host, true);
    const phones = await Promise.all(guests.map((g) => open(event.id, g)));
    const heardAt: number[] = [];
    door.ws.on('message', (raw) => {
      if ((JSON.parse(String(raw)) as { type: string }).type === 'checkins_updated') heardAt.push(performance.now());
    });

    const codes = await Promise.all(guests.map((g) => codeOf(event.id, g.user.id)));
    const answers = await Promise.all(codes.map((code) => scan(event.id, `SFTICKET:${code}`, host.cookie)));
    expect(answers.map((a) => a.json<{ outcome: string }>().outcome)).toEqual(guests.map(() => 'checked_in'));
    for (const phone of phones) await phone.next('checkins_updated');
    const first = await door.next('checkins_updated');
    // Five check-ins, two news for the desk: the first at once, the rest together a second later,
    // with every change between them (decision 0142).
    const second = await door.next('checkins_updated', HOSTS_CHECKIN_NEWS_WAIT_MS);
    expect(heardAt[1]! - heardAt[0]!).toBeGreaterThanOrEqual(CHECKINS_NEWS_EVERY_MS - 50);
    const told = [first, second].flatMap((m) => (m as { guests?: { userId: number; checkedInAt: string | null; method: string | null }[] }).guests ?? []);
    expect(told.sort((x, y) => x.userId - y.userId)).toEqual(
      answers
        .map((a) => a.json<DoorCheckInResult>().guest)
        .map((g) => ({ userId: g.userId, checkedInAt: g.checkedInAt, method: 'scan' }))
        .sort((x, y) => x.userId - y.userId),
    );
    await heardAfter(t.app, event.id, [door, ...phones]);
    expect(door.count('checkins_updated')).toBe(2);
    for (const phone of phones) expect(phone.count('checkins_updated')).toBe(1);
  });
});
