import { count, countDistinct, eq, isNotNull, sql } from 'drizzle-orm';
import type { ShareAction, SharePlatform, ShareTemplateKey } from '@shared/domain/share-templates';
import { sourcePlatform, type ShareSource } from '@shared/domain/share-sources';
import type { Db } from '../../db/client';
import { events, pageVisits, registrations, shareEvents, signupSources } from '../../db/schema/index';

/** One Copy or Share. */
export async function insertShareEvent(
  db: Db,
  row: { userId: number | null; eventId: number | null; platform: SharePlatform; action: ShareAction; template: ShareTemplateKey },
) {
  const [inserted] = await db.insert(shareEvents).values(row).returning({
    id: shareEvents.id,
    platform: shareEvents.platform,
    action: shareEvents.action,
    template: shareEvents.template,
    eventId: shareEvents.eventId,
    createdAt: shareEvents.createdAt,
  });
  return inserted!;
}

/**
 * The source a new member arrived from (first touch): written once, at signup. The evening is kept
 * only if it exists (a link to a deleted evening still counts for its source).
 */
export async function insertSignupSource(db: Db, userId: number, source: ShareSource, eventId: number | null) {
  await db
    .insert(signupSources)
    .values({
      userId,
      source,
      platform: sourcePlatform(source),
      eventId: eventId === null ? null : sql`(SELECT ${events.id} FROM ${events} WHERE ${events.id} = ${eventId})`,
    })
    .onConflictDoNothing({ target: signupSources.userId });
}

/** One visit per browser session per evening: true when this one counted, false when the session had already. */
export async function insertVisit(db: Db, row: { eventId: number; source: ShareSource; sessionId: string }) {
  const inserted = await db
    .insert(pageVisits)
    .values(row)
    .onConflictDoNothing({ target: [pageVisits.eventId, pageVisits.sessionId] })
    .returning({ id: pageVisits.id });
  return inserted.length > 0;
}

/** A signup's source; rows from before sources had a medium read as their platform's post. */
const signupSource = sql<string>`coalesce(${signupSources.source}, ${signupSources.platform} || '-post')`;

/** Visits per source, for one evening or all. */
export async function visitsBySource(db: Db, eventId: number | null) {
  return db
    .select({ source: pageVisits.source, visits: sql<number>`count(*)::int` })
    .from(pageVisits)
    .where(eventId === null ? undefined : eq(pageVisits.eventId, eventId))
    .groupBy(pageVisits.source);
}

/** Signups per source: new members whose first visit came through it (for one evening: landed on its page). */
export async function signupsBySource(db: Db, eventId: number | null) {
  return db
    .select({ source: signupSource, signups: sql<number>`count(*)::int` })
    .from(signupSources)
    .where(eventId === null ? undefined : eq(signupSources.eventId, eventId))
    .groupBy(signupSource);
}

/**
 * Seats per source: the registrations of members who arrived through it. A registration exists only
 * once paid (or booked, when free) and is deleted when cancelled, so a hold is not a seat and a
 * cancelled one stops counting (docs/decisions/0004).
 */
export async function seatsBySource(db: Db, eventId: number | null) {
  return db
    .select({ source: signupSource, seats: sql<number>`count(*)::int` })
    .from(registrations)
    .innerJoin(signupSources, eq(signupSources.userId, registrations.userId))
    .where(eventId === null ? undefined : eq(registrations.eventId, eventId))
    .groupBy(signupSource);
}

/** Distinct templates, every copy and share, distinct platforms. */
export async function totals(db: Db) {
  const [row] = await db
    .select({ templatesUsed: countDistinct(shareEvents.template), timesShared: count(), platformsReached: countDistinct(shareEvents.platform) })
    .from(shareEvents);
  return { templatesUsed: Number(row?.templatesUsed ?? 0), timesShared: Number(row?.timesShared ?? 0), platformsReached: Number(row?.platformsReached ?? 0) };
}

/** Copies and shares per platform (platforms with none are absent). */
export async function actionsByPlatform(db: Db) {
  return db
    .select({
      platform: shareEvents.platform,
      copies: sql<number>`(count(*) FILTER (WHERE ${shareEvents.action} = 'copy'))::int`,
      shares: sql<number>`(count(*) FILTER (WHERE ${shareEvents.action} = 'share'))::int`,
    })
    .from(shareEvents)
    .groupBy(shareEvents.platform);
}

/** Signups per platform (platforms with none, and the flyers, are absent). */
export async function signupsByPlatform(db: Db) {
  return db
    .select({ platform: signupSources.platform, signups: sql<number>`count(*)::int` })
    .from(signupSources)
    .where(isNotNull(signupSources.platform))
    .groupBy(signupSources.platform);
}
