/**
 * Host messages to the room, the guest's inbox and the door's Send Reminders through the real
 * app and database: who may do what (visitor, member, guest or host of another evening, host,
 * admin), bad input (400, nothing stored), who a message reaches (the checked-in guests, never
 * the sender), the room's counts and locations, read and acknowledged state, and reminders.
 */
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Inbox, InboxMessage, Room, SentMessage } from '@shared/schemas/messages';
import { MESSAGE_MAX_LENGTH } from '@shared/schemas/messages';
import type { Door } from '@shared/schemas/door';
import { REMINDER_GAP_MS } from './service';
import { arrivalStates, eventMessages, events, messageRecipients } from '../../db/schema/index';
import {
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  expectBadInput,
  outbox,
  registerFor,
  signUp,
  signUpHost,
  TEST_ADMIN_EMAIL,
  withCookie,
  type TestContext,
} from '../../test/harness';
import { dbClockPast } from '../../test/db-clock';
import { checkIn, setUpEvening, type Evening, type Member } from '../../test/live-helpers';

let t: TestContext;
/** The app's clock: the real time, moved forward by `ahead` ms (tests step past the reminder limit). */
const clock = { ahead: 0 };
let admin: Member;
let member: Member;
/** Another evening: its guest and its host are strangers to the evenings under test. */
let other: Evening;

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(Date.now() + clock.ahead) });
  admin = (await signUp(t.app, { email: TEST_ADMIN_EMAIL, name: 'Alex Admin' })) as Member;
  member = (await signUp(t.app, { name: 'Mo Member' })) as Member;
  other = await setUpEvening(t, { guests: 1 });
});
afterAll(() => t.close());

const post = (url: string, cookie: string | undefined, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: withCookie(cookie), ...(payload !== undefined ? { payload } : {}) });
const get = (url: string, cookie: string | undefined) => t.app.inject({ method: 'GET', url, headers: withCookie(cookie) });

async function messageCount(eventId: number) {
  return Number((await t.db.select({ n: count() }).from(eventMessages).where(eq(eventMessages.eventId, eventId)))[0]!.n);
}

async function sendAs(cookie: string, eventId: number, body: object = { text: 'Round 2 starts in five minutes' }) {
  const res = await post(`/api/events/${eventId}/messages`, cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SentMessage>();
}

async function inboxOf(m: Member, eventId: number) {
  const res = await get(`/api/events/${eventId}/inbox`, m.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Inbox>();
}

async function roomOf(cookie: string, eventId: number) {
  const res = await get(`/api/events/${eventId}/messages`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Room>();
}

const reminderMails = async (m: Member) => (await outbox(t.app, m.user.email)).filter((x) => x.subject.startsWith('Reminder from your host'));

describe('who may use the room', () => {
  let ev: Evening;
  let messageId: number;
  beforeAll(async () => {
    ev = await setUpEvening(t, { guests: 2, checkedIn: 1 });
    messageId = (await sendAs(ev.host.cookie, ev.event.id)).id;
  });

  type Who = 'visitor' | 'member' | 'otherGuest' | 'otherHost' | 'host' | 'admin';
  const cookieOf = (who: Who) =>
    ({
      visitor: undefined,
      member: member.cookie,
      otherGuest: other.guests[0]!.cookie,
      otherHost: other.host.cookie,
      host: ev.host.cookie,
      admin: admin.cookie,
    })[who];
  const strangers: [Who, number][] = [
    ['visitor', 401],
    ['member', 403],
    ['otherGuest', 403],
    ['otherHost', 403],
  ];

  it.each([...strangers, ['host', 201], ['admin', 201]] as [Who, number][])('POST messages as %s: %i', async (who, status) => {
    const before = await messageCount(ev.event.id);
    const res = await post(`/api/events/${ev.event.id}/messages`, cookieOf(who), { text: `Hello from ${who}` });
    expect(res.statusCode, res.body).toBe(status);
    expect(await messageCount(ev.event.id)).toBe(before + (status === 201 ? 1 : 0));
    if (status === 403) expect(res.json().message).toBe('Only the host of this event can message its guests');
    if (status === 401) expect(res.json().message).toMatch(/log in/i);
  });

  it.each([...strangers, ['host', 200], ['admin', 200]] as [Who, number][])('GET messages as %s: %i', async (who, status) => {
    const res = await get(`/api/events/${ev.event.id}/messages`, cookieOf(who));
    expect(res.statusCode, res.body).toBe(status);
    if (status === 403) expect(res.json().message).toMatch(/Only the host of this event/);
  });

  it.each([...strangers, ['host', 403], ['admin', 403]] as [Who, number][])('GET inbox as %s: %i', async (who, status) => {
    const res = await get(`/api/events/${ev.event.id}/inbox`, cookieOf(who));
    expect(res.statusCode, res.body).toBe(status);
    if (status === 403) expect(res.json().message).toBe('Only guests of this event have messages for it');
  });

  it.each(['read', 'acknowledge'])('POST inbox/:messageId/%s: only the recipient', async (action) => {
    const url = `/api/events/${ev.event.id}/inbox/${messageId}/${action}`;
    for (const [who, status] of [...strangers, ['host', 403], ['admin', 403]] as [Who, number][]) {
      const res = await post(url, cookieOf(who));
      expect(res.statusCode, `${who}: ${res.body}`).toBe(status);
    }
    // A guest of the evening it was not sent to (not checked in).
    const notSent = await post(url, ev.guests[1]!.cookie);
    expect(notSent.statusCode).toBe(404);
    expect(notSent.json().message).toBe('Message not found');
    const mine = await post(url, ev.present[0]!.cookie);
    expect(mine.statusCode, mine.body).toBe(200);
  });

  it.each([...strangers, ['host', 200], ['admin', 200]] as [Who, number][])('POST reminders as %s: %i', async (who, status) => {
    const before = await messageCount(ev.event.id);
    // One reminder an hour per evening: each allowed sender here is an hour after the last.
    if (status === 200) clock.ahead += REMINDER_GAP_MS + 1000;
    const res = await post(`/api/events/${ev.event.id}/reminders`, cookieOf(who));
    expect(res.statusCode, res.body).toBe(status);
    if (status === 200) expect(res.json()).toEqual({ sent: 1 });
    expect(await messageCount(ev.event.id)).toBe(before + (status === 200 ? 1 : 0));
  });

  it('an unknown event is 404 Event not found on every route', async () => {
    const id = 2_000_000_000;
    for (const [method, url] of [
      ['POST', `/api/events/${id}/messages`],
      ['GET', `/api/events/${id}/messages`],
      ['GET', `/api/events/${id}/inbox`],
      ['POST', `/api/events/${id}/inbox/1/read`],
      ['POST', `/api/events/${id}/inbox/1/acknowledge`],
      ['POST', `/api/events/${id}/reminders`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: withCookie(admin.cookie),
        ...(url.endsWith('/messages') && method === 'POST' ? { payload: { text: 'Hi' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
      expect(res.json().message).toBe('Event not found');
    }
  });
});

describe('bad input', () => {
  let ev: Evening;
  beforeAll(async () => {
    ev = await setUpEvening(t, { guests: 1 });
  });

  it.each([
    ['empty text', { text: '' }],
    ['whitespace only', { text: '   \n\t ' }],
    ['too long', { text: 'x'.repeat(MESSAGE_MAX_LENGTH + 1) }],
    ['no text', { type: 'general' }],
    ['text not a string', { text: 42 }],
    ['unknown type', { text: 'Hi', type: 'shout' }],
    ['NUL', { text: 'Hi\u0000there' }],
    ['escape sequence', { text: 'Hi \u001b[31mred' }],
    ['DEL', { text: 'Hi\u007f' }],
    ['lone surrogate', { text: 'Hi \ud800' }],
    ['requiresAction not a boolean', { text: 'Hi', requiresAction: 'yes' }],
  ])('%s: 400 and nothing stored', async (_name, body) => {
    const res = await post(`/api/events/${ev.event.id}/messages`, ev.host.cookie, body);
    expectBadInput(res);
    expect(await messageCount(ev.event.id)).toBe(0);
  });

  it('the limit is on the trimmed text, and text is kept as plain text', async () => {
    const text = `<b>${'y'.repeat(MESSAGE_MAX_LENGTH - 7)}</b>`;
    const sent = await sendAs(ev.host.cookie, ev.event.id, { text: `  ${text}  `, type: 'urgent', requiresAction: true });
    expect(sent).toMatchObject({ text, type: 'urgent', requiresAction: true, audience: 'room', sentTo: 1, readCount: 0, acknowledgedCount: 0 });
    expect((await inboxOf(ev.guests[0]!, ev.event.id)).messages[0]!.text).toBe(text);
  });

  it.each(['abc', '0', '-1', '1.5', '2147483648'])('bad ids (%s) are 400 on every route and change nothing', async (bad) => {
    const id = ev.event.id;
    const before = await messageCount(id);
    for (const [method, url] of [
      ['POST', `/api/events/${bad}/messages`],
      ['GET', `/api/events/${bad}/messages`],
      ['GET', `/api/events/${bad}/inbox`],
      ['POST', `/api/events/${bad}/inbox/1/read`],
      ['POST', `/api/events/${id}/inbox/${bad}/read`],
      ['POST', `/api/events/${id}/inbox/${bad}/acknowledge`],
      ['POST', `/api/events/${bad}/reminders`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: withCookie(ev.host.cookie),
        ...(url.endsWith('/messages') && method === 'POST' ? { payload: { text: 'Hi' } } : {}),
      });
      expectBadInput(res);
    }
    expect(await messageCount(id)).toBe(before);
  });
});

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

describe('Send Reminders', () => {
  it('reminds every registered guest not yet checked in, once per click, by e-mail and in the inbox', async () => {
    const ev = await setUpEvening(t, { guests: 3, checkedIn: 1 });
    const [present, b, c] = ev.guests as [Member, Member, Member];
    const res = await post(`/api/events/${ev.event.id}/reminders`, ev.host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: 2 });

    for (const g of [b, c]) {
      const mails = await reminderMails(g);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toContain(ev.event.title);
      expect(mails[0]!.text).toContain(`/events/${ev.event.id}`);
      expect(mails[0]!.text).toContain('https://www.google.com/maps/dir/?api=1&destination=');
      expect(mails[0]!.attachments).toEqual([expect.objectContaining({ filename: 'ticket-qr.png', contentType: 'image/png' })]);
      const box = await inboxOf(g, ev.event.id);
      expect(box.unread).toBe(1);
      expect(box.messages[0]).toMatchObject({ type: 'general', requiresAction: false, isRead: false });
      expect(box.messages[0]!.text).toContain(ev.event.title);
    }
    // The checked-in guest gets neither.
    expect(await reminderMails(present)).toEqual([]);
    expect((await inboxOf(present, ev.event.id)).messages).toEqual([]);

    const room = await roomOf(ev.host.cookie, ev.event.id);
    expect(room.messages).toHaveLength(1);
    expect(room.messages[0]).toMatchObject({ audience: 'reminder', type: 'general', sentTo: 2, readCount: 0 });

    // A click an hour later reminds again, once each; a guest who checked in meanwhile is left out.
    await checkIn(t.app, ev.event.id, ev.host, b);
    clock.ahead += REMINDER_GAP_MS + 1000;
    expect((await post(`/api/events/${ev.event.id}/reminders`, ev.host.cookie)).json()).toEqual({ sent: 1 });
    expect(await reminderMails(b)).toHaveLength(1);
    expect(await reminderMails(c)).toHaveLength(2);
    expect((await inboxOf(c, ev.event.id)).unread).toBe(2);
  });

  // Issue 21: 20 reminder e-mails in a row reached each guest 20 times.
  it('at most one reminder an hour per evening: a second click (or five at once) is 429 saying when the next can go; the door shows it', async () => {
    const ev = await setUpEvening(t, { guests: 2, checkedIn: 0 });
    const [g] = ev.guests as [Member];
    const clicks = await Promise.all(Array.from({ length: 5 }, () => post(`/api/events/${ev.event.id}/reminders`, ev.host.cookie)));
    expect(clicks.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429]);
    const refused = clicks.find((r) => r.statusCode === 429)!;
    expect(refused.json().message).toMatch(
      /^Reminders went to this evening's guests at \d\d:\d\d\. The next can go from \d\d:\d\d \(one an hour, so nobody gets a pile of e-mails\)\.$/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(REMINDER_GAP_MS / 1000 - 60);
    expect(await reminderMails(g)).toHaveLength(1);
    expect((await roomOf(ev.host.cookie, ev.event.id)).messages).toHaveLength(1);

    const door = (await get(`/api/events/${ev.event.id}/door`, ev.host.cookie)).json<Door>();
    const sentAt = Date.parse(door.reminders.lastSentAt!);
    expect(Date.parse(door.reminders.nextAt!) - sentAt).toBe(REMINDER_GAP_MS);

    clock.ahead += REMINDER_GAP_MS - 60_000;
    expect((await post(`/api/events/${ev.event.id}/reminders`, ev.host.cookie)).statusCode).toBe(429);
    clock.ahead += 61_000;
    expect((await post(`/api/events/${ev.event.id}/reminders`, ev.host.cookie)).json()).toEqual({ sent: 2 });
    expect(await reminderMails(g)).toHaveLength(2);
    expect((await get(`/api/events/${ev.event.id}/door`, ev.host.cookie)).json<Door>().reminders.nextAt).not.toBe(door.reminders.nextAt);
  });

  it('nobody to remind: {sent: 0}, nothing stored, nothing mailed', async () => {
    const ev = await setUpEvening(t, { guests: 2, checkedIn: 2 });
    const res = await post(`/api/events/${ev.event.id}/reminders`, ev.host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ sent: 0 });
    expect(await messageCount(ev.event.id)).toBe(0);
    for (const g of ev.guests) expect(await reminderMails(g)).toEqual([]);
    const empty = await setUpEvening(t, { guests: 0 });
    expect((await post(`/api/events/${empty.event.id}/reminders`, empty.host.cookie)).json()).toEqual({ sent: 0 });
  });

  it('an evening that is over reminds nobody (409)', async () => {
    const ev = await setUpEvening(t, { guests: 2, checkedIn: 0 });
    await t.db.update(events).set({ status: 'completed' }).where(eq(events.id, ev.event.id));
    const res = await post(`/api/events/${ev.event.id}/reminders`, ev.host.cookie);
    expect(res.statusCode).toBe(409);
    expect(await messageCount(ev.event.id)).toBe(0);
    for (const g of ev.guests) expect(await reminderMails(g)).toEqual([]);
  });
});
