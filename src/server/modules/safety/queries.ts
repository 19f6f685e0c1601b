import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  blocks,
  eventMessages,
  events,
  eventWaitlist,
  followUpInvites,
  messageRecipients,
  registrations,
  removedGuests,
  reports,
  rotations,
  sessions,
  users,
} from '../../db/schema/index';
import type { ReportContext, ReportReason } from '../../db/schema/safety';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export async function person(db: Db, id: number) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

/**
 * Whether `viewer` met `other`: both checked in at one evening, or partners in a rotation, or
 * `other` sent `viewer` a follow-up invite. Who may be blocked (docs/decisions/0041).
 */
export async function hasMet(db: Db, viewer: number, other: number) {
  const r = await db.execute(sql`
    select (
      exists (select 1 from ${registrations} a join ${registrations} b on b.event_id = a.event_id
        where a.user_id = ${viewer} and b.user_id = ${other} and a.checked_in and b.checked_in)
      or exists (select 1 from ${rotations} where (user_a = ${viewer} and user_b = ${other}) or (user_a = ${other} and user_b = ${viewer}))
      or exists (select 1 from ${followUpInvites} where from_user_id = ${other} and to_user_id = ${viewer})
    ) as met`);
  return !!rowsOf<{ met: boolean }>(r)[0]?.met;
}

export async function insertBlock(db: Db, blockerId: number, blockedId: number) {
  await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: Db, blockerId: number, blockedId: number) {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

export async function blocksBy(db: Db, blockerId: number) {
  return db
    .select({ userId: blocks.blockedId, name: users.name, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt));
}

/**
 * Whether `viewer` met `other` at this evening, the blocking rule (hasMet) for one evening (issue 33):
 * both were in the room (checked in, or checked in and then removed by its host, decision 0042), so
 * a booking alone (a stranger on an evening still to come) is not enough. Rotation rows are not
 * used: a plan made ahead pairs people who have not met yet.
 */
export async function metAt(db: Db, eventId: number, viewer: number, other: number) {
  const r = await db.execute(sql`
    select count(*)::int as n from ${registrations} g
    where g.event_id = ${eventId} and g.user_id in (${viewer}, ${other})
      and (g.checked_in or exists (select 1 from ${removedGuests} x where x.event_id = g.event_id and x.user_id = g.user_id))`);
  return Number(rowsOf<{ n: number }>(r)[0]?.n ?? 0) === 2;
}

/** A follow-up invite from `from` to `to` that names the evening, as where they met or as the evening invited to. */
export async function inviteFrom(db: Db, eventId: number, from: number, to: number) {
  const r = await db.execute(sql`
    select 1 from ${followUpInvites}
    where from_user_id = ${from} and to_user_id = ${to} and (source_event_id = ${eventId} or event_id = ${eventId}) limit 1`);
  return rowsOf(r).length > 0;
}

/** A host's message to the evening's guests (/messaging) that `from` sent and `to` received. */
export async function messageFrom(db: Db, eventId: number, from: number, to: number) {
  const r = await db.execute(sql`
    select 1 from ${eventMessages} m join ${messageRecipients} mr on mr.message_id = m.id
    where m.event_id = ${eventId} and m.sender_id = ${from} and mr.user_id = ${to} limit 1`);
  return rowsOf(r).length > 0;
}

/**
 * Store a report unless the reporter made `perDay` in the last 24 hours. The reporter's row is
 * locked while counting, so parallel reports cannot pass the limit together. Null at the limit.
 */
export async function insertReport(
  db: Db,
  p: { reporterId: number; reportedId: number; eventId: number; context: ReportContext; reason: ReportReason; details: string },
  perDay: number,
): Promise<number | null> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${users} where id = ${p.reporterId} for update`);
    const [made] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(reports)
      .where(and(eq(reports.reporterId, p.reporterId), gt(reports.createdAt, sql`now() - interval '24 hours'`)));
    if (Number(made?.n ?? 0) >= perDay) return null;
    const [row] = await tx.insert(reports).values(p).returning({ id: reports.id });
    return row!.id;
  });
}

/** Reports, newest first: every one (admins) or those of evenings hosted by `hostId`. */
export async function listReports(db: Db, hostId: number | null) {
  const reporter = sql`(select name from ${users} u where u.id = ${reports.reporterId})`;
  return db
    .select({
      id: reports.id,
      reporterId: reports.reporterId,
      reporterName: sql<string>`${reporter}`,
      reportedId: reports.reportedId,
      reportedName: users.name,
      reportedEmail: users.email,
      reportedSuspendedAt: users.suspendedAt,
      eventId: reports.eventId,
      eventTitle: events.title,
      eventDate: events.date,
      context: reports.context,
      reason: reports.reason,
      details: reports.details,
      createdAt: reports.createdAt,
      handledAt: reports.handledAt,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reportedId))
    .innerJoin(events, eq(events.id, reports.eventId))
    .where(hostId === null ? undefined : eq(events.hostId, hostId))
    .orderBy(sql`${reports.handledAt} is not null`, desc(reports.createdAt))
    .limit(500);
}

export async function markHandled(db: Db, id: number, by: number) {
  const rows = await db
    .update(reports)
    .set({ handledAt: sql`coalesce(${reports.handledAt}, now())`, handledBy: sql`coalesce(${reports.handledBy}, ${by})` })
    .where(eq(reports.id, id))
    .returning({ id: reports.id });
  return rows.length > 0;
}

/** Suspend (or lift) an account; suspending also ends every session it has. False for an unknown id. */
export async function setSuspended(db: Db, userId: number, suspended: boolean) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(users)
      .set({ suspendedAt: suspended ? sql`coalesce(${users.suspendedAt}, now())` : null })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (suspended) await tx.delete(sessions).where(eq(sessions.userId, userId));
    return rows.length > 0;
  });
}

/** The evenings not yet started that the member is booked on. */
export async function futureBookings(db: Db, userId: number) {
  const rows = await db
    .select({ eventId: registrations.eventId })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(and(eq(registrations.userId, userId), gt(events.date, sql`now()`), eq(events.status, 'upcoming')));
  return rows.map((r) => r.eventId);
}

/** Evenings not yet started whose waitlist the member is on (waiting or offered). */
export async function waitlistPlaces(db: Db, userId: number) {
  const r = await db.execute(sql`
    select w.event_id from ${eventWaitlist} w join ${events} e on e.id = w.event_id
    where w.user_id = ${userId} and w.status in ('waiting', 'offered') and e.date > now()`);
  return rowsOf<{ event_id: number }>(r).map((x) => Number(x.event_id));
}
