import type { z } from 'zod';
import { isAtVenue, ARRIVAL_RADIUS_M, REMINDER_HOURS } from '@shared/domain/arrival';
import type { Inbox, InboxMessage, LocationState, Room, RoomAttendee, sendMessageBody, SentMessage } from '@shared/schemas/messages';
import type { Db } from '../../db/client';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import { TIME_ZONE } from '@shared/domain/time';
import * as q from './queries';

/** A host reminds an evening's guests at most once in this long (issue 21: a reminder is an e-mail to each guest). */
export const REMINDER_GAP_MS = 60 * 60_000;

const hhmm = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** Send Reminders again within REMINDER_GAP_MS: 429 with when the next may go (and Retry-After). */
export class ReminderTooSoonError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(last: Date, next: Date, now: Date) {
    super(
      'rate_limited',
      `Reminders went to this evening's guests at ${hhmm.format(last)}. The next can go from ${hhmm.format(next)} (one an hour, so nobody gets a pile of e-mails).`,
    );
    this.retryAfterSeconds = Math.max(1, Math.ceil((next.getTime() - now.getTime()) / 1000));
  }
}

/** When the evening's guests were last reminded by a host, and from when the next reminder may go (the door shows both). */
export async function reminderWindow(db: Db, eventId: number): Promise<{ lastSentAt: string | null; nextAt: string | null }> {
  const last = await q.lastReminderAt(db, eventId);
  return { lastSentAt: last?.toISOString() ?? null, nextAt: last ? new Date(last.getTime() + REMINDER_GAP_MS).toISOString() : null };
}

/**
 * Host messages to the room and the guest's inbox (docs/spec/organiser-tools.md §2.22-2.23;
 * docs/product.md "The live evening": host messages go to the checked-in guests of the event,
 * in real time, stored with read and acknowledged state; /notifications is the guest's inbox).
 */

export const NOBODY_CHECKED_IN = 'Nobody is checked in yet: messages go to checked-in guests';
export const MESSAGE_NOT_FOUND = 'Message not found';
export const EVENT_OVER = 'This event is over: there is nobody left to remind';

/** Registered guests of the event only (hosts who are not registered have no inbox for it). */
async function assertGuestOf(db: Db, viewer: Viewer, eventId: number) {
  await events.getEventRow(db, eventId);
  if (!(await events.findRegistration(db, eventId, viewer.id))) throw forbidden('Only guests of this event have messages for it');
}

type MessageRow = Awaited<ReturnType<typeof q.insertMessage>>;
type InboxRow = NonNullable<Awaited<ReturnType<typeof q.inboxMessage>>>;

function toInbox(r: InboxRow): InboxMessage {
  return {
    id: r.id,
    eventId: r.eventId,
    text: r.text,
    type: r.type,
    requiresAction: r.requiresAction,
    timestamp: r.createdAt.toISOString(),
    isRead: r.readAt !== null,
    acknowledged: r.acknowledgedAt !== null,
  };
}

/** A new message as each of its recipients sees it (unread). */
function freshInbox(m: MessageRow): InboxMessage {
  return toInbox({ ...m, readAt: null, acknowledgedAt: null });
}

function freshSent(m: MessageRow, sentTo: number): SentMessage {
  return {
    id: m.id,
    text: m.text,
    type: m.type,
    requiresAction: m.requiresAction,
    audience: m.audience,
    timestamp: m.createdAt.toISOString(),
    sentTo,
    readCount: 0,
    acknowledgedCount: 0,
  };
}

export interface Delivery {
  /** The message as its recipients see it, for the socket. */
  message: InboxMessage;
  recipients: number[];
}

/**
 * POST /api/events/{id}/messages: to the guests checked in at this moment (never the sender).
 * The message and its recipients are stored in one transaction; nobody checked in stores nothing.
 */
export async function send(db: Db, viewer: Viewer, eventId: number, input: z.output<typeof sendMessageBody>): Promise<{ sent: SentMessage } & Delivery> {
  await events.requireHostOf(db, viewer, eventId, 'Only the host of this event can message its guests');
  const stored = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const recipients = await q.guestIds(t, eventId, true, viewer.id);
    if (!recipients.length) throw conflict(NOBODY_CHECKED_IN);
    const message = await q.insertMessage(
      t,
      { eventId, senderId: viewer.id, text: input.text, type: input.type, requiresAction: input.requiresAction, audience: 'room' },
      recipients,
    );
    return { message, recipients };
  });
  return { sent: freshSent(stored.message, stored.recipients.length), message: freshInbox(stored.message), recipients: stored.recipients };
}

function locationOf(g: Awaited<ReturnType<typeof q.roomGuests>>[number]): LocationState {
  if (g.checkedIn) return 'at_venue';
  if (g.permission === 'denied') return 'location_off';
  if (g.permission === 'granted') {
    const near = g.distanceM !== null && (g.accuracyM !== null ? isAtVenue(g.distanceM, g.accuracyM) : g.distanceM <= ARRIVAL_RADIUS_M);
    return near ? 'at_venue' : 'en_route';
  }
  return 'unknown';
}

/** The latest of some instants (null when none is known). */
const latest = (...at: (Date | null)[]) => at.reduce<Date | null>((a, b) => (a && b ? (a > b ? a : b) : (a ?? b)), null);

/** GET /api/events/{id}/messages: history with read counts, attendee counts, where guests are, and the list by name. */
export async function room(db: Db, viewer: Viewer, eventId: number): Promise<Room> {
  await events.requireHostOf(db, viewer, eventId, "Only the host of this event can see its guests' messages");
  const [sent, guests] = await Promise.all([q.sentMessages(db, eventId), q.roomGuests(db, eventId)]);
  const locations = { at_venue: 0, en_route: 0, location_off: 0, unknown: 0 };
  const attendees: RoomAttendee[] = guests.map((g) => {
    const location = locationOf(g);
    locations[location]++;
    return {
      id: g.userId,
      name: g.name,
      checkedIn: g.checkedIn,
      checkedInAt: g.checkedInAt?.toISOString() ?? null,
      lastSeen: latest(g.checkedInAt, g.reportedAt, g.readAt)?.toISOString() ?? null,
      location,
    };
  });
  // By name as people read it (the database's collation may differ between PGlite and PostgreSQL).
  attendees.sort((a, b) => a.name.localeCompare(b.name, 'en-GB', { sensitivity: 'base' }) || a.id - b.id);
  const checkedIn = guests.filter((g) => g.checkedIn).length;
  return {
    eventId,
    messages: sent.map((m) => ({
      id: m.id,
      text: m.text,
      type: m.type,
      requiresAction: m.requiresAction,
      audience: m.audience,
      timestamp: m.createdAt.toISOString(),
      sentTo: m.sentTo,
      readCount: m.readCount,
      acknowledgedCount: m.acknowledgedCount,
    })),
    counts: { registered: guests.length, checkedIn, notArrived: guests.length - checkedIn },
    locations,
    attendees,
  };
}

/** GET /api/events/{id}/inbox: the messages addressed to the viewer, newest first. */
export async function inbox(db: Db, viewer: Viewer, eventId: number): Promise<Inbox> {
  await assertGuestOf(db, viewer, eventId);
  const messages = (await q.inbox(db, eventId, viewer.id)).map(toInbox);
  return { eventId, unread: messages.filter((m) => !m.isRead).length, messages };
}

/**
 * POST …/inbox/{messageId}/read and …/acknowledge: only the recipient, idempotent (the first
 * times are kept; acknowledging also reads). `changed` says whether other pages need telling.
 */
export async function markRead(
  db: Db,
  viewer: Viewer,
  eventId: number,
  messageId: number,
  acknowledge: boolean,
): Promise<{ message: InboxMessage; changed: boolean }> {
  await assertGuestOf(db, viewer, eventId);
  const updated = await q.markRead(db, eventId, messageId, viewer.id, acknowledge);
  if (updated) return { message: toInbox(updated), changed: true };
  const current = await q.inboxMessage(db, eventId, messageId, viewer.id);
  if (!current) throw notFound(MESSAGE_NOT_FOUND);
  return { message: toInbox(current), changed: false };
}

/** The in-app reminder: when and where, and how to get in. */
function reminderText(event: { title: string; date: Date; startTime: string; venue: string }, now: Date) {
  const verb = now.getTime() >= event.date.getTime() ? 'started' : 'starts';
  return `Reminder: ${event.title} ${verb} at ${event.startTime} at ${event.venue}. Show your ticket QR code at the door, or check in on the arrival page when you get there.`;
}

/**
 * POST /api/events/{id}/reminders (the door's Send Reminders): to every registered guest not yet
 * checked in (never the sender), an in-app message stored as audience 'reminder' and, by the
 * caller, an e-mail. Each call reminds once; nobody to remind stores nothing.
 */
export async function remind(db: Db, viewer: Viewer, eventId: number, now: Date): Promise<(Delivery & { rows: q.ReminderRow[] }) | null> {
  const event = await events.requireHostOf(db, viewer, eventId, 'Only the host of this event can send reminders');
  if (event.status === 'completed') throw conflict(EVENT_OVER);
  const stored = await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    // One an hour per evening, whoever sends it: under the evening's row lock, so clicks at once
    // (or on two devices, two instances) send one (issue 21; docs/decisions/0039).
    await q.lockEvening(t, eventId);
    const last = await q.lastReminderAt(t, eventId);
    if (last && now.getTime() - last.getTime() < REMINDER_GAP_MS) throw new ReminderTooSoonError(last, new Date(last.getTime() + REMINDER_GAP_MS), now);
    const recipients = await q.guestIds(t, eventId, false, viewer.id);
    if (!recipients.length) return null;
    const text = reminderText(event, now);
    const message = await q.insertMessage(
      t,
      { eventId, senderId: viewer.id, text, type: 'general', requiresAction: false, audience: 'reminder', createdAt: now },
      recipients,
    );
    return { message, recipients };
  });
  if (!stored) return null;
  return { message: freshInbox(stored.message), recipients: stored.recipients, rows: await q.reminderRows(db, eventId, stored.recipients) };
}

/** The scheduled reminders (REMINDER_HOURS), each due until the next one's moment. */
export const REMINDER_SCHEDULE = Object.entries(REMINDER_HOURS)
  .map(([kind, hours]) => ({ kind: kind as keyof typeof REMINDER_HOURS, hours }))
  .sort((a, b) => b.hours - a.hours)
  .map((s, i, all) => ({ ...s, untilHours: all[i + 1]?.hours ?? 0 }));

/** Claim the scheduled reminders due at `now` (each exactly once, across instances and restarts). */
export async function claimDueReminders(db: Db, now: Date) {
  const rows = await q.claimDueReminders(db, now, REMINDER_SCHEDULE);
  return rows.map((r) => ({ ...r, kind: r.kind as keyof typeof REMINDER_HOURS }));
}
