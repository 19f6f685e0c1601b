import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import { TIME_ZONE } from '@shared/domain/time';
import type { Db } from '../../db/client';
import { events, registrations, userRoles, users, venueHosts, venues, venueSlots } from '../../db/schema/index';

// Correlated subqueries name the outer table explicitly: inside `sql`, drizzle renders a column
// of the selected table as a bare "id", which the subquery would read as its own table's id.
const venueColumns = {
  id: venues.id,
  name: venues.name,
  address: venues.address,
  city: venues.city,
  capacity: venues.capacity,
  amenities: venues.amenities,
  contactInfo: venues.contactInfo,
  pricePerHour: venues.pricePerHour,
  isActive: venues.isActive,
  latitude: venues.latitude,
  longitude: venues.longitude,
  access: venues.access,
  ownerId: venues.createdBy,
  /** The owner's name, for the hosts who may not book the venue: whom to ask (docs/decisions/0012). */
  ownerName: sql<string | null>`(SELECT u.name FROM ${users} u WHERE u.id = ${venues}.created_by)`,
  activeEventCount: sql<number>`(SELECT count(*)::int FROM ${events} e WHERE e.venue_id = ${venues}.id AND e.ends_at >= now() AND e.status = 'upcoming')`,
  nextEventTitle: sql<string | null>`(SELECT e.title FROM ${events} e WHERE e.venue_id = ${venues}.id AND e.date >= now() ORDER BY e.date LIMIT 1)`,
  nextEventDate: sql<
    string | null
  >`(SELECT to_char(e.date AT TIME ZONE ${TIME_ZONE}, 'YYYY-MM-DD"T"HH24:MI') FROM ${events} e WHERE e.venue_id = ${venues}.id AND e.date >= now() ORDER BY e.date LIMIT 1)`,
};

export type VenueRow = NonNullable<Awaited<ReturnType<typeof findVenue>>>;

export async function listVenues(db: Db) {
  return db.select(venueColumns).from(venues).orderBy(asc(venues.name), asc(venues.id));
}

export async function findVenue(db: Db, id: number) {
  return (await db.select(venueColumns).from(venues).where(eq(venues.id, id)).limit(1))[0] ?? null;
}

/** The venue's access facts as stored (docs/decisions/0077); undefined when there is no such venue. */
export async function accessOf(db: Db, id: number) {
  return (await db.select({ access: venues.access }).from(venues).where(eq(venues.id, id)).limit(1))[0]?.access;
}

export async function insertVenue(db: Db, values: typeof venues.$inferInsert) {
  const [row] = await db.insert(venues).values(values).returning({ id: venues.id });
  return row!.id;
}

export async function updateVenue(db: Db, id: number, values: Partial<typeof venues.$inferInsert>) {
  const rows = await db.update(venues).set(values).where(eq(venues.id, id)).returning({ id: venues.id });
  return rows.length > 0;
}

export async function slotsBetween(db: Db, venueId: number, from: string, to: string) {
  return db
    .select()
    .from(venueSlots)
    .where(and(eq(venueSlots.venueId, venueId), gte(venueSlots.day, from), lte(venueSlots.day, to)))
    .orderBy(asc(venueSlots.day), asc(venueSlots.startTime));
}

/** Slots on that day overlapping [start, end). */
export async function overlappingSlots(db: Db, venueId: number, day: string, startTime: string, endTime: string) {
  return db
    .select()
    .from(venueSlots)
    .where(and(eq(venueSlots.venueId, venueId), eq(venueSlots.day, day), sql`${venueSlots.startTime} < ${endTime}`, sql`${venueSlots.endTime} > ${startTime}`));
}

/** Events at the venue whose London day is in [from, to], with live registration counts. */
export async function bookingsBetween(db: Db, venueId: number, from: string, to: string) {
  return db
    .select({
      eventId: events.id,
      title: events.title,
      day: sql<string>`to_char(${events.date} AT TIME ZONE ${TIME_ZONE}, 'YYYY-MM-DD')`,
      startTime: events.startTime,
      endTime: events.endTime,
      maxParticipants: events.maxParticipants,
      registrations: sql<number>`(SELECT count(*)::int FROM ${registrations} r WHERE r.event_id = ${events}.id)`,
    })
    .from(events)
    .where(and(eq(events.venueId, venueId), sql`(${events.date} AT TIME ZONE ${TIME_ZONE})::date BETWEEN ${from}::date AND ${to}::date`))
    .orderBy(asc(events.date));
}

export async function insertSlot(db: Db, values: typeof venueSlots.$inferInsert) {
  const [row] = await db.insert(venueSlots).values(values).returning();
  return row!;
}

export async function deleteSlot(db: Db, venueId: number, slotId: number) {
  const rows = await db
    .delete(venueSlots)
    .where(and(eq(venueSlots.id, slotId), eq(venueSlots.venueId, venueId)))
    .returning({ id: venueSlots.id });
  return rows.length > 0;
}

/* Who may edit a venue: its owner (created_by), its co-hosts (venue_hosts) and admins. */

/** The venues this user is a co-host of. */
export async function coHostedVenueIds(db: Db, userId: number) {
  const rows = await db.select({ venueId: venueHosts.venueId }).from(venueHosts).where(eq(venueHosts.userId, userId));
  return new Set(rows.map((r) => r.venueId));
}

export async function isCoHost(db: Db, venueId: number, userId: number) {
  const rows = await db
    .select({ venueId: venueHosts.venueId })
    .from(venueHosts)
    .where(and(eq(venueHosts.venueId, venueId), eq(venueHosts.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

export async function listCoHosts(db: Db, venueId: number) {
  return db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(venueHosts)
    .innerJoin(users, eq(users.id, venueHosts.userId))
    .where(eq(venueHosts.venueId, venueId))
    .orderBy(asc(venueHosts.addedAt), asc(users.id));
}

/** A user by e-mail with whether they hold a stored role (host or admin). */
export async function findUserWithRoles(db: Db, email: string) {
  const [user] = await db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(eq(users.email, email)).limit(1);
  if (!user) return null;
  const roles = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, user.id));
  return { ...user, roles: roles.map((r) => r.role) };
}

export async function addCoHost(db: Db, venueId: number, userId: number) {
  await db.insert(venueHosts).values({ venueId, userId }).onConflictDoNothing();
}

export async function removeCoHost(db: Db, venueId: number, userId: number) {
  const rows = await db
    .delete(venueHosts)
    .where(and(eq(venueHosts.venueId, venueId), eq(venueHosts.userId, userId)))
    .returning({ userId: venueHosts.userId });
  return rows.length > 0;
}
