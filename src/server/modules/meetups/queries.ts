import { and, asc, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blocks, meetupAnswers, meetupMembers, meetupOptions, meetupPolls, users } from '../../db/schema/index';

/** A new open poll with its people and times, or null when the group has an open one already (the unique index). */
export async function insertPoll(
  db: Db,
  v: { groupKey: string; proposedBy: number; venueId: number | null; place: string; memberIds: number[]; times: Date[]; now: Date },
) {
  const [poll] = await db
    .insert(meetupPolls)
    .values({
      groupKey: v.groupKey,
      proposedBy: v.proposedBy,
      venueId: v.venueId,
      place: v.place,
      lastOptionAt: new Date(Math.max(...v.times.map((t) => t.getTime()))),
      createdAt: v.now,
    })
    .onConflictDoNothing()
    .returning({ id: meetupPolls.id });
  if (!poll) return null;
  await db.insert(meetupMembers).values(v.memberIds.map((userId) => ({ pollId: poll.id, userId })));
  await db.insert(meetupOptions).values(v.times.map((startsAt) => ({ pollId: poll.id, startsAt })));
  return poll.id;
}

/**
 * End every poll of `userIds` still open or confirmed that has a block between two of its people
 * (docs/decisions/0082): one UPDATE, so it holds whoever asks first. Returns the ids it ended.
 */
export async function endBlocked(db: Db, userIds: number[], now: Date) {
  if (!userIds.length) return [];
  const rows = await db.execute(sql`
    UPDATE ${meetupPolls} p SET status = 'ended', closed_at = ${now.toISOString()}
    WHERE p.status IN ('open', 'confirmed')
      AND p.id IN (SELECT poll_id FROM ${meetupMembers} WHERE user_id IN (${sql.join(userIds, sql`, `)}))
      AND EXISTS (
        SELECT 1 FROM ${blocks} b
        JOIN ${meetupMembers} m1 ON m1.poll_id = p.id AND m1.user_id = b.blocker_id
        JOIN ${meetupMembers} m2 ON m2.poll_id = p.id AND m2.user_id = b.blocked_id)
    RETURNING p.id`);
  return (rows as unknown as { rows: { id: number }[] }).rows.map((r) => r.id);
}

/** True when one of `ids` blocked another of them. */
export async function blockAmong(db: Db, ids: number[]) {
  const rows = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(and(inArray(blocks.blockerId, ids), inArray(blocks.blockedId, ids)))
    .limit(1);
  return rows.length > 0;
}

const pollColumns = {
  id: meetupPolls.id,
  groupKey: meetupPolls.groupKey,
  proposedBy: meetupPolls.proposedBy,
  venueId: meetupPolls.venueId,
  place: meetupPolls.place,
  status: meetupPolls.status,
  confirmedOptionId: meetupPolls.confirmedOptionId,
  createdAt: meetupPolls.createdAt,
  closedAt: meetupPolls.closedAt,
};

/** The poll, locked for the rest of the transaction (answers and withdrawals of one poll go one at a time). */
export async function lockPoll(db: Db, id: number) {
  return (await db.select(pollColumns).from(meetupPolls).where(eq(meetupPolls.id, id)).for('update'))[0] ?? null;
}

export async function poll(db: Db, id: number) {
  return (await db.select(pollColumns).from(meetupPolls).where(eq(meetupPolls.id, id)))[0] ?? null;
}

/** The viewer's polls other than ended ones, newest first. */
export async function pollsOf(db: Db, userId: number) {
  return db
    .select(pollColumns)
    .from(meetupPolls)
    .innerJoin(meetupMembers, and(eq(meetupMembers.pollId, meetupPolls.id), eq(meetupMembers.userId, userId)))
    .where(sql`${meetupPolls.status} <> 'ended'`)
    .orderBy(desc(meetupPolls.id));
}

export async function members(db: Db, pollIds: number[]) {
  if (!pollIds.length) return [];
  return db
    .select({ pollId: meetupMembers.pollId, userId: meetupMembers.userId, leftAt: meetupMembers.leftAt, name: users.name, email: users.email })
    .from(meetupMembers)
    .innerJoin(users, eq(users.id, meetupMembers.userId))
    .where(inArray(meetupMembers.pollId, pollIds));
}

export async function options(db: Db, pollIds: number[]) {
  if (!pollIds.length) return [];
  return db
    .select({ id: meetupOptions.id, pollId: meetupOptions.pollId, startsAt: meetupOptions.startsAt })
    .from(meetupOptions)
    .where(inArray(meetupOptions.pollId, pollIds))
    .orderBy(asc(meetupOptions.startsAt), asc(meetupOptions.id));
}

export async function answers(db: Db, pollIds: number[]) {
  if (!pollIds.length) return [];
  return db
    .select({ pollId: meetupAnswers.pollId, optionId: meetupAnswers.optionId, userId: meetupAnswers.userId, yes: meetupAnswers.yes })
    .from(meetupAnswers)
    .where(inArray(meetupAnswers.pollId, pollIds));
}

/** The member's answers to the poll, replacing any before. */
export async function putAnswers(db: Db, pollId: number, userId: number, list: { optionId: number; yes: boolean }[], now: Date) {
  await db
    .insert(meetupAnswers)
    .values(list.map((a) => ({ pollId, userId, optionId: a.optionId, yes: a.yes, answeredAt: now })))
    .onConflictDoUpdate({ target: [meetupAnswers.optionId, meetupAnswers.userId], set: { yes: sql`excluded.yes`, answeredAt: now } });
}

/** Open -> confirmed with the winning time; false when it was no longer open. */
export async function confirm(db: Db, pollId: number, optionId: number, now: Date) {
  const rows = await db
    .update(meetupPolls)
    .set({ status: 'confirmed', confirmedOptionId: optionId, closedAt: now })
    .where(and(eq(meetupPolls.id, pollId), eq(meetupPolls.status, 'open')))
    .returning({ id: meetupPolls.id });
  return rows.length > 0;
}

export async function cancel(db: Db, pollId: number, now: Date) {
  await db
    .update(meetupPolls)
    .set({ status: 'cancelled', closedAt: now })
    .where(and(eq(meetupPolls.id, pollId), inArray(meetupPolls.status, ['open', 'confirmed'])));
}

/** The member withdraws: marked as left, their answers deleted. */
export async function leave(db: Db, pollId: number, userId: number, now: Date) {
  await db
    .update(meetupMembers)
    .set({ leftAt: now })
    .where(and(eq(meetupMembers.pollId, pollId), eq(meetupMembers.userId, userId), isNull(meetupMembers.leftAt)));
  await db.delete(meetupAnswers).where(and(eq(meetupAnswers.pollId, pollId), eq(meetupAnswers.userId, userId)));
}

/**
 * The retention sweep (docs/decisions/0082): a poll whose latest time and whose closing are both
 * older than `cutoff` is deleted with its people, times and answers.
 */
export async function deleteOlderThan(db: Db, cutoff: Date) {
  const rows = await db
    .delete(meetupPolls)
    .where(and(lt(meetupPolls.lastOptionAt, cutoff), sql`COALESCE(${meetupPolls.closedAt}, ${meetupPolls.createdAt}) < ${cutoff.toISOString()}`))
    .returning({ id: meetupPolls.id });
  return rows.length;
}
