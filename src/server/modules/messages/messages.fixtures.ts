/**
 * Host messages to the room, the guest's inbox and the door's Send Reminders through the real
 * app and database: who may do what (visitor, member, guest or host of another evening, host,
 * admin), bad input (400, nothing stored), who a message reaches (the checked-in guests, never
 * the sender), the room's counts and locations, read and acknowledged state, and reminders.
 */
/** Set-up shared by the parts of the former messages.test.ts (split by what they test, issue 40). */
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Inbox, Room, SentMessage } from '@shared/schemas/messages';
import { eventMessages } from '../../db/schema/index';
import { createTestApp, outbox, signUp, TEST_ADMIN_EMAIL, withCookie, type TestContext } from '../../test/harness';
import { setUpEvening, type Evening, type Member } from '../../test/live-helpers';

export let t: TestContext;
/** The app's clock: the real time, moved forward by `ahead` ms (tests step past the reminder limit). */
export const clock = { ahead: 0 };
export let admin: Member;
export let member: Member;
/** Another evening: its guest and its host are strangers to the evenings under test. */
export let other: Evening;

export const post = (url: string, cookie: string | undefined, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: withCookie(cookie), ...(payload !== undefined ? { payload } : {}) });
export const get = (url: string, cookie: string | undefined) => t.app.inject({ method: 'GET', url, headers: withCookie(cookie) });

export async function messageCount(eventId: number) {
  return Number((await t.db.select({ n: count() }).from(eventMessages).where(eq(eventMessages.eventId, eventId)))[0]!.n);
}

export async function sendAs(cookie: string, eventId: number, body: object = { text: 'Round 2 starts in five minutes' }) {
  const res = await post(`/api/events/${eventId}/messages`, cookie, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<SentMessage>();
}

export async function inboxOf(m: Member, eventId: number) {
  const res = await get(`/api/events/${eventId}/inbox`, m.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Inbox>();
}

export async function roomOf(cookie: string, eventId: number) {
  const res = await get(`/api/events/${eventId}/messages`, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Room>();
}

export const reminderMails = async (m: Member) => (await outbox(t.app, m.user.email)).filter((x) => x.subject.startsWith('Reminder from your host'));

/** The set-up every part of messages.test.ts shares; call once at the top of each part. */
export function registerMessagesFixtures() {
  beforeAll(async () => {
    // A part starts at the real time, whatever the part before it in this worker moved the clock to.
    clock.ahead = 0;
    t = await createTestApp({ now: () => new Date(Date.now() + clock.ahead) });
    admin = (await signUp(t.app, { email: TEST_ADMIN_EMAIL, name: 'Alex Admin' })) as Member;
    member = (await signUp(t.app, { name: 'Mo Member' })) as Member;
    other = await setUpEvening(t, { guests: 1 });
  });
  afterAll(() => t.close());
}
