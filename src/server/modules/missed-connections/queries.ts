import { and, asc, desc, eq, gt, inArray, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  blocks,
  events,
  followUpInvites,
  inviteBlocks,
  matches,
  previewOptOuts,
  registrations,
  rotations,
  roundHistory,
  users,
  venues,
} from '../../db/schema/index';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

const personColumns = {
  id: users.id,
  name: users.name,
  age: users.age,
  interests: users.interests,
  personalityTraits: users.personalityTraits,
  communicationStyle: users.communicationStyle,
};

/** Whether the evening's first round has started (a round_history row), whatever its clock says. */
export async function roundsStarted(db: Db, eventId: number) {
  const [row] = await db.select({ id: roundHistory.id }).from(roundHistory).where(eq(roundHistory.eventId, eventId)).limit(1);
  return !!row;
}

/** The registered guests of the evening, with whether each opted out of other guests' previews and was checked in. */
export async function guestsOf(db: Db, eventId: number) {
  return db
    .select({ ...personColumns, optedOut: sql<boolean>`(${previewOptOuts.userId} IS NOT NULL)`, checkedIn: registrations.checkedIn })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .leftJoin(previewOptOuts, eq(previewOptOuts.userId, registrations.userId))
    .where(eq(registrations.eventId, eventId))
    .orderBy(asc(users.id));
}

export async function peopleByIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.select(personColumns).from(users).where(inArray(users.id, ids));
}

/**
 * Whom the viewer talked to at the evening: rotation partners (either side) of the rounds that
 * actually started (as src/server/modules/live/queries.ts pairsMetElsewhere counts them).
 */
export async function metIds(db: Db, eventId: number, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ other: sql<number>`CASE WHEN ${rotations.userA} = ${userId} THEN ${rotations.userB} ELSE ${rotations.userA} END` })
    .from(rotations)
    .innerJoin(roundHistory, and(eq(roundHistory.eventId, rotations.eventId), eq(roundHistory.round, rotations.round)))
    .where(
      and(
        eq(rotations.eventId, eventId),
        inArray(roundHistory.status, ['active', 'completed']),
        sql`${rotations.userB} IS NOT NULL`,
        or(eq(rotations.userA, userId), eq(rotations.userB, userId)),
      ),
    );
  return rows.map((r) => Number(r.other));
}

/**
 * Whom the rotation paired with the viewer at the evening, in any round, started or not (the
 * rounds that never started are the pairs that were to meet and did not).
 */
export async function pairedIds(db: Db, eventId: number, userId: number): Promise<number[]> {
  const rows = await db
    .selectDistinct({ other: sql<number>`CASE WHEN ${rotations.userA} = ${userId} THEN ${rotations.userB} ELSE ${rotations.userA} END` })
    .from(rotations)
    .where(and(eq(rotations.eventId, eventId), sql`${rotations.userB} IS NOT NULL`, or(eq(rotations.userA, userId), eq(rotations.userB, userId))));
  return rows.map((r) => Number(r.other));
}

/** The viewer's mutual matches at the evening. */
export async function matchedIds(db: Db, eventId: number, userId: number): Promise<number[]> {
  const rows = await db
    .select({ other: sql<number>`CASE WHEN ${matches.user1Id} = ${userId} THEN ${matches.user2Id} ELSE ${matches.user1Id} END` })
    .from(matches)
    .where(and(eq(matches.eventId, eventId), or(eq(matches.user1Id, userId), eq(matches.user2Id, userId))));
  return rows.map((r) => Number(r.other));
}

const followUpColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  date: events.date,
  startTime: events.startTime,
  venue: events.venue,
  city: venues.city,
  address: venues.address,
  price: events.price,
  maxParticipants: events.maxParticipants,
  seatsTaken: events.seatsTaken,
  status: events.status,
};

/** Evenings starting after `after` (and not ended by their host), soonest first; never `exceptId`. */
export async function upcomingEvenings(db: Db, exceptId: number, after: Date) {
  return db
    .select(followUpColumns)
    .from(events)
    .leftJoin(venues, eq(venues.id, events.venueId))
    .where(and(ne(events.id, exceptId), eq(events.status, 'upcoming'), gt(events.date, after)))
    .orderBy(asc(events.date), asc(events.id));
}

export async function findEvening(db: Db, id: number) {
  const [row] = await db.select(followUpColumns).from(events).leftJoin(venues, eq(venues.id, events.venueId)).where(eq(events.id, id)).limit(1);
  return row ?? null;
}

/** Whom the sender already invited to this evening. */
export async function invitedTo(db: Db, fromUserId: number, eventId: number): Promise<number[]> {
  const rows = await db
    .select({ to: followUpInvites.toUserId })
    .from(followUpInvites)
    .where(and(eq(followUpInvites.fromUserId, fromUserId), eq(followUpInvites.eventId, eventId)));
  return rows.map((r) => r.to);
}

/** Which of `ids` stopped invites from the sender, or blocked the sender (docs/decisions/0041): the sender hears the same either way. */
export async function blockedSender(db: Db, senderId: number, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const [stopped, blocking] = await Promise.all([
    db
      .select({ userId: inviteBlocks.userId })
      .from(inviteBlocks)
      .where(and(eq(inviteBlocks.blockedUserId, senderId), inArray(inviteBlocks.userId, ids))),
    db
      .select({ userId: blocks.blockerId })
      .from(blocks)
      .where(and(eq(blocks.blockedId, senderId), inArray(blocks.blockerId, ids))),
  ]);
  return [...new Set([...stopped, ...blocking].map((r) => r.userId))];
}

/** The people this member blocked. */
export async function blockedBy(db: Db, userId: number): Promise<number[]> {
  return (await db.select({ id: blocks.blockedId }).from(blocks).where(eq(blocks.blockerId, userId))).map((r) => r.id);
}

export interface InsertedInvite {
  toUserId: number;
  stopToken: string;
}

/**
 * Store invites from one sender to `toIds` for one evening, atomically: a pair already invited to
 * that evening (the unique index) or an invitee who stopped invites from the sender gets no row.
 * Returns only the rows this call inserted: exactly those get an e-mail.
 */
export async function insertInvites(db: Db, p: { fromUserId: number; sourceEventId: number; eventId: number; toIds: number[] }): Promise<InsertedInvite[]> {
  if (!p.toIds.length) return [];
  const ids = sql.join(
    p.toIds.map((id) => sql`(${id}::int)`),
    sql`, `,
  );
  const r = await db.execute(sql`
    INSERT INTO ${followUpInvites} (from_user_id, to_user_id, source_event_id, event_id)
    SELECT ${p.fromUserId}::int, t.to_id, ${p.sourceEventId}::int, ${p.eventId}::int
    FROM (VALUES ${ids}) AS t(to_id)
    WHERE t.to_id <> ${p.fromUserId}::int
      AND NOT EXISTS (SELECT 1 FROM ${inviteBlocks} b WHERE b.user_id = t.to_id AND b.blocked_user_id = ${p.fromUserId}::int)
      AND NOT EXISTS (SELECT 1 FROM ${blocks} k WHERE (k.blocker_id = t.to_id AND k.blocked_id = ${p.fromUserId}::int) OR (k.blocker_id = ${p.fromUserId}::int AND k.blocked_id = t.to_id))
    ON CONFLICT DO NOTHING
    RETURNING to_user_id, stop_token`);
  return rowsOf<{ to_user_id: number; stop_token: string }>(r).map((x) => ({ toUserId: Number(x.to_user_id), stopToken: x.stop_token }));
}

/** Name and address of people, for the e-mails. */
export async function contacts(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids));
}

export async function userName(db: Db, id: number) {
  const [row] = await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, id)).limit(1);
  return row ?? null;
}

/**
 * The e-mail's stop link: the invitee of the invite carrying `token` stops invites from its
 * sender (idempotent). Returns the sender's name, or null for an unknown token.
 */
export async function blockByToken(db: Db, token: string): Promise<{ name: string } | null> {
  const r = await db.execute(sql`
    WITH inv AS (SELECT from_user_id, to_user_id FROM ${followUpInvites} WHERE stop_token = ${token} LIMIT 1),
    ins AS (
      INSERT INTO ${inviteBlocks} (user_id, blocked_user_id)
      SELECT to_user_id, from_user_id FROM inv
      ON CONFLICT DO NOTHING
    )
    SELECT u.name FROM inv JOIN ${users} u ON u.id = inv.from_user_id`);
  const row = rowsOf<{ name: string }>(r)[0];
  return row ? { name: row.name } : null;
}

/** Whether `fromUserId` ever sent `toUserId` a follow-up invite. */
export async function hasInvited(db: Db, fromUserId: number, toUserId: number) {
  const [row] = await db
    .select({ id: followUpInvites.id })
    .from(followUpInvites)
    .where(and(eq(followUpInvites.fromUserId, fromUserId), eq(followUpInvites.toUserId, toUserId)))
    .limit(1);
  return !!row;
}

export async function insertBlock(db: Db, userId: number, blockedUserId: number) {
  await db.insert(inviteBlocks).values({ userId, blockedUserId }).onConflictDoNothing();
}

export async function deleteBlock(db: Db, userId: number, blockedUserId: number) {
  await db.delete(inviteBlocks).where(and(eq(inviteBlocks.userId, userId), eq(inviteBlocks.blockedUserId, blockedUserId)));
}

const sender = alias(users, 'sender');
const source = alias(events, 'source');

/** The invites a member received, newest first, with whether they stopped invites from each sender. */
export async function receivedBy(db: Db, userId: number) {
  return db
    .select({
      id: followUpInvites.id,
      fromUserId: followUpInvites.fromUserId,
      fromName: sender.name,
      sourceId: source.id,
      sourceTitle: source.title,
      sourceDate: source.date,
      eventId: events.id,
      eventTitle: events.title,
      eventDate: events.date,
      eventStartTime: events.startTime,
      eventVenue: events.venue,
      sentAt: followUpInvites.createdAt,
      blocked: sql<boolean>`(${inviteBlocks.userId} IS NOT NULL)`,
    })
    .from(followUpInvites)
    .innerJoin(sender, eq(sender.id, followUpInvites.fromUserId))
    .innerJoin(source, eq(source.id, followUpInvites.sourceEventId))
    .innerJoin(events, eq(events.id, followUpInvites.eventId))
    .leftJoin(inviteBlocks, and(eq(inviteBlocks.userId, followUpInvites.toUserId), eq(inviteBlocks.blockedUserId, followUpInvites.fromUserId)))
    .where(eq(followUpInvites.toUserId, userId))
    .orderBy(desc(followUpInvites.createdAt), desc(followUpInvites.id));
}
