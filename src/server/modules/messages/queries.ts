import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { arrivalStates, eventMessages, events, messageRecipients, registrations, reminderSends, users, venues } from '../../db/schema/index';
import type { MessageType } from '../../db/schema/messages';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const iso = (d: Date) => d.toISOString();

/** The guests of the evening a message goes to: checked in (the room) or not yet (a reminder); never the sender. */
export async function guestIds(db: Db, eventId: number, checkedIn: boolean, exceptUserId: number) {
  const rows = await db
    .select({ userId: registrations.userId })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.checkedIn, checkedIn), ne(registrations.userId, exceptUserId)))
    .orderBy(asc(registrations.userId));
  return rows.map((r) => r.userId);
}

const messageColumns = {
  id: eventMessages.id,
  eventId: eventMessages.eventId,
  text: eventMessages.text,
  type: eventMessages.type,
  requiresAction: eventMessages.requiresAction,
  audience: eventMessages.audience,
  createdAt: eventMessages.createdAt,
};

/** Store a message and the guests it goes to (call inside a transaction: both or neither). */
export async function insertMessage(
  db: Db,
  v: { eventId: number; senderId: number; text: string; type: MessageType; requiresAction: boolean; audience: 'room' | 'reminder'; createdAt?: Date },
  recipients: number[],
) {
  const [message] = await db.insert(eventMessages).values(v).returning(messageColumns);
  if (recipients.length) await db.insert(messageRecipients).values(recipients.map((userId) => ({ messageId: message!.id, userId })));
  return message!;
}

/** The evening's messages, newest first, each with how many it went to, read and acknowledged it (one query). */
export async function sentMessages(db: Db, eventId: number) {
  return db
    .select({
      ...messageColumns,
      sentTo: sql<number>`count(${messageRecipients.userId})::int`,
      readCount: sql<number>`count(${messageRecipients.readAt})::int`,
      acknowledgedCount: sql<number>`count(${messageRecipients.acknowledgedAt})::int`,
    })
    .from(eventMessages)
    .leftJoin(messageRecipients, eq(messageRecipients.messageId, eventMessages.id))
    .where(eq(eventMessages.eventId, eventId))
    .groupBy(eventMessages.id)
    .orderBy(desc(eventMessages.createdAt), desc(eventMessages.id));
}

/** Every registered guest with their check-in and last arrival report (one query), by name. */
export async function roomGuests(db: Db, eventId: number) {
  return db
    .select({
      userId: registrations.userId,
      name: users.name,
      checkedIn: registrations.checkedIn,
      checkedInAt: registrations.checkedInAt,
      permission: arrivalStates.permission,
      distanceM: arrivalStates.distanceM,
      accuracyM: arrivalStates.accuracyM,
      reportedAt: arrivalStates.updatedAt,
      // The guest's latest read or acknowledgement of a message of this evening (issue 22: "last seen" moves with them).
      readAt:
        sql<Date | null>`(select max(greatest(${messageRecipients.readAt}, ${messageRecipients.acknowledgedAt})) from ${messageRecipients} join ${eventMessages} on ${eventMessages.id} = ${messageRecipients.messageId} where ${eventMessages.eventId} = ${registrations.eventId} and ${messageRecipients.userId} = ${registrations.userId})`.mapWith(
          (v: string | Date | null) => (v === null ? null : new Date(v)),
        ),
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .leftJoin(arrivalStates, and(eq(arrivalStates.eventId, registrations.eventId), eq(arrivalStates.userId, registrations.userId)))
    .where(eq(registrations.eventId, eventId))
    .orderBy(asc(users.name), asc(users.id));
}

const inboxColumns = {
  id: eventMessages.id,
  eventId: eventMessages.eventId,
  text: eventMessages.text,
  type: eventMessages.type,
  requiresAction: eventMessages.requiresAction,
  createdAt: eventMessages.createdAt,
  readAt: messageRecipients.readAt,
  acknowledgedAt: messageRecipients.acknowledgedAt,
};

/** The messages of the evening addressed to the guest, newest first, with their read state. */
export async function inbox(db: Db, eventId: number, userId: number) {
  return db
    .select(inboxColumns)
    .from(messageRecipients)
    .innerJoin(eventMessages, eq(eventMessages.id, messageRecipients.messageId))
    .where(and(eq(messageRecipients.userId, userId), eq(eventMessages.eventId, eventId)))
    .orderBy(desc(eventMessages.createdAt), desc(eventMessages.id));
}

export async function inboxMessage(db: Db, eventId: number, messageId: number, userId: number) {
  return (
    (
      await db
        .select(inboxColumns)
        .from(messageRecipients)
        .innerJoin(eventMessages, eq(eventMessages.id, messageRecipients.messageId))
        .where(and(eq(messageRecipients.messageId, messageId), eq(messageRecipients.userId, userId), eq(eventMessages.eventId, eventId)))
        .limit(1)
    )[0] ?? null
  );
}

/**
 * Mark the guest's copy read (and acknowledged): the first times are kept. Returns the row only
 * when something changed; null when it already was (or the message is not theirs).
 */
export async function markRead(db: Db, eventId: number, messageId: number, userId: number, acknowledge: boolean) {
  const pending = acknowledge ? or(isNull(messageRecipients.readAt), isNull(messageRecipients.acknowledgedAt)) : isNull(messageRecipients.readAt);
  const rows = await db
    .update(messageRecipients)
    .set({
      readAt: sql`coalesce(${messageRecipients.readAt}, now())`,
      ...(acknowledge ? { acknowledgedAt: sql`coalesce(${messageRecipients.acknowledgedAt}, now())` } : {}),
    })
    .from(eventMessages)
    .where(
      and(
        eq(messageRecipients.messageId, eventMessages.id),
        eq(messageRecipients.messageId, messageId),
        eq(messageRecipients.userId, userId),
        eq(eventMessages.eventId, eventId),
        pending,
      ),
    )
    .returning(inboxColumns);
  return rows[0] ?? null;
}

/* ------------------------------------------------------------ reminders */

/** What a reminder e-mail says: the guest, their ticket, the evening and where it is. */
export interface ReminderRow {
  eventId: number;
  userId: number;
  name: string;
  email: string;
  ticketCode: string;
  title: string;
  date: Date;
  startTime: string;
  endTime: string;
  venueName: string;
  address: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
}

const reminderColumns = {
  eventId: registrations.eventId,
  userId: registrations.userId,
  name: users.name,
  email: users.email,
  ticketCode: registrations.ticketCode,
  title: events.title,
  date: events.date,
  startTime: events.startTime,
  endTime: events.endTime,
  venueName: events.venue,
  address: venues.address,
  city: venues.city,
  latitude: venues.latitude,
  longitude: venues.longitude,
};

/** The reminder details of these guests of the evening (those still registered). */
export async function reminderRows(db: Db, eventId: number, userIds: number[]): Promise<ReminderRow[]> {
  if (!userIds.length) return [];
  return db
    .select(reminderColumns)
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .innerJoin(events, eq(events.id, registrations.eventId))
    .leftJoin(venues, eq(venues.id, events.venueId))
    .where(and(eq(registrations.eventId, eventId), inArray(registrations.userId, userIds)))
    .orderBy(asc(registrations.userId));
}

type ClaimedRow = {
  kind: string;
  event_id: number;
  user_id: number;
  name: string;
  email: string;
  ticket_code: string;
  title: string;
  date: Date | string;
  start_time: string;
  end_time: string;
  venue_name: string;
  address: string | null;
  city: string | null;
  latitude: number | null;
  longitude: number | null;
};

/**
 * Claim the scheduled reminders due at `now`, and return what each claimed one must say. A
 * reminder of kind K (K hours before the start) is due from start - K hours until the next
 * reminder's moment (the last one until the start), to every guest registered before start - K
 * hours (a later registrant got the ticket e-mail just now), for an evening not completed. The
 * INSERT … ON CONFLICT DO NOTHING RETURNING is the claim: with several instances sweeping at
 * once, and after restarts, each (evening, guest, kind) is returned once, ever.
 */
export async function claimDueReminders(
  db: Db,
  now: Date,
  schedule: { kind: string; hours: number; untilHours: number }[],
): Promise<(ReminderRow & { kind: string })[]> {
  if (!schedule.length) return [];
  const maxHours = Math.max(...schedule.map((s) => s.hours));
  const kinds = sql.join(
    schedule.map((s) => sql`(${s.kind}::text, ${s.hours}::int, ${s.untilHours}::int)`),
    sql`, `,
  );
  const at = sql`${iso(now)}::timestamptz`;
  const r = await db.execute(sql`
    WITH claimed AS (
      INSERT INTO ${reminderSends} (event_id, user_id, kind, sent_at)
      SELECT r.event_id, r.user_id, k.kind, ${at}
      FROM ${registrations} r
      JOIN ${events} e ON e.id = r.event_id
      CROSS JOIN (VALUES ${kinds}) AS k(kind, hours, until_hours)
      WHERE e.status <> 'completed'
        AND e.date > ${at} AND e.date <= ${at} + make_interval(hours => ${maxHours}::int)
        AND ${at} >= e.date - make_interval(hours => k.hours)
        AND ${at} < e.date - make_interval(hours => k.until_hours)
        AND r.created_at < e.date - make_interval(hours => k.hours)
      ON CONFLICT DO NOTHING
      RETURNING event_id, user_id, kind
    )
    SELECT c.kind, c.event_id, c.user_id, u.name, u.email, r.ticket_code, e.title, e.date, e.start_time, e.end_time,
           e.venue AS venue_name, v.address, v.city, v.latitude, v.longitude
    FROM claimed c
    JOIN ${registrations} r ON r.event_id = c.event_id AND r.user_id = c.user_id
    JOIN ${users} u ON u.id = c.user_id
    JOIN ${events} e ON e.id = c.event_id
    LEFT JOIN ${venues} v ON v.id = e.venue_id
    ORDER BY c.event_id, c.user_id, c.kind`);
  return rowsOf<ClaimedRow>(r).map((x) => ({
    kind: x.kind,
    eventId: Number(x.event_id),
    userId: Number(x.user_id),
    name: x.name,
    email: x.email,
    ticketCode: x.ticket_code,
    title: x.title,
    date: new Date(x.date),
    startTime: x.start_time,
    endTime: x.end_time,
    venueName: x.venue_name,
    address: x.address,
    city: x.city,
    latitude: x.latitude === null ? null : Number(x.latitude),
    longitude: x.longitude === null ? null : Number(x.longitude),
  }));
}

/** Lock the evening's row for the rest of the transaction (two Send Reminders at once: one waits for the other). */
export async function lockEvening(db: Db, eventId: number) {
  await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('no key update');
}

/** When a host last sent this evening's guests a reminder (the door's Send Reminders), or null. */
export async function lastReminderAt(db: Db, eventId: number): Promise<Date | null> {
  const [row] = await db
    .select({ at: eventMessages.createdAt })
    .from(eventMessages)
    .where(and(eq(eventMessages.eventId, eventId), eq(eventMessages.audience, 'reminder')))
    .orderBy(desc(eventMessages.createdAt))
    .limit(1);
  return row?.at ?? null;
}
