import { and, desc, eq, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  eventFeedback,
  eveningRatingCounts,
  eveningVisits,
  events,
  matches,
  ratings,
  registrations,
  roundHistory,
  rotations,
  signupSources,
} from '../../db/schema/index';

/** The host's evening report (docs/decisions/0084-the-hosts-evening-report.md): counts read from stored rows. */

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Count one visit to the evening's page on `day` (a London day): one statement, safe on every instance at once. */
export async function countVisit(db: Db, eventId: number, day: string) {
  await db
    .insert(eveningVisits)
    .values({ eventId, day, visits: 1 })
    .onConflictDoUpdate({ target: [eveningVisits.eventId, eveningVisits.day], set: { visits: sql`${eveningVisits.visits} + 1` } });
}

/** Whether the member has a place at the evening (a booked guest's visits are not counted). */
export async function isBooked(db: Db, eventId: number, userId: number) {
  const [row] = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId)));
  return !!row;
}

/**
 * The funnel's counts up to the matches, for one evening: visits, attributed sign-ups, seats booked
 * and checked in (the host's own registration left out), pairs seated together in the rounds held
 * (a skipped round held nobody), mutual matches and those whose contacts both could see.
 */
export async function counts(db: Db, eventId: number) {
  const res = await db.execute(sql`
    SELECT
      (SELECT coalesce(sum(v.visits), 0)::int FROM ${eveningVisits} v WHERE v.event_id = e.id) AS "visits",
      (SELECT count(*)::int FROM ${signupSources} s WHERE s.event_id = e.id) AS "signups",
      (SELECT count(*)::int FROM ${registrations} r WHERE r.event_id = e.id AND r.user_id IS DISTINCT FROM e.host_id) AS "booked",
      (SELECT count(*)::int FROM ${registrations} r WHERE r.event_id = e.id AND r.user_id IS DISTINCT FROM e.host_id AND r.checked_in) AS "checkedIn",
      (SELECT count(*)::int FROM ${matches} m WHERE m.event_id = e.id) AS "matches",
      (SELECT count(*)::int FROM ${matches} m WHERE m.event_id = e.id
        AND (e.contacts_released_at IS NOT NULL OR (m.user1_shared AND m.user2_shared))) AS "contactsShared",
      (SELECT count(DISTINCT p.id)::int FROM meetup_polls p
        JOIN meetup_members a ON a.poll_id = p.id AND a.left_at IS NULL
        JOIN meetup_members b ON b.poll_id = p.id AND b.left_at IS NULL AND b.user_id > a.user_id
        JOIN ${matches} m ON m.event_id = e.id
          AND ((m.user1_id = a.user_id AND m.user2_id = b.user_id) OR (m.user1_id = b.user_id AND m.user2_id = a.user_id))
        WHERE p.status = 'confirmed' AND p.created_at >= e.date) AS "meetups",
      (SELECT count(*)::int FROM met_again x WHERE x.event_id = e.id AND x.answer IS NOT NULL) AS "metAgainAnswers",
      (SELECT count(*)::int FROM met_again x WHERE x.event_id = e.id AND x.answer = 'met') AS "metAgain"
    FROM ${events} e WHERE e.id = ${eventId}`);
  return rowsOf<{
    visits: number;
    signups: number;
    booked: number;
    checkedIn: number;
    matches: number;
    contactsShared: number;
    meetups: number;
    metAgainAnswers: number;
    metAgain: number;
  }>(res)[0]!;
}

/** Pairs seated together per round held (round_history, not skipped), from the stored rotation. */
export async function pairsPerRound(db: Db, eventId: number) {
  return db
    .select({ round: roundHistory.round, pairs: sql<number>`count(${rotations.userB})::int` })
    .from(roundHistory)
    .leftJoin(rotations, and(eq(rotations.eventId, roundHistory.eventId), eq(rotations.round, roundHistory.round)))
    .where(and(eq(roundHistory.eventId, eventId), sql`${roundHistory.status} <> 'skipped'`))
    .groupBy(roundHistory.round)
    .orderBy(roundHistory.round);
}

/** Ratings as they stand: how many guests rated, and the ratings given per round (null round: outside one). */
export async function ratingFigures(db: Db, eventId: number) {
  const [raters] = await db
    .select({ n: sql<number>`count(DISTINCT ${ratings.raterId})::int` })
    .from(ratings)
    .where(eq(ratings.eventId, eventId));
  const perRound = await db
    .select({ round: ratings.round, n: sql<number>`count(*)::int` })
    .from(ratings)
    .where(eq(ratings.eventId, eventId))
    .groupBy(ratings.round);
  return { raters: raters?.n ?? 0, byRound: Object.fromEntries(perRound.map((r) => [String(r.round ?? 0), r.n])) as Record<string, number> };
}

/** The counts kept when the ratings were deleted, if they were. */
export async function keptRatingCounts(db: Db, eventId: number) {
  const [row] = await db.select().from(eveningRatingCounts).where(eq(eveningRatingCounts.eventId, eventId));
  return row ?? null;
}

export async function keepRatingCounts(db: Db, eventId: number, raters: number, byRound: Record<string, number>, at: Date) {
  await db.insert(eveningRatingCounts).values({ eventId, raters, ratingsByRound: byRound, keptAt: at }).onConflictDoNothing();
}

/** The feedback forms of the evening, as far as the averages and improvements need them. */
export async function feedbackOf(db: Db, eventId: number) {
  return db
    .select({
      overallRating: eventFeedback.overallRating,
      venueRating: eventFeedback.venueRating,
      organizationRating: eventFeedback.organizationRating,
      matchQualityRating: eventFeedback.matchQualityRating,
      timingRating: eventFeedback.timingRating,
      wouldRecommend: eventFeedback.wouldRecommend,
      improvements: eventFeedback.improvements,
    })
    .from(eventFeedback)
    .where(eq(eventFeedback.eventId, eventId));
}

/** The evenings over by `now` hosted by `hostId` (every host's for null: admins), newest first. */
export async function eveningsOver(db: Db, hostId: number | null, now: Date, limit: number) {
  return db
    .select({ id: events.id })
    .from(events)
    .where(and(or(eq(events.status, 'completed'), lte(events.endsAt, now)), hostId === null ? isNotNull(events.id) : eq(events.hostId, hostId)))
    .orderBy(desc(events.date), desc(events.id))
    .limit(limit);
}

/** What the report needs of the evening beyond its public row: whether the host ended it, and when its ratings were deleted. */
export async function state(db: Db, eventId: number) {
  const [row] = await db
    .select({ status: events.status, endsAt: events.endsAt, purgedAt: events.personalDataPurgedAt })
    .from(events)
    .where(eq(events.id, eventId));
  return row!;
}
