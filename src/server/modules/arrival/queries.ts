import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accessNeeds, arrivalStates, events, registrations, users, venues } from '../../db/schema/index';
import { guestColumns, guestNoteJoin, type GuestRow } from '../door/service';

/**
 * Everything a guest's arrival reads, in one statement (issue 37: a rush of self check-ins at the
 * door, each once five statements before its flip): the guest's registration as the door sees it,
 * where the evening happens, and the guest's last location report. Null: not a guest of the evening.
 */
export async function arrivalOf(db: Db, eventId: number, userId: number) {
  const [row] = await db
    .select({
      guest: guestColumns,
      eventVenue: events.venue,
      venueName: venues.name,
      address: venues.address,
      city: venues.city,
      latitude: venues.latitude,
      longitude: venues.longitude,
      permission: arrivalStates.permission,
      distanceM: arrivalStates.distanceM,
      accuracyM: arrivalStates.accuracyM,
      updatedAt: arrivalStates.updatedAt,
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .innerJoin(events, eq(events.id, registrations.eventId))
    .leftJoin(venues, eq(venues.id, events.venueId))
    .leftJoin(accessNeeds, guestNoteJoin)
    .leftJoin(arrivalStates, and(eq(arrivalStates.eventId, registrations.eventId), eq(arrivalStates.userId, registrations.userId)))
    .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId)))
    .limit(1);
  if (!row) return null;
  const guest: GuestRow = row.guest;
  const venue = { eventVenue: row.eventVenue, name: row.venueName, address: row.address, city: row.city, latitude: row.latitude, longitude: row.longitude };
  const state =
    row.permission !== null && row.updatedAt !== null
      ? { permission: row.permission, distanceM: row.distanceM, accuracyM: row.accuracyM, updatedAt: row.updatedAt }
      : null;
  return { guest, venue, state };
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
