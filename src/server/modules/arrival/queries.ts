import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { arrivalStates, events, venues } from '../../db/schema/index';

/** Where the evening happens: the venue's row when the event names one, else the event's venue text. */
export async function venueOf(db: Db, eventId: number) {
  return (
    (
      await db
        .select({
          eventVenue: events.venue,
          name: venues.name,
          address: venues.address,
          city: venues.city,
          latitude: venues.latitude,
          longitude: venues.longitude,
        })
        .from(events)
        .leftJoin(venues, eq(venues.id, events.venueId))
        .where(eq(events.id, eventId))
        .limit(1)
    )[0] ?? null
  );
}

export async function arrivalState(db: Db, eventId: number, userId: number) {
  return (
    (
      await db
        .select({
          permission: arrivalStates.permission,
          distanceM: arrivalStates.distanceM,
          accuracyM: arrivalStates.accuracyM,
          updatedAt: arrivalStates.updatedAt,
        })
        .from(arrivalStates)
        .where(and(eq(arrivalStates.eventId, eventId), eq(arrivalStates.userId, userId)))
        .limit(1)
    )[0] ?? null
  );
}

export async function saveArrivalState(
  db: Db,
  v: { eventId: number; userId: number; permission: 'granted' | 'denied'; distanceM: number | null; accuracyM: number | null; updatedAt: Date },
) {
  await db
    .insert(arrivalStates)
    .values(v)
    .onConflictDoUpdate({
      target: [arrivalStates.eventId, arrivalStates.userId],
      set: { permission: v.permission, distanceM: v.distanceM, accuracyM: v.accuracyM, updatedAt: v.updatedAt },
    });
}
