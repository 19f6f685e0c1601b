import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { events, noShows, noShowSweeps, registrations, removedGuests, users } from '../../db/schema/index';

/** No-shows (docs/decisions/0076-no-shows-have-a-cost.md). */

const DAY = 86_400_000;
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Record the no-shows of up to `batch` evenings over by `now` (the host ended it, or its end time
 * passed) and not yet swept (or of `eventId` only, when given), whose start is within `windowDays` (older ones no longer count). One
 * statement: the evening is claimed in no_show_sweeps (ON CONFLICT DO NOTHING, so of several
 * instances sweeping at once exactly one claims it), and only the claimer records its booked guests
 * not checked in, leaving out the evening's host and the guests its host removed. no_shows_once
 * makes a second record for the same guest and evening impossible anyway.
 */
export async function recordDue(db: Db, now: Date, windowDays: number, { batch = 50, eventId }: { batch?: number; eventId?: number } = {}) {
  const since = new Date(now.getTime() - windowDays * DAY);
  const res = await db.execute(sql`
    WITH due AS (
      SELECT e.id FROM ${events} e
      WHERE (e.status = 'completed' OR e.ends_at <= ${ts(now)}) AND e.date > ${ts(since)}
        ${eventId === undefined ? sql`` : sql`AND e.id = ${eventId}`}
        AND NOT EXISTS (SELECT 1 FROM ${noShowSweeps} s WHERE s.event_id = e.id)
      ORDER BY e.ends_at
      LIMIT ${batch}
    ), claimed AS (
      INSERT INTO ${noShowSweeps} (event_id, swept_at) SELECT id, ${ts(now)} FROM due
      ON CONFLICT DO NOTHING
      RETURNING event_id
    ), recorded AS (
      INSERT INTO ${noShows} (event_id, user_id, evening_at, recorded_at)
      SELECT r.event_id, r.user_id, e.date, ${ts(now)}
      FROM ${registrations} r
      JOIN claimed c ON c.event_id = r.event_id
      JOIN ${events} e ON e.id = r.event_id
      WHERE NOT r.checked_in
        AND r.user_id IS DISTINCT FROM e.host_id
        AND NOT EXISTS (SELECT 1 FROM ${removedGuests} x WHERE x.event_id = r.event_id AND x.user_id = r.user_id)
      ON CONFLICT DO NOTHING
      RETURNING event_id, user_id
    )
    SELECT c.event_id AS "eventId", (SELECT count(*)::int FROM recorded r WHERE r.event_id = c.event_id) AS "recorded"
    FROM claimed c`);
  return rowsOf<{ eventId: number; recorded: number }>(res);
}

/** No-shows of evenings longer ago than `days`: they can no longer count towards any pause. */
export async function deleteOlderThan(db: Db, before: Date) {
  const rows = await db.delete(noShows).where(lt(noShows.eveningAt, before)).returning({ id: noShows.id });
  return rows.length;
}

/** The times of the member's evenings missed and not cleared, since `since`. */
export async function missedSince(db: Db, userId: number, since: Date) {
  const rows = await db
    .select({ eveningAt: noShows.eveningAt })
    .from(noShows)
    .where(and(eq(noShows.userId, userId), isNull(noShows.clearedAt), gt(noShows.eveningAt, since)));
  return rows.map((r) => r.eveningAt);
}

const recordColumns = {
  id: noShows.id,
  eventId: noShows.eventId,
  eventTitle: events.title,
  venue: events.venue,
  eveningAt: noShows.eveningAt,
  clearedAt: noShows.clearedAt,
  clearReason: noShows.clearReason,
};

/** The member's own record, newest first. */
export async function mine(db: Db, userId: number) {
  return db
    .select(recordColumns)
    .from(noShows)
    .innerJoin(events, eq(events.id, noShows.eventId))
    .where(eq(noShows.userId, userId))
    .orderBy(desc(noShows.eveningAt), desc(noShows.id));
}

const clearer = alias(users, 'clearer');

/** Every no-show kept, with the member and who cleared it: for admins, newest first. */
export async function all(db: Db) {
  return db
    .select({ ...recordColumns, userId: noShows.userId, name: users.name, email: users.email, clearedByName: clearer.name })
    .from(noShows)
    .innerJoin(events, eq(events.id, noShows.eventId))
    .innerJoin(users, eq(users.id, noShows.userId))
    .leftJoin(clearer, eq(clearer.id, noShows.clearedBy))
    .orderBy(desc(noShows.eveningAt), desc(noShows.id));
}

/** Clear one (if not cleared yet): who, when and why are kept. Null when it was already cleared or does not exist. */
export async function clear(db: Db, id: number, by: number, reason: string, at: Date) {
  const [row] = await db
    .update(noShows)
    .set({ clearedAt: at, clearedBy: by, clearReason: reason })
    .where(and(eq(noShows.id, id), isNull(noShows.clearedAt)))
    .returning({ id: noShows.id, userId: noShows.userId });
  return row ?? null;
}

export async function find(db: Db, id: number) {
  const [row] = await db.select({ id: noShows.id, userId: noShows.userId, clearedAt: noShows.clearedAt }).from(noShows).where(eq(noShows.id, id));
  return row ?? null;
}

/**
 * Evenings swept for no-shows since `since`, hosted by `hostId` (every host's for null: admins),
 * with counts only: guests booked (the host left out), no-shows, and how many of them were cleared.
 */
export async function eveningCounts(db: Db, hostId: number | null, since: Date) {
  const res = await db.execute(sql`
    SELECT e.id AS "eventId", e.title, e.date,
      (SELECT count(*)::int FROM ${registrations} r WHERE r.event_id = e.id AND r.user_id IS DISTINCT FROM e.host_id) AS "booked",
      (SELECT count(*)::int FROM ${noShows} n WHERE n.event_id = e.id) AS "noShows",
      (SELECT count(*)::int FROM ${noShows} n WHERE n.event_id = e.id AND n.cleared_at IS NOT NULL) AS "cleared"
    FROM ${events} e
    JOIN ${noShowSweeps} s ON s.event_id = e.id
    WHERE e.date > ${ts(since)} ${hostId === null ? sql`` : sql`AND e.host_id = ${hostId}`}
    ORDER BY e.date DESC
    LIMIT 100`);
  return rowsOf<{ eventId: number; title: string; date: Date | string; booked: number; noShows: number; cleared: number }>(res);
}
