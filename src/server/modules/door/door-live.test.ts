import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createVenue, eventBody, registerFor, signUp, startingIn, withCookie } from '../../test/harness';
import { connectLive, heardAfter, type LiveClient } from '../../test/live-helpers';
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
