import { and, asc, eq, gte, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, users, venues } from '../../db/schema/index';

/** What the public page shows of an evening: the evening, its venue's address and place, the host's name. */
const publicColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  date: events.date,
  endsAt: events.endsAt,
  startTime: events.startTime,
  endTime: events.endTime,
  price: events.price,
  /** Ended by the host, or past its end time (as the member screens read it, events/queries.ts). */
  ended: sql<boolean>`(${events.status} = 'completed' OR ${events.endsAt} < now())`,
  spotsLeft: sql<number>`(${events.maxParticipants} - ${events.seatsTaken})::int`,
  /** Registrations (paid, or booked when free): a hold at checkout is not someone going. */
  going: events.participantCount,
  maxParticipants: events.maxParticipants,
  ageRangeMin: events.ageRangeMin,
  ageRangeMax: events.ageRangeMax,
  roundDuration: events.roundDuration,
  priceIncludes: events.priceIncludes,
  createdAt: events.createdAt,
  venueName: events.venue,
  venueAddress: venues.address,
  venueCity: venues.city,
  latitude: venues.latitude,
  longitude: venues.longitude,
  venueAccess: venues.access,
  hostId: events.hostId,
  hostName: users.name,
  hostBio: users.bio,
  hostImage: users.profileImage,
};

export type PublicEveningRow = NonNullable<Awaited<ReturnType<typeof findPublicEvening>>>;

export async function findPublicEvening(db: Db, id: number) {
  return (
    (
      await db
        .select(publicColumns)
        .from(events)
        .leftJoin(venues, eq(venues.id, events.venueId))
        .leftJoin(users, eq(users.id, events.hostId))
        .where(eq(events.id, id))
        .limit(1)
    )[0] ?? null
  );
}

/** Evenings a visitor can still book or queue for (the sitemap): not ended, soonest first. */
export async function listOpenEvenings(db: Db, limit: number) {
  return db
    .select({ id: events.id, createdAt: events.createdAt })
    .from(events)
    .where(and(gte(events.endsAt, sql`now()`), eq(events.status, 'upcoming')))
    .orderBy(asc(events.date), asc(events.id))
    .limit(limit);
}

/** The host's other evenings a visitor can still book or queue for, soonest first. */
export async function hostOpenEvenings(db: Db, hostId: number, exceptId: number, limit: number) {
  return db
    .select({ id: events.id, title: events.title, date: events.date })
    .from(events)
    .where(and(eq(events.hostId, hostId), ne(events.id, exceptId), gte(events.endsAt, sql`now()`), eq(events.status, 'upcoming')))
    .orderBy(asc(events.date), asc(events.id))
    .limit(limit);
}
