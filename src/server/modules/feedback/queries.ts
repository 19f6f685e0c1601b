import { and, asc, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { EmojiKey } from '@shared/domain/feedback';
import type { FeedbackFormValues } from '@shared/schemas/feedback';
import type { Db } from '../../db/client';
import { emojiFeedback, eventFeedback, events, registrations } from '../../db/schema/index';

/* ------------------------------------------------------------------ emoji */

/**
 * The member's reaction, set in one statement on the primary key (event, member): a new one is
 * inserted, another emoji replaces it, the same emoji changes nothing (not even updated_at).
 */
export async function upsertEmoji(db: Db, eventId: number, userId: number, emoji: EmojiKey) {
  await db
    .insert(emojiFeedback)
    .values({ eventId, userId, emoji })
    .onConflictDoUpdate({
      target: [emojiFeedback.eventId, emojiFeedback.userId],
      set: { emoji, updatedAt: sql`now()` },
      setWhere: sql`${emojiFeedback.emoji} <> excluded.emoji`,
    });
}

export async function findEmoji(db: Db, eventId: number, userId: number) {
  const [row] = await db
    .select({ emoji: emojiFeedback.emoji })
    .from(emojiFeedback)
    .where(and(eq(emojiFeedback.eventId, eventId), eq(emojiFeedback.userId, userId)))
    .limit(1);
  return (row?.emoji as EmojiKey | undefined) ?? null;
}

/**
 * Every reaction to the evening by a guest checked in at it, newest first, without who gave it. A
 * reaction stored before that rule (issue 33), or by a guest since removed, is not counted.
 */
export async function listEmoji(db: Db, eventId: number) {
  return db
    .select({ emoji: emojiFeedback.emoji })
    .from(emojiFeedback)
    .innerJoin(registrations, and(eq(registrations.eventId, emojiFeedback.eventId), eq(registrations.userId, emojiFeedback.userId)))
    .where(and(eq(emojiFeedback.eventId, eventId), eq(registrations.checkedIn, true)))
    .orderBy(desc(emojiFeedback.updatedAt), desc(emojiFeedback.userId));
}

/* ------------------------------------------------------------------ the form */

const responseColumns = {
  id: eventFeedback.id,
  eventId: eventFeedback.eventId,
  userId: eventFeedback.userId,
  overallRating: eventFeedback.overallRating,
  venueRating: eventFeedback.venueRating,
  organizationRating: eventFeedback.organizationRating,
  matchQualityRating: eventFeedback.matchQualityRating,
  timingRating: eventFeedback.timingRating,
  wouldRecommend: eventFeedback.wouldRecommend,
  improvements: eventFeedback.improvements,
  favoriteAspect: eventFeedback.favoriteAspect,
  additionalComments: eventFeedback.additionalComments,
  submittedAt: eventFeedback.submittedAt,
  updatedAt: eventFeedback.updatedAt,
};

export type ResponseRow = NonNullable<Awaited<ReturnType<typeof findResponse>>>;

export async function findResponse(db: Db, eventId: number, userId: number) {
  const [row] = await db
    .select(responseColumns)
    .from(eventFeedback)
    .where(and(eq(eventFeedback.eventId, eventId), eq(eventFeedback.userId, userId)))
    .limit(1);
  return row ?? null;
}

/**
 * The guest's response, created or changed in one statement on the unique (event, guest) index, so
 * two submissions at once still leave one row. `created` is true when this statement inserted it.
 */
export async function upsertResponse(db: Db, eventId: number, userId: number, v: FeedbackFormValues) {
  const values = {
    overallRating: v.overallRating,
    venueRating: v.venueRating,
    organizationRating: v.organizationRating,
    matchQualityRating: v.matchQualityRating,
    timingRating: v.timingRating,
    wouldRecommend: v.wouldRecommend,
    improvements: v.improvements,
    favoriteAspect: v.favoriteAspect,
    additionalComments: v.additionalComments,
  };
  const [row] = await db
    .insert(eventFeedback)
    .values({ eventId, userId, ...values })
    .onConflictDoUpdate({ target: [eventFeedback.eventId, eventFeedback.userId], set: { ...values, updatedAt: sql`now()` } })
    .returning({ ...responseColumns, created: sql<boolean>`(xmax = 0)` });
  return row!;
}

/** Every response to the evening, newest first (the insights; names are never read). */
export async function responsesOf(db: Db, eventId: number) {
  return db
    .select(responseColumns)
    .from(eventFeedback)
    .where(eq(eventFeedback.eventId, eventId))
    .orderBy(desc(eventFeedback.submittedAt), desc(eventFeedback.id));
}

export async function guestCount(db: Db, eventId: number) {
  const [row] = await db.select({ n: count() }).from(registrations).where(eq(registrations.eventId, eventId));
  return Number(row?.n ?? 0);
}

/**
 * The same host's latest evening before this one (by start) that has at least one response, with
 * the overall ratings it received; null when there is none.
 */
export async function previousRatedEvening(db: Db, hostId: number, before: Date, exceptId: number) {
  const [prev] = await db
    .select({ id: events.id, title: events.title, date: events.date })
    .from(events)
    .where(
      and(
        eq(events.hostId, hostId),
        lt(events.date, before),
        sql`${events.id} <> ${exceptId}`,
        sql`exists (select 1 from ${eventFeedback} f where f.event_id = ${events.id})`,
      ),
    )
    .orderBy(desc(events.date), desc(events.id))
    .limit(1);
  if (!prev) return null;
  const ratings = await db
    .select({ overallRating: eventFeedback.overallRating })
    .from(eventFeedback)
    .where(eq(eventFeedback.eventId, prev.id))
    .orderBy(asc(eventFeedback.id));
  return { ...prev, ratings: ratings.map((r) => r.overallRating) };
}

/* ------------------------------------------------------------------ a host's rating */

/**
 * Per host, the feedback that counts towards their public rating (docs/decisions/0067): from a
 * guest of the evening who was checked in with their ticket (scan, code), checked themself in
 * (self, location), or paid for the place; not a free booking checked in by hand by name
 * (search), and never the host's own. Its unrounded average, how many, and from how many evenings.
 */
export async function hostRatings(db: Db) {
  const result = await db.execute(sql`
    select e.host_id, avg(f.overall_rating)::float8 as average, count(*)::int as reviews, count(distinct f.event_id)::int as evenings
    from ${eventFeedback} f
    join ${events} e on e.id = f.event_id
    join ${registrations} r on r.event_id = f.event_id and r.user_id = f.user_id
    where e.host_id is not null and f.user_id <> e.host_id and r.checked_in
      and (r.payment_id is not null or r.check_in_method in ('scan', 'code', 'self', 'location'))
    group by e.host_id`);
  return (result as unknown as { rows: { host_id: number; average: number | string | null; reviews: number; evenings: number }[] }).rows.map((r) => ({
    hostId: Number(r.host_id),
    average: r.average === null ? null : Number(r.average),
    reviews: Number(r.reviews),
    evenings: Number(r.evenings),
  }));
}
