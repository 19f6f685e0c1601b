import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runPrepared, type PreparedStatement } from '../../db/prepared';
import { blocks, events, matchCalculations, matches, ratings, registrations, rotations, roundHistory, seeAgainCounts, users } from '../../db/schema/index';

export async function registrationOf(db: Db, eventId: number, userId: number) {
  return (
    (
      await db
        .select({ checkedIn: registrations.checkedIn, connectCode: registrations.connectCode })
        .from(registrations)
        .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId)))
        .limit(1)
    )[0] ?? null
  );
}

export async function releasedAt(db: Db, eventId: number) {
  return (await db.select({ at: events.contactsReleasedAt }).from(events).where(eq(events.id, eventId)).limit(1))[0]?.at ?? null;
}

/**
 * What a calculation of the evening's matches starts from, in one read: whether the retention sweep
 * deleted its ratings (docs/decisions/0044) and the last calculation (docs/decisions/0107), if any.
 */
export async function calculationOf(db: Db, eventId: number) {
  const [row] = await db
    .select({
      purgedAt: events.personalDataPurgedAt,
      inputs: matchCalculations.inputs,
      algorithm: matchCalculations.algorithm,
      matches: matchCalculations.matches,
    })
    .from(events)
    .leftJoin(matchCalculations, eq(matchCalculations.eventId, events.id))
    .where(eq(events.id, eventId))
    .limit(1);
  return row ?? null;
}

/** Keeps what the evening's matches were last calculated from (docs/decisions/0107). */
export async function recordCalculation(db: Db, v: { eventId: number; inputs: string; algorithm: string; matches: number }) {
  await db
    .insert(matchCalculations)
    .values(v)
    .onConflictDoUpdate({
      target: matchCalculations.eventId,
      set: { inputs: v.inputs, algorithm: v.algorithm, matches: v.matches, calculatedAt: sql`now()` },
    });
}

/** When the retention sweep deleted the evening's ratings (docs/decisions/0044), or null. */
export async function purgedAt(db: Db, eventId: number) {
  return (await db.select({ at: events.personalDataPurgedAt }).from(events).where(eq(events.id, eventId)).limit(1))[0]?.at ?? null;
}

/** One rating per (event, rater, rated): a second rating replaces the first. */
export async function upsertRating(
  db: Db,
  v: { eventId: number; raterId: number; ratedId: number; rating: number; round: number | null; source: 'card' | 'quick' },
) {
  const [row] = await db
    .insert(ratings)
    .values(v)
    .onConflictDoUpdate({
      target: [ratings.eventId, ratings.raterId, ratings.ratedId],
      set: { rating: v.rating, round: v.round, source: v.source, updatedAt: sql`now()` },
    })
    .returning({
      id: ratings.id,
      raterId: ratings.raterId,
      ratedId: ratings.ratedId,
      rating: ratings.rating,
      round: ratings.round,
      createdAt: ratings.createdAt,
    });
  return row!;
}

export async function ratingsBy(db: Db, eventId: number, raterId: number) {
  return db
    .select({
      id: ratings.id,
      raterId: ratings.raterId,
      ratedId: ratings.ratedId,
      rating: ratings.rating,
      round: ratings.round,
      source: ratings.source,
      createdAt: ratings.createdAt,
    })
    .from(ratings)
    .where(and(eq(ratings.eventId, eventId), eq(ratings.raterId, raterId)))
    .orderBy(asc(ratings.createdAt));
}

export async function allRatings(db: Db, eventId: number) {
  return db
    .select({ raterId: ratings.raterId, ratedId: ratings.ratedId, rating: ratings.rating, round: ratings.round })
    .from(ratings)
    .where(eq(ratings.eventId, eventId));
}

export async function ratingsReceived(db: Db, userId: number) {
  return (
    (
      await db
        .select({ n: sql<number>`count(*)::int`, avg: sql<number | null>`avg(${ratings.rating})::float` })
        .from(ratings)
        .where(eq(ratings.ratedId, userId))
    )[0] ?? { n: 0, avg: null }
  );
}

export async function matchCount(db: Db, userId: number) {
  return (
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(matches)
        .where(or(eq(matches.user1Id, userId), eq(matches.user2Id, userId)))
    )[0]?.n ?? 0
  );
}

export async function people(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: users.id,
      name: users.name,
      age: users.age,
      bio: users.bio,
      interests: users.interests,
      profileImage: users.profileImage,
      email: users.email,
      contactInfo: users.contactInfo,
      personalityTraits: users.personalityTraits,
      communicationStyle: users.communicationStyle,
    })
    .from(users)
    .where(inArray(users.id, ids));
}

export type MatchRow = typeof matches.$inferSelect;

export async function matchesOfEvent(db: Db, eventId: number) {
  return db
    .select()
    .from(matches)
    .where(eq(matches.eventId, eventId))
    .orderBy(sql`${matches.overallScore} DESC NULLS LAST`, asc(matches.id));
}

/**
 * A match between two people with a block between them stays only when its evening's contacts were
 * released before the block (docs/product.md "Blocks", docs/decisions/0062): then both keep it (and
 * the friend groups it makes), as they were; otherwise neither sees it, wherever matches are shown
 * to a member, so no two answers differ on it. Qualified by hand: a one-table select writes bare names.
 */
const notHiddenByBlock = sql`NOT EXISTS (
  SELECT 1 FROM ${blocks} k JOIN ${events} e ON e.id = "matches"."event_id"
  WHERE ((k.blocker_id = "matches"."user1_id" AND k.blocked_id = "matches"."user2_id") OR (k.blocker_id = "matches"."user2_id" AND k.blocked_id = "matches"."user1_id"))
    AND (e.contacts_released_at IS NULL OR k.created_at < e.contacts_released_at))`;

/** A member's matches, as the member sees them (a match hidden by a block left out). */
export async function matchesOfUser(db: Db, userId: number, eventId?: number) {
  const who = and(or(eq(matches.user1Id, userId), eq(matches.user2Id, userId)), notHiddenByBlock);
  return db
    .select()
    .from(matches)
    .where(eventId === undefined ? who : and(eq(matches.eventId, eventId), who))
    .orderBy(asc(matches.eventId), sql`${matches.overallScore} DESC NULLS LAST`, asc(matches.id));
}

/** Every match of an evening a member may see (none hidden by a block), in matchesOfUser's order. */
export async function membersMatchesOfEvent(db: Db, eventId: number) {
  return db
    .select()
    .from(matches)
    .where(and(eq(matches.eventId, eventId), notHiddenByBlock))
    .orderBy(sql`${matches.overallScore} DESC NULLS LAST`, asc(matches.id));
}

/**
 * Insert or rescore an evening's matches in one statement, keeping each one's sharing flags
 * (recalculation is idempotent). One statement for all of them, not one per match: the calculation
 * runs at a guest's last rating and at the release, when every evening does at once (issue 37).
 */
export async function upsertMatches(db: Db, rows: (typeof matches.$inferInsert)[]) {
  if (!rows.length) return;
  const fresh = (column: { name: string }) => sql`excluded.${sql.identifier(column.name)}`;
  await db
    .insert(matches)
    .values(rows)
    .onConflictDoUpdate({
      target: [matches.eventId, matches.user1Id, matches.user2Id],
      set: {
        matchScore: fresh(matches.matchScore),
        matchType: fresh(matches.matchType),
        personalityScore: fresh(matches.personalityScore),
        interestScore: fresh(matches.interestScore),
        communicationScore: fresh(matches.communicationScore),
        ageCompatibilityScore: fresh(matches.ageCompatibilityScore),
        ratingScore: fresh(matches.ratingScore),
        overallScore: fresh(matches.overallScore),
      },
    });
}

export async function deleteMatchesExcept(db: Db, eventId: number, keep: [number, number][]) {
  const rows = await db.select({ id: matches.id, a: matches.user1Id, b: matches.user2Id }).from(matches).where(eq(matches.eventId, eventId));
  const keepSet = new Set(keep.map(([a, b]) => `${a}:${b}`));
  const drop = rows.filter((r) => !keepSet.has(`${r.a}:${r.b}`)).map((r) => r.id);
  if (drop.length) await db.delete(matches).where(inArray(matches.id, drop));
}

export async function findMatch(db: Db, eventId: number, matchId: number) {
  return (
    (
      await db
        .select()
        .from(matches)
        .where(and(eq(matches.id, matchId), eq(matches.eventId, eventId)))
        .limit(1)
    )[0] ?? null
  );
}

export async function setShared(db: Db, matchId: number, side: 1 | 2) {
  await db
    .update(matches)
    .set(side === 1 ? { user1Shared: true } : { user2Shared: true })
    .where(eq(matches.id, matchId));
}

export async function release(db: Db, eventId: number) {
  await db
    .update(events)
    .set({ contactsReleasedAt: sql`coalesce(${events.contactsReleasedAt}, now())` })
    .where(eq(events.id, eventId));
}

/**
 * Release every evening that ended `hours` or more before `now` and was never released. One
 * conditional UPDATE: with several instances sweeping at once, each row goes to exactly one of
 * them (the others' WHERE no longer holds once the winner commits).
 */
export async function releaseDue(db: Db, now: Date, hours: number) {
  const cutoff = new Date(now.getTime() - hours * 3_600_000);
  return db
    .update(events)
    .set({ contactsReleasedAt: now })
    .where(and(isNull(events.contactsReleasedAt), lte(events.endsAt, cutoff)))
    .returning({ id: events.id });
}

/** The member's evenings that are over (ended, or ended by the host) but not released yet. */
export async function unreleasedEndedOf(db: Db, userId: number, now: Date) {
  return db
    .select({ id: events.id, title: events.title, endsAt: events.endsAt })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(and(eq(registrations.userId, userId), isNull(events.contactsReleasedAt), or(lte(events.endsAt, now), eq(events.status, 'completed'))))
    .orderBy(asc(events.endsAt), asc(events.id));
}

export async function releasedEventsOf(db: Db, userId: number) {
  return db
    .select({ id: events.id, title: events.title, date: events.date, releasedAt: events.contactsReleasedAt })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(and(eq(registrations.userId, userId), isNotNull(events.contactsReleasedAt)));
}

/*
 * The progress's three reads (progress.ts), prepared and, on the embedded database, sent with the others
 * of their turn: the hosts' ratings news reads them once a second per evening through a burst of ratings
 * (docs/decisions/0148). $1 the evening.
 */
const PAIRS_OF: PreparedStatement = {
  name: 'progress_pairs',
  together: true,
  text: `SELECT round, user_a AS a, user_b AS b FROM rotations WHERE event_id = $1::int`,
};
const GUESTS_IN: PreparedStatement = {
  name: 'progress_guests',
  together: true,
  text: `SELECT g.user_id AS "userId", u.name FROM registrations g JOIN users u ON u.id = g.user_id WHERE g.event_id = $1::int AND g.checked_in ORDER BY u.name`,
};
const RATED: PreparedStatement = {
  name: 'progress_rated',
  together: true,
  text: `SELECT rater_id AS "raterId", rated_id AS "ratedId" FROM ratings WHERE event_id = $1::int`,
};

/** Every seat of the evening's rotation: the round and the pair (b null: a bye). */
export const rotationOf = (db: Db, eventId: number) => runPrepared<{ round: number; a: number; b: number | null }>(db, PAIRS_OF, [eventId]);

/** Who rated whom at the evening (not the values). */
export const ratedPairs = (db: Db, eventId: number) => runPrepared<{ raterId: number; ratedId: number }>(db, RATED, [eventId]);

/** A round that took place: the host started it (it has a row in round_history); a round only planned has none. */
const roundStarted = sql`exists (select 1 from ${roundHistory} where ${roundHistory.eventId} = ${rotations.eventId} and ${roundHistory.round} = ${rotations.round} and ${roundHistory.status} in ('active', 'completed'))`;

/**
 * The conversations of an evening that took place: pairs seated together in a round that started
 * (a bye is no conversation), with the round (docs/decisions/0063).
 */
export async function conversationsHeld(db: Db, eventId: number): Promise<{ round: number; a: number; b: number }[]> {
  const rows = await db
    .select({ round: rotations.round, a: rotations.userA, b: rotations.userB })
    .from(rotations)
    .where(and(eq(rotations.eventId, eventId), isNotNull(rotations.userB), roundStarted));
  return rows.map((r) => ({ round: r.round, a: r.a, b: r.b! }));
}

/** The conversations held between two of `ids` at this evening (as `conversationsHeld`, for the pairs a list of matches names). */
export async function conversationsAmong(db: Db, eventId: number, ids: number[]): Promise<{ round: number; a: number; b: number }[]> {
  if (ids.length < 2) return [];
  const rows = await db
    .select({ round: rotations.round, a: rotations.userA, b: rotations.userB })
    .from(rotations)
    .where(and(eq(rotations.eventId, eventId), inArray(rotations.userA, ids), inArray(rotations.userB, ids), roundStarted));
  return rows.map((r) => ({ round: r.round, a: r.a, b: r.b! }));
}

/** The round in which these two sat together, among the rounds that started; null when they never did. */
export async function roundTogether(db: Db, eventId: number, x: number, y: number): Promise<number | null> {
  const [row] = await db
    .select({ round: rotations.round })
    .from(rotations)
    .where(
      and(
        eq(rotations.eventId, eventId),
        or(and(eq(rotations.userA, x), eq(rotations.userB, y)), and(eq(rotations.userA, y), eq(rotations.userB, x))),
        roundStarted,
      ),
    )
    .orderBy(asc(rotations.round))
    .limit(1);
  return row?.round ?? null;
}

/** The evening's checked-in guests with their names, by name. */
export const checkedIn = (db: Db, eventId: number) => runPrepared<{ userId: number; name: string }>(db, GUESTS_IN, [eventId]);

/**
 * Every match between two of `ids`, at any evening, with the evening and whether the pair's
 * contact is shared there (both pressed Share Contact, or the evening's contacts were released).
 */
export async function matchesAmong(db: Db, ids: number[]) {
  if (ids.length < 2) return [];
  return db
    .select({
      user1Id: matches.user1Id,
      user2Id: matches.user2Id,
      eventId: events.id,
      eventTitle: events.title,
      eventDate: events.date,
      shared: sql<boolean>`(${events.contactsReleasedAt} IS NOT NULL OR (${matches.user1Shared} AND ${matches.user2Shared}))`,
    })
    .from(matches)
    .innerJoin(events, eq(events.id, matches.eventId))
    .where(and(inArray(matches.user1Id, ids), inArray(matches.user2Id, ids), notHiddenByBlock))
    .orderBy(asc(events.date), asc(events.id));
}

/** Who of `userIds` was checked in at each of `eventIds`: one row per (event, person) at the door. */
export async function checkedInAmong(db: Db, eventIds: number[], userIds: number[]) {
  if (!eventIds.length || !userIds.length) return [];
  return db
    .select({ eventId: registrations.eventId, userId: registrations.userId })
    .from(registrations)
    .where(and(inArray(registrations.eventId, eventIds), inArray(registrations.userId, userIds), eq(registrations.checkedIn, true)));
}

/** The evening's liking-gap counts, replaced as a whole (docs/decisions/0083-met-again.md). */
export async function replaceSeeAgain(db: Db, eventId: number, rows: (typeof seeAgainCounts.$inferInsert)[]) {
  await db.delete(seeAgainCounts).where(eq(seeAgainCounts.eventId, eventId));
  if (rows.length) await db.insert(seeAgainCounts).values(rows);
}

/** The member's liking-gap counts that may be shown, of evenings whose contacts were released. */
export async function seeAgainOf(db: Db, userId: number) {
  return db
    .select({ eventId: seeAgainCounts.eventId, eventTitle: events.title, eventDate: events.date, count: seeAgainCounts.wouldSeeAgain })
    .from(seeAgainCounts)
    .innerJoin(events, eq(events.id, seeAgainCounts.eventId))
    .where(
      and(eq(seeAgainCounts.userId, userId), eq(seeAgainCounts.shown, true), isNotNull(events.contactsReleasedAt), sql`${seeAgainCounts.wouldSeeAgain} > 0`),
    )
    .orderBy(sql`${events.date} desc`);
}
