import { count, countDistinct, sql } from 'drizzle-orm';
import type { SharePlatform, ShareAction, ShareTemplateKey } from '@shared/domain/share-templates';
import type { Db } from '../../db/client';
import { shareEvents, signupSources } from '../../db/schema/index';

/** One Copy or Share. */
export async function insertShareEvent(db: Db, row: { userId: number | null; eventId: number | null; platform: SharePlatform; action: ShareAction; template: ShareTemplateKey }) {
  const [inserted] = await db
    .insert(shareEvents)
    .values(row)
    .returning({ id: shareEvents.id, platform: shareEvents.platform, action: shareEvents.action, template: shareEvents.template, eventId: shareEvents.eventId, createdAt: shareEvents.createdAt });
  return inserted!;
}

/** The platform a new member arrived from; a member has one (the first one stays). */
export async function insertSignupSource(db: Db, userId: number, platform: SharePlatform) {
  await db.insert(signupSources).values({ userId, platform }).onConflictDoNothing({ target: signupSources.userId });
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

/** Signups per platform (platforms with none are absent). */
export async function signupsByPlatform(db: Db) {
  return db
    .select({ platform: signupSources.platform, signups: sql<number>`count(*)::int` })
    .from(signupSources)
    .groupBy(signupSources.platform);
}
