import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runPrepared, type PreparedStatement } from '../../db/prepared';
import { accessNeeds, cancelledTickets, doorCheckIns, doorDesks, events, friendSeats, registrations, removedGuests, users } from '../../db/schema/index';
import type { CheckInMethod } from '../../db/schema/tickets';

/** A guest at the door: what the host sees (no e-mail or phone); joined with `withNote` for the note. */
export const guestColumns = {
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
export const withNote = and(eq(accessNeeds.eventId, registrations.eventId), eq(accessNeeds.userId, registrations.userId));

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

/**
 * A ticket of this evening checked in, in one statement prepared once per connection (issue 37,
 * docs/decisions/0102): the ticket's guest found by its exact code, the flip made as `checkIn` makes
 * it (only if not in yet, never for a guest the host removed), and the guest and the door's counts
 * as they stand after it. $1 the evening, $2 the code, $3 when, $4 the method, $5 the host who scans.
 * The flip is made only while the door may take it (docs/decisions/0137): $6 the evening's host must
 * be (null: any, an admin scans; events/policies.ts `hostToMatch`), and the evening not finished (as
 * service.ts `hasFinished` says: not completed, and its end not reached by the database's clock nor
 * by $3). No row: the code is not a ticket of this evening. `done` false: the guest was in already or
 * removed, or the door may not take it (the caller then asks afresh, which answers why); the guest's
 * columns are then as the statement found them, which a scan at the same moment may have changed
 * since (read them again).
 */
const CHECK_IN_BY_TICKET: PreparedStatement = {
  name: 'door_check_in_by_ticket',
  text: `
    WITH t AS (
      SELECT g.user_id FROM "registrations" g WHERE g.ticket_code = $2::text AND g.event_id = $1::int LIMIT 1
    ),
    flip AS (
      UPDATE "registrations" r SET checked_in = true, checked_in_at = $3::timestamptz, check_in_method = $4::text, checked_in_by = $5::int
      WHERE r.event_id = $1::int AND r.user_id = (SELECT user_id FROM t) AND NOT r.checked_in
        AND NOT EXISTS (SELECT 1 FROM "removed_guests" x WHERE x.event_id = r.event_id AND x.user_id = r.user_id)
        AND EXISTS (
          SELECT 1 FROM "events" e WHERE e.id = $1::int AND ($6::int IS NULL OR e.host_id = $6::int)
            AND e.status <> 'completed' AND e.ends_at >= now() AND e.ends_at > $3::timestamptz
        )
      RETURNING r.user_id, r.checked_in_at, r.check_in_method
    )
    SELECT g.user_id, u.name, g.ticket_code,
      (g.checked_in OR f.user_id IS NOT NULL) AS checked_in,
      (extract(epoch from coalesce(f.checked_in_at, g.checked_in_at)) * 1000)::float8 AS checked_in_ms,
      coalesce(f.check_in_method, g.check_in_method) AS method,
      n.note AS access_needs,
      (f.user_id IS NOT NULL) AS done,
      (SELECT count(*) FROM "registrations" c WHERE c.event_id = $1::int)::int AS registered,
      ((SELECT count(*) FROM "registrations" c WHERE c.event_id = $1::int AND c.checked_in) + CASE WHEN f.user_id IS NULL THEN 0 ELSE 1 END)::int AS checked
    FROM t
      JOIN "registrations" g ON g.event_id = $1::int AND g.user_id = t.user_id
      JOIN "users" u ON u.id = g.user_id
      LEFT JOIN "access_needs" n ON n.event_id = g.event_id AND n.user_id = g.user_id
      LEFT JOIN flip f ON f.user_id = g.user_id`,
};

export async function checkInByTicket(db: Db, p: { eventId: number; code: string; at: Date; method: CheckInMethod; by: number; hostToMatch: number | null }) {
  const [row] = await runPrepared<{
    user_id: number;
    name: string;
    ticket_code: string;
    checked_in: boolean;
    checked_in_ms: number | null;
    method: CheckInMethod | null;
    access_needs: string | null;
    done: boolean;
    registered: number;
    checked: number;
  }>(db, CHECK_IN_BY_TICKET, [p.eventId, p.code, p.at.toISOString(), p.method, p.by, p.hostToMatch]);
  if (!row) return null;
  const guest: GuestRow = {
    userId: Number(row.user_id),
    name: row.name,
    ticketCode: row.ticket_code,
    checkedIn: row.checked_in === true,
    checkedInAt: row.checked_in_ms === null ? null : new Date(Number(row.checked_in_ms)),
    method: row.method,
    accessNeeds: row.access_needs,
  };
  const registered = Number(row.registered);
  const checkedIn = Number(row.checked);
  return { done: row.done === true, guest, counts: { registered, checkedIn, toCome: registered - checkedIn } };
}
