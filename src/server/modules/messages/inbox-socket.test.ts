/**
 * Host messages and reads over REAL sockets (a listening server, `ws` clients with the session
 * cookie): a message reaches only the checked-in guests of its evening, the host's pages hear
 * that the history changed, and a read on one device reaches the guest's other devices and the
 * host (whose read counts then show it).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Room, SentMessage } from '@shared/schemas/messages';
import { createTestApp, withCookie, type TestContext } from '../../test/harness';
import { heardAfter, joinLive, listen, setUpEvening, type LiveClient, type Member } from '../../test/live-helpers';

let t: TestContext;
let base: string;
const clients: LiveClient[] = [];

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t.app);
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((c) => c.close()));
});
afterAll(() => t.close());

async function join(eventId: number, m: Member, isHost = false) {
  const { client } = await joinLive(base, { eventId, userId: m.user.id, isHost }, m.cookie);
  clients.push(client);
  return client;
}

const post = (url: string, cookie: string, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: withCookie(cookie), ...(payload ? { payload } : {}) });

describe('host messages over the socket', () => {
  it('reach the checked-in guests of the evening only; the host hears messages_updated', async () => {
    const ev = await setUpEvening(t, { guests: 2, checkedIn: 1 });
    const elsewhere = await setUpEvening(t, { guests: 1, checkedIn: 1 });
    const [present, absent] = ev.guests as [Member, Member];
    const host = await join(ev.event.id, ev.host, true);
    const presentSocket = await join(ev.event.id, present);
    const absentSocket = await join(ev.event.id, absent);
    const otherGuest = await join(elsewhere.event.id, elsewhere.guests[0]!);
    const otherHost = await join(elsewhere.event.id, elsewhere.host, true);

    const res = await post(`/api/events/${ev.event.id}/messages`, ev.host.cookie, { text: 'Round 3 is about to start!', type: 'round', requiresAction: true });
    expect(res.statusCode, res.body).toBe(201);
    const sent = res.json<SentMessage>();

    const got = await presentSocket.next('host_message');
    expect(got).toEqual({
      type: 'host_message',
      eventId: ev.event.id,
      message: {
        id: sent.id,
        eventId: ev.event.id,
        text: 'Round 3 is about to start!',
        type: 'round',
        requiresAction: true,
        timestamp: sent.timestamp,
        isRead: false,
        acknowledged: false,
      },
    });
    expect(await host.next('messages_updated')).toEqual({ type: 'messages_updated', eventId: ev.event.id });

    await heardAfter(t.app, ev.event.id, [presentSocket, absentSocket, host]);
    await heardAfter(t.app, elsewhere.event.id, [otherGuest, otherHost]);
    expect(presentSocket.count('host_message')).toBe(1);
    expect(absentSocket.count('host_message')).toBe(0);
    expect(host.count('host_message')).toBe(0);
    for (const c of [otherGuest, otherHost]) {
      expect(c.count('host_message')).toBe(0);
      expect(c.count('messages_updated')).toBe(0);
    }
    // Guests are not told about the host's history.
    for (const c of [presentSocket, absentSocket]) expect(c.count('messages_updated')).toBe(0);
  });

  it("a read on one device reaches the guest's other device and the host, whose counts show it", async () => {
    const ev = await setUpEvening(t, { guests: 2, checkedIn: 2 });
    const [a, b] = ev.guests as [Member, Member];
    const host = await join(ev.event.id, ev.host, true);
    const phone = await join(ev.event.id, a);
    const tablet = await join(ev.event.id, a);
    const friend = await join(ev.event.id, b);

    const res = await post(`/api/events/${ev.event.id}/messages`, ev.host.cookie, { text: 'Food is served at the bar' });
    const sent = res.json<SentMessage>();
    await Promise.all([phone.next('host_message'), tablet.next('host_message'), friend.next('host_message'), host.next('messages_updated')]);

    const read = await post(`/api/events/${ev.event.id}/inbox/${sent.id}/read`, a.cookie);
    expect(read.statusCode, read.body).toBe(200);
    expect(await tablet.next('inbox_updated')).toEqual({ type: 'inbox_updated', eventId: ev.event.id });
    expect(await host.next('messages_updated')).toEqual({ type: 'messages_updated', eventId: ev.event.id });
    await heardAfter(t.app, ev.event.id, [friend]);
    expect(friend.count('inbox_updated')).toBe(0);

    const room = await t.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/messages`, headers: withCookie(ev.host.cookie) });
    expect(room.json<Room>().messages[0]).toMatchObject({ id: sent.id, sentTo: 2, readCount: 1, acknowledgedCount: 0 });

    // Reading again changes nothing, so nobody is told again.
    const before = { tablet: tablet.count('inbox_updated'), host: host.count('messages_updated') };
    expect((await post(`/api/events/${ev.event.id}/inbox/${sent.id}/read`, a.cookie)).statusCode).toBe(200);
    await heardAfter(t.app, ev.event.id, [tablet, host]);
    expect({ tablet: tablet.count('inbox_updated'), host: host.count('messages_updated') }).toEqual(before);

    // Acknowledging does change it.
    expect((await post(`/api/events/${ev.event.id}/inbox/${sent.id}/acknowledge`, a.cookie)).statusCode).toBe(200);
    await tablet.next('inbox_updated');
    await host.next('messages_updated');
  });

  it('Send Reminders reaches the guests not yet checked in, and not the ones in the room', async () => {
    const ev = await setUpEvening(t, { guests: 2, checkedIn: 1 });
    const [present, absent] = ev.guests as [Member, Member];
    const host = await join(ev.event.id, ev.host, true);
    const inRoom = await join(ev.event.id, present);
    const onTheWay = await join(ev.event.id, absent);
    const res = await post(`/api/events/${ev.event.id}/reminders`, ev.host.cookie);
    expect(res.json()).toEqual({ sent: 1 });
    const got = await onTheWay.next('host_message');
    expect(got.message).toMatchObject({ type: 'general', isRead: false, acknowledged: false });
    expect(got.message.text).toContain(ev.event.title);
    await host.next('messages_updated');
    await heardAfter(t.app, ev.event.id, [inRoom]);
    expect(inRoom.count('host_message')).toBe(0);
  });
});
