import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { previewOptOuts, rateLimits, registrations, users, venues } from '../../db/schema/index';

/**
 * The registered guests of an evening with what the preview scores (age, interests, traits,
 * communication style) and whether they opted out of others' previews. Names are cut to the
 * first name by the service; e-mail and phone are never read here.
 */
export async function guests(db: Db, eventId: number) {
  return db
    .select({
      userId: users.id,
      name: users.name,
      age: users.age,
      interests: users.interests,
      personalityTraits: users.personalityTraits,
      communicationStyle: users.communicationStyle,
      optedOut: sql<boolean>`${previewOptOuts.userId} IS NOT NULL`,
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .leftJoin(previewOptOuts, eq(previewOptOuts.userId, users.id))
    .where(eq(registrations.eventId, eventId))
    .orderBy(asc(registrations.createdAt), asc(registrations.id));
}

export async function registeredCount(db: Db, eventId: number) {
  const [row] = await db.select({ n: count() }).from(registrations).where(eq(registrations.eventId, eventId));
  return Number(row?.n ?? 0);
}

export async function venue(db: Db, venueId: number) {
  return (
    (
      await db
        .select({ name: venues.name, address: venues.address, city: venues.city, latitude: venues.latitude, longitude: venues.longitude })
        .from(venues)
        .where(eq(venues.id, venueId))
        .limit(1)
    )[0] ?? null
  );
}

export async function isOptedOut(db: Db, userId: number) {
  return (await db.select({ userId: previewOptOuts.userId }).from(previewOptOuts).where(eq(previewOptOuts.userId, userId)).limit(1)).length > 0;
}

/** Opt out (idempotent: a second opt-out keeps the first row). */
export async function optOut(db: Db, userId: number) {
  await db.insert(previewOptOuts).values({ userId }).onConflictDoNothing();
}

/** Opt back in (idempotent). */
export async function optIn(db: Db, userId: number) {
  await db.delete(previewOptOuts).where(eq(previewOptOuts.userId, userId));
}

/** Give back a rate-limit hit (the reminder could not be sent, so it does not count). */
export async function forgetHit(db: Db, key: string) {
  await db.delete(rateLimits).where(and(eq(rateLimits.key, key), eq(rateLimits.count, 1)));
}
