import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accessNeeds, cancelledTickets, doorCheckIns, doorDesks, events, friendSeats, registrations, removedGuests, users } from '../../db/schema/index';
import type { CheckInMethod } from '../../db/schema/tickets';

/** A guest at the door: what the host sees (no e-mail or phone). */
const guestColumns = {
  userId: registrations.userId,
  name: users.name,
  ticketCode: registrations.ticketCode,
  checkedIn: registrations.checkedIn,
  checkedInAt: registrations.checkedInAt,
  method: registrations.checkInMethod,
  /** What would help them on the night, in their words (docs/decisions/0086): the evening's hosts see it here. */
  accessNeeds: accessNeeds.note,
};
export type GuestRow = {
  userId: number;
  name: string;
  ticketCode: string;
  checkedIn: boolean;
  checkedInAt: Date | null;
  method: CheckInMethod | null;
  accessNeeds: string | null;
};

/** The guest's note, joined to their registration. */
const withNote = and(eq(accessNeeds.eventId, registrations.eventId), eq(accessNeeds.userId, registrations.userId));

/** Every registered guest of the evening (in registration order: the service sorts by name). */
export async function guests(db: Db, eventId: number): Promise<GuestRow[]> {
  return db
    .select(guestColumns)
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .leftJoin(accessNeeds, withNote)
    .where(eq(registrations.eventId, eventId))
    .orderBy(asc(registrations.id));
}

export async function guest(db: Db, eventId: number, userId: number): Promise<GuestRow | null> {
  return (
    (
      await db
        .select(guestColumns)
        .from(registrations)
        .innerJoin(users, eq(users.id, registrations.userId))
        .leftJoin(accessNeeds, withNote)
        .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId)))
        .limit(1)
    )[0] ?? null
  );
}

/** The attendance export: every registered guest as the door sees them (no contact details), in registration order. */
export async function attendance(db: Db, eventId: number) {
  return db
    .select(guestColumns)
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .leftJoin(accessNeeds, withNote)
    .where(eq(registrations.eventId, eventId))
    .orderBy(asc(registrations.id));
}

export async function counts(db: Db, eventId: number) {
  const [row] = await db
    .select({ registered: sql<number>`count(*)::int`, checkedIn: sql<number>`(count(*) FILTER (WHERE ${registrations.checkedIn}))::int` })
    .from(registrations)
    .where(eq(registrations.eventId, eventId));
  const registered = Number(row?.registered ?? 0);
  const checkedIn = Number(row?.checkedIn ?? 0);
  return { registered, checkedIn, toCome: registered - checkedIn };
}

/** The registration holding this ticket code, on any evening (with that evening's title and start). */
export async function ticketByCode(db: Db, code: string) {
  return (
    (
      await db
        .select({ eventId: registrations.eventId, userId: registrations.userId, title: events.title, date: events.date })
        .from(registrations)
        .innerJoin(events, eq(events.id, registrations.eventId))
        .where(eq(registrations.ticketCode, code))
        .limit(1)
    )[0] ?? null
  );
}

/**
 * A code typed by hand with its letters' case wrong (phones capitalise the first letter): the
 * guests of this evening whose code matches ignoring case. The caller accepts exactly one.
 */
export async function ticketsOfEventIgnoringCase(db: Db, eventId: number, code: string) {
  return db
    .select({ userId: registrations.userId })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), sql`lower(${registrations.ticketCode}) = lower(${code})`))
    .limit(2);
}

export async function cancelledTicket(db: Db, code: string) {
  return (
    (
      await db
        .select({
          eventId: cancelledTickets.eventId,
          cancelledAt: cancelledTickets.cancelledAt,
          title: events.title,
          date: events.date,
          // Given to a friend (docs/decisions/0075): the transfer was accepted in the step that recorded the old code.
          givenAway: sql<boolean>`exists (select 1 from ${friendSeats} f where f.kind = 'transfer' and f.status = 'accepted'
            and f.event_id = ${cancelledTickets.eventId} and f.from_user_id = ${cancelledTickets.userId} and f.resolved_at = ${cancelledTickets.cancelledAt})`,
        })
        .from(cancelledTickets)
        .innerJoin(events, eq(events.id, cancelledTickets.eventId))
        .where(eq(cancelledTickets.ticketCode, code))
        .limit(1)
    )[0] ?? null
  );
}

/**
 * Check a guest in, once: the flip happens in this one conditional UPDATE, so two hosts scanning
 * the same ticket at the same moment get one 'checked_in' and one 'already'. Returns whether this
 * call checked them in.
 */
export async function checkIn(db: Db, p: { eventId: number; userId: number; at: Date; method: CheckInMethod; by: number | null }) {
  const rows = await db
    .update(registrations)
    .set({ checkedIn: true, checkedInAt: p.at, checkInMethod: p.method, checkedInBy: p.by })
    // A guest the host removed from the evening stays out (docs/decisions/0042).
    .where(
      and(
        eq(registrations.eventId, p.eventId),
        eq(registrations.userId, p.userId),
        eq(registrations.checkedIn, false),
        sql`not exists (select 1 from ${removedGuests} x where x.event_id = ${registrations.eventId} and x.user_id = ${registrations.userId})`,
      ),
    )
    .returning({ id: registrations.id });
  return rows.length > 0;
}

/** Undo a check-in (a mistake at the door). Returns whether the guest was checked in. */
export async function undoCheckIn(db: Db, eventId: number, userId: number) {
  const rows = await db
    .update(registrations)
    .set({ checkedIn: false, checkedInAt: null, checkInMethod: null, checkedInBy: null, checkInDesk: null, checkInKey: null })
    .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId), eq(registrations.checkedIn, true)))
    .returning({ id: registrations.id });
  return rows.length > 0;
}

/* ------------------------------------------------------------ the door offline (docs/decisions/0052) */

/** Note a desk the first time it loads the evening's pack; answers since when it is known. */
export async function registerDesk(db: Db, v: { eventId: number; deskId: string; now: Date }): Promise<Date> {
  await db.insert(doorDesks).values({ eventId: v.eventId, deskId: v.deskId, since: v.now }).onConflictDoNothing();
  return (await deskSince(db, v.eventId, v.deskId)) ?? v.now;
}

export async function deskSince(db: Db, eventId: number, deskId: string): Promise<Date | null> {
  const rows = await db
    .select({ since: doorDesks.since })
    .from(doorDesks)
    .where(and(eq(doorDesks.eventId, eventId), eq(doorDesks.deskId, deskId)))
    .limit(1);
  return rows[0]?.since ?? null;
}

/** Every guest of the evening with their code (the service hashes it) and the offline check-in that stands. */
export async function packGuests(db: Db, eventId: number) {
  return db
    .select({ ...guestColumns, checkInKey: registrations.checkInKey })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .leftJoin(accessNeeds, withNote)
    .where(eq(registrations.eventId, eventId))
    .orderBy(asc(registrations.id));
}

/** These guests' registrations, locked until the transaction ends (in id order, so two syncs at once cannot deadlock). */
export async function lockGuests(db: Db, eventId: number, userIds: number[]) {
  return db
    .select({
      id: registrations.id,
      userId: registrations.userId,
      checkedIn: registrations.checkedIn,
      checkedInAt: registrations.checkedInAt,
      method: registrations.checkInMethod,
      checkInDesk: registrations.checkInDesk,
      checkInKey: registrations.checkInKey,
    })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), inArray(registrations.userId, userIds)))
    .orderBy(asc(registrations.id))
    .for('update');
}
export type LockedGuest = Awaited<ReturnType<typeof lockGuests>>[number];

/** Which of these guests a host removed from the evening (docs/decisions/0042). */
export async function removedAmong(db: Db, eventId: number, userIds: number[]) {
  const rows = await db
    .select({ userId: removedGuests.userId })
    .from(removedGuests)
    .where(and(eq(removedGuests.eventId, eventId), inArray(removedGuests.userId, userIds)));
  return new Set(rows.map((r) => r.userId));
}

/**
 * Log these offline check-ins by key; answers the keys that were new. A key already logged (the
 * same sync sent again) is left as it was.
 */
export async function logDeskCheckIns(db: Db, rows: { eventId: number; key: string; deskId: string; claimedAt: Date; receivedAt: Date }[]) {
  if (rows.length === 0) return new Set<string>();
  const added = await db.insert(doorCheckIns).values(rows).onConflictDoNothing().returning({ key: doorCheckIns.key });
  return new Set(added.map((r) => r.key));
}

/** An offline check-in that stands: the guest in at `at`, by this desk, with this key (replacing a later one). */
export async function checkInFromDesk(db: Db, v: { registrationId: number; at: Date; method: CheckInMethod; by: number; deskId: string; key: string }) {
  await db
    .update(registrations)
    .set({ checkedIn: true, checkedInAt: v.at, checkInMethod: v.method, checkedInBy: v.by, checkInDesk: v.deskId, checkInKey: v.key })
    .where(eq(registrations.id, v.registrationId));
}
