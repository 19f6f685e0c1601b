import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { InboxMessage } from '@shared/schemas/messages';
import { arrivalStates, eventMessages, messageRecipients } from '../../db/schema/index';
import { createEvent, createVenue, eventBody, registerFor, signUp, signUpHost } from '../../test/harness';
import { dbClockPast } from '../../test/db-clock';
import { checkIn, setUpEvening, type Member } from '../../test/live-helpers';
import { t, admin, post, messageCount, sendAs, inboxOf, roomOf, registerMessagesFixtures } from './messages.fixtures';

registerMessagesFixtures();

describe('sending to the room', () => {
  it('reaches only the checked-in guests of the evening, never the sender; nobody checked in is 409 and stores nothing', async () => {
    const ev = await setUpEvening(t, { guests: 3, checkedIn: 0 });
    const none = await post(`/api/events/${ev.event.id}/messages`, ev.host.cookie, { text: 'Anyone here?' });
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('Nobody is checked in yet: messages go to checked-in guests');
    expect(await messageCount(ev.event.id)).toBe(0);

    // The host registers for their own evening (free) and checks in: still not a recipient of their own message.
    expect((await registerFor(t.app, ev.event.id, ev.host)).statusCode).toBe(201);
    await checkIn(t.app, ev.event.id, ev.host, ev.host);
    const onlyHost = await post(`/api/events/${ev.event.id}/messages`, ev.host.cookie, { text: 'Anyone here?' });
    expect(onlyHost.statusCode).toBe(409);

    const [a, b, c] = ev.guests as [Member, Member, Member];
    await checkIn(t.app, ev.event.id, ev.host, a);
    await checkIn(t.app, ev.event.id, ev.host, b);
    const sent = await sendAs(ev.host.cookie, ev.event.id, { text: 'Welcome! Grab a drink at the bar.', type: 'location' });
    expect(sent).toMatchObject({
      text: 'Welcome! Grab a drink at the bar.',
      type: 'location',
      requiresAction: false,
      audience: 'room',
      sentTo: 2,
      readCount: 0,
      acknowledgedCount: 0,
    });
    const recipients = await t.db.select({ userId: messageRecipients.userId }).from(messageRecipients).where(eq(messageRecipients.messageId, sent.id));
    expect(recipients.map((r) => r.userId).sort()).toEqual([a.user.id, b.user.id].sort());

    for (const g of [a, b]) {
      const box = await inboxOf(g, ev.event.id);
      expect(box).toEqual({
        eventId: ev.event.id,
        unread: 1,
        messages: [
          {
            id: sent.id,
            eventId: ev.event.id,
            text: sent.text,
            type: 'location',
            requiresAction: false,
            timestamp: sent.timestamp,
            isRead: false,
            acknowledged: false,
          },
        ],
      });
    }
    // Registered, not checked in: nothing. The host's own inbox: nothing.
    expect(await inboxOf(c, ev.event.id)).toEqual({ eventId: ev.event.id, unread: 0, messages: [] });
    expect((await inboxOf(ev.host, ev.event.id)).messages).toEqual([]);

    // Checking in later does not bring earlier messages.
    await checkIn(t.app, ev.event.id, ev.host, c);
    expect((await inboxOf(c, ev.event.id)).messages).toEqual([]);
  });

  it("an admin's message comes from the admin and goes to the checked-in guests", async () => {
    const ev = await setUpEvening(t, { guests: 2, checkedIn: 2 });
    const sent = await sendAs(admin.cookie, ev.event.id, { text: 'Hello from the organisers' });
    expect(sent.sentTo).toBe(2);
    const [row] = await t.db.select({ senderId: eventMessages.senderId }).from(eventMessages).where(eq(eventMessages.id, sent.id));
    expect(row!.senderId).toBe(admin.user.id);
  });
});

describe('the inbox: read and acknowledged', () => {
  it('newest first; read and acknowledge are idempotent and keep the first times; the host sees the counts', async () => {
    const ev = await setUpEvening(t, { guests: 2, checkedIn: 2 });
    const [a, b] = ev.guests as [Member, Member];
    const first = await sendAs(ev.host.cookie, ev.event.id, { text: 'First' });
    const second = await sendAs(ev.host.cookie, ev.event.id, { text: 'Second: please acknowledge', type: 'urgent', requiresAction: true });
    expect((await inboxOf(a, ev.event.id)).messages.map((m) => m.id)).toEqual([second.id, first.id]);

    const url = (id: number, action: string) => `/api/events/${ev.event.id}/inbox/${id}/${action}`;
    const read = await post(url(first.id, 'read'), a.cookie);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json<InboxMessage>()).toMatchObject({ id: first.id, isRead: true, acknowledged: false, text: 'First' });
    const readAt = async (id: number, userId: number) =>
      (
        await t.db
          .select()
          .from(messageRecipients)
          .where(and(eq(messageRecipients.messageId, id), eq(messageRecipients.userId, userId)))
      )[0]!;
    const firstRead = (await readAt(first.id, a.user.id)).readAt;
    expect(firstRead).not.toBeNull();
    await dbClockPast(t.db, firstRead!);
    const again = await post(url(first.id, 'read'), a.cookie);
    expect(again.json<InboxMessage>()).toMatchObject({ isRead: true, acknowledged: false });
    expect((await readAt(first.id, a.user.id)).readAt).toEqual(firstRead);

    // Acknowledging also reads; a read afterwards keeps it acknowledged.
    const ack = await post(url(second.id, 'acknowledge'), a.cookie);
    expect(ack.json<InboxMessage>()).toMatchObject({ id: second.id, isRead: true, acknowledged: true });
    const ackRow = await readAt(second.id, a.user.id);
    expect(ackRow.readAt).not.toBeNull();
    expect(ackRow.acknowledgedAt).not.toBeNull();
    expect((await post(url(second.id, 'acknowledge'), a.cookie)).json<InboxMessage>()).toMatchObject({ isRead: true, acknowledged: true });
    expect((await post(url(second.id, 'read'), a.cookie)).json<InboxMessage>()).toMatchObject({ isRead: true, acknowledged: true });
    expect((await readAt(second.id, a.user.id)).acknowledgedAt).toEqual(ackRow.acknowledgedAt);

    // Acknowledging a message already read keeps the first read time.
    await post(url(first.id, 'acknowledge'), a.cookie);
    expect((await readAt(first.id, a.user.id)).readAt).toEqual(firstRead);

    const box = await inboxOf(a, ev.event.id);
    expect(box.unread).toBe(0);
    expect(box.messages.map((m) => [m.isRead, m.acknowledged])).toEqual([
      [true, true],
      [true, true],
    ]);
    // b's copies are untouched.
    expect((await inboxOf(b, ev.event.id)).unread).toBe(2);

    const room = await roomOf(ev.host.cookie, ev.event.id);
    expect(room.messages.map((m) => [m.id, m.sentTo, m.readCount, m.acknowledgedCount])).toEqual([
      [second.id, 2, 1, 1],
      [first.id, 2, 1, 1],
    ]);
  });

  it('a message of another evening is 404 Message not found, even to a guest of both', async () => {
    const ev = await setUpEvening(t, { guests: 1, checkedIn: 1 });
    const second = await setUpEvening(t, { guests: 0 });
    const guest = ev.guests[0]!;
    expect((await registerFor(t.app, second.event.id, guest)).statusCode).toBe(201);
    const sent = await sendAs(ev.host.cookie, ev.event.id);
    for (const action of ['read', 'acknowledge']) {
      const res = await post(`/api/events/${second.event.id}/inbox/${sent.id}/${action}`, guest.cookie);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('Message not found');
      const missing = await post(`/api/events/${ev.event.id}/inbox/2000000000/${action}`, guest.cookie);
      expect(missing.statusCode).toBe(404);
    }
    expect((await inboxOf(guest, ev.event.id)).unread).toBe(1);
    expect((await inboxOf(guest, second.event.id)).messages).toEqual([]);
  });
});

describe('the room as the host sees it', () => {
  it('counts, where guests are (each once), attendees by name with last seen', async () => {
    const host = (await signUpHost(t)) as Member;
    const venue = await createVenue(t.app, host.cookie, { latitude: 53.5333, longitude: -2.2833 });
    const event = await createEvent(t.app, host.cookie, eventBody(venue.id, { price: 0 }));
    const names = ['Erin', 'ali', 'Dev', 'Cass', 'Bea', 'Finn'];
    const g: Record<string, Member> = {};
    for (const name of names) {
      g[name] = (await signUp(t.app, { name })) as Member;
      expect((await registerFor(t.app, event.id, g[name]!)).statusCode).toBe(201);
    }
    await checkIn(t.app, event.id, host, g.ali!);
    // Checked in and then reported far away: still at the venue (checked in).
    await checkIn(t.app, event.id, host, g.Finn!);
    const report = (who: string, v: { permission: 'granted' | 'denied'; distanceM?: number; accuracyM?: number; at: string }) =>
      t.db.insert(arrivalStates).values({
        eventId: event.id,
        userId: g[who]!.user.id,
        permission: v.permission,
        distanceM: v.distanceM ?? null,
        accuracyM: v.accuracyM ?? null,
        updatedAt: new Date(v.at),
      });
    const later = new Date(Date.now() + 60_000).toISOString();
    await report('Finn', { permission: 'granted', distanceM: 900, accuracyM: 10, at: later });
    await report('Bea', { permission: 'granted', distanceM: 30, accuracyM: 12, at: '2026-01-01T18:50:00.000Z' });
    await report('Cass', { permission: 'granted', distanceM: 1200, accuracyM: 15, at: '2026-01-01T18:40:00.000Z' });
    await report('Dev', { permission: 'denied', at: '2026-01-01T18:30:00.000Z' });
    // Erin: no report.

    const room = await roomOf(host.cookie, event.id);
    expect(room.eventId).toBe(event.id);
    expect(room.counts).toEqual({ registered: 6, checkedIn: 2, notArrived: 4 });
    expect(room.locations).toEqual({ at_venue: 3, en_route: 1, location_off: 1, unknown: 1 });
    expect(room.attendees.map((a) => [a.name, a.checkedIn, a.location])).toEqual([
      ['ali', true, 'at_venue'],
      ['Bea', false, 'at_venue'],
      ['Cass', false, 'en_route'],
      ['Dev', false, 'location_off'],
      ['Erin', false, 'unknown'],
      ['Finn', true, 'at_venue'],
    ]);
    const by = Object.fromEntries(room.attendees.map((a) => [a.name, a]));
    expect(by.ali!.lastSeen).toBe(by.ali!.checkedInAt);
    expect(by.ali!.checkedInAt).not.toBeNull();
    expect(by.Finn!.lastSeen).toBe(later);
    expect(by.Bea!.lastSeen).toBe('2026-01-01T18:50:00.000Z');
    expect(by.Erin!.lastSeen).toBeNull();
    // Only names: no e-mail or phone in the room.
    expect(JSON.stringify(room)).not.toContain('@');
    expect(room.messages).toEqual([]);
  });
});

describe('"Last seen" follows the guest (issue 22)', () => {
  it("moves when the guest reads a message and again when they acknowledge one; not on another guest's read", async () => {
    const ev = await setUpEvening(t, { guests: 2, checkedIn: 2 });
    const [a, b] = ev.guests as [Member, Member];
    const lastSeen = async (m: Member) => (await roomOf(ev.host.cookie, ev.event.id)).attendees.find((x) => x.id === m.user.id)!;
    const atCheckIn = await lastSeen(a);
    expect(atCheckIn.lastSeen).toBe(atCheckIn.checkedInAt);

    const first = await sendAs(ev.host.cookie, ev.event.id, { text: 'Welcome in' });
    const second = await sendAs(ev.host.cookie, ev.event.id, { text: 'Please confirm you saw the fire exits', requiresAction: true });
    await dbClockPast(t.db, atCheckIn.lastSeen!);
    expect((await post(`/api/events/${ev.event.id}/inbox/${first.id}/read`, a.cookie)).statusCode).toBe(200);
    const afterRead = (await lastSeen(a)).lastSeen!;
    expect(Date.parse(afterRead)).toBeGreaterThan(Date.parse(atCheckIn.lastSeen!));
    // b has read nothing: still the check-in.
    expect((await lastSeen(b)).lastSeen).toBe((await lastSeen(b)).checkedInAt);

    await dbClockPast(t.db, afterRead);
    expect((await post(`/api/events/${ev.event.id}/inbox/${second.id}/acknowledge`, a.cookie)).statusCode).toBe(200);
    const afterAck = (await lastSeen(a)).lastSeen!;
    expect(Date.parse(afterAck)).toBeGreaterThan(Date.parse(afterRead));
    const [row] = await t.db
      .select()
      .from(messageRecipients)
      .where(and(eq(messageRecipients.messageId, second.id), eq(messageRecipients.userId, a.user.id)));
    expect(afterAck).toBe(row!.acknowledgedAt!.toISOString());

    // b reading moves b, not a.
    await post(`/api/events/${ev.event.id}/inbox/${first.id}/read`, b.cookie);
    expect((await lastSeen(a)).lastSeen).toBe(afterAck);
    expect(Date.parse((await lastSeen(b)).lastSeen!)).toBeGreaterThan(Date.parse((await lastSeen(b)).checkedInAt!));
  });
});
