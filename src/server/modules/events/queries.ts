import { and, asc, count, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { runPrepared, type PreparedStatement } from '../../db/prepared';
import { blocks, events, eventWaitlist, registrations, users, venues } from '../../db/schema/index';

export const eventColumns = {
  id: events.id,
  title: events.title,
  description: events.description,
  date: events.date,
  endsAt: events.endsAt,
  startTime: events.startTime,
  endTime: events.endTime,
  venue: events.venue,
  venueId: events.venueId,
  price: events.price,
  /** Completed once ended by the host or past its end time. */
  status: sql<'upcoming' | 'completed'>`CASE WHEN ${events.status} = 'completed' OR ${events.endsAt} < now() THEN 'completed' ELSE 'upcoming' END`,
  maxParticipants: events.maxParticipants,
  participantCount: events.participantCount,
  spotsLeft: sql<number>`(${events.maxParticipants} - ${events.seatsTaken})::int`,
  /** Seats offered to the first in line on the waitlist and held for them (docs/decisions/0016): taken, but not by a guest yet. */
  // Qualified by hand: in a one-table select drizzle writes bare column names, and a bare "id" in the subquery would be the waitlist row's.
  // An offer for two holds two seats (docs/decisions/0075).
  seatsHeldForWaitlist: sql<number>`(SELECT coalesce(sum(w.seats), 0)::int FROM event_waitlist w WHERE w.event_id = "events"."id" AND w.status = 'offered')`,
  ageRangeMin: events.ageRangeMin,
  ageRangeMax: events.ageRangeMax,
  roundDuration: events.roundDuration,
  priceIncludes: events.priceIncludes,
  hostId: events.hostId,
};

export async function listEvents(db: Db) {
  return db.select(eventColumns).from(events).orderBy(asc(events.date), asc(events.id));
}

export async function listUpcoming(db: Db) {
  return db
    .select(eventColumns)
    .from(events)
    .where(and(gte(events.endsAt, sql`now()`), eq(events.status, 'upcoming')))
    .orderBy(asc(events.date), asc(events.id));
}

export type EventRow = NonNullable<Awaited<ReturnType<typeof findEventAsDrizzleReads>>>;

/** The row as drizzle reads eventColumns: inside a transaction, and the reference the prepared statement is tested against. */
export async function findEventAsDrizzleReads(db: Db, id: number) {
  return (await db.select(eventColumns).from(events).where(eq(events.id, id)).limit(1))[0] ?? null;
}

/**
 * eventColumns as one prepared statement (docs/decisions/0102): the event is read by nearly every
 * request (a door scan, a rating's refusal, a message read, a form) and was the costliest statement
 * of a rush after the session's (1 ms of parsing and planning for a one-row read). Instants come as
 * epoch ms, as the session's do. events.test.ts keeps it equal to the drizzle read, row for row.
 */
const FIND_EVENT: PreparedStatement = {
  name: 'find_event',
  text: `
    SELECT e.id, e.title, e.description, (extract(epoch from e.date) * 1000)::float8 AS date_ms,
      (extract(epoch from e.ends_at) * 1000)::float8 AS ends_ms, e.start_time, e.end_time, e.venue, e.venue_id, e.price,
      CASE WHEN e.status = 'completed' OR e.ends_at < now() THEN 'completed' ELSE 'upcoming' END AS status,
      e.max_participants, e.participant_count, (e.max_participants - e.seats_taken)::int AS spots_left,
      (SELECT coalesce(sum(w.seats), 0)::int FROM event_waitlist w WHERE w.event_id = e.id AND w.status = 'offered') AS held,
      e.age_range_min, e.age_range_max, e.round_duration, e.price_includes, e.host_id
    FROM events e WHERE e.id = $1::int LIMIT 1`,
};

interface FoundEvent {
  id: number;
  title: string;
  description: string | null;
  date_ms: number;
  ends_ms: number;
  start_time: string;
  end_time: string;
  venue: string;
  venue_id: number | null;
  price: number;
  status: 'upcoming' | 'completed';
  max_participants: number;
  participant_count: number;
  spots_left: number;
  held: number;
  age_range_min: number;
  age_range_max: number;
  round_duration: number;
  price_includes: string | null;
  host_id: number | null;
}

/** A drizzle transaction has no client of its own: it reads through drizzle, on its connection. */
const inTransaction = (db: Db) => !(db as unknown as { $client?: unknown }).$client;

export async function findEvent(db: Db, id: number): Promise<EventRow | null> {
  if (!Number.isSafeInteger(id) || Math.abs(id) > 2_147_483_647) return null;
  if (inTransaction(db)) return findEventAsDrizzleReads(db, id);
  const [r] = await runPrepared<FoundEvent>(db, FIND_EVENT, [id]);
  if (!r) return null;
  return {
    id: r.id,
    title: r.title,
    description: r.description,
    date: new Date(Number(r.date_ms)),
    endsAt: new Date(Number(r.ends_ms)),
    startTime: r.start_time,
    endTime: r.end_time,
    venue: r.venue,
    venueId: r.venue_id,
    price: r.price,
    status: r.status,
    maxParticipants: r.max_participants,
    participantCount: r.participant_count,
    spotsLeft: r.spots_left,
    seatsHeldForWaitlist: r.held,
    ageRangeMin: r.age_range_min,
    ageRangeMax: r.age_range_max,
    roundDuration: r.round_duration,
    priceIncludes: r.price_includes,
    hostId: r.host_id,
  };
}

/** The public demo evening: the first flagged demo event (the launch night at The Wine Bar). */
export async function findDemoEvent(db: Db) {
  return (await db.select(eventColumns).from(events).where(eq(events.isDemo, true)).orderBy(asc(events.date), asc(events.id)).limit(1))[0] ?? null;
}

export async function eventsAtVenue(db: Db, venueId: number) {
  return db.select(eventColumns).from(events).where(eq(events.venueId, venueId)).orderBy(asc(events.date));
}

/**
 * Lock the venue's row until the transaction ends, so that bookings of one venue are checked
 * and written one at a time (two hosts booking the same hour: the second sees the first).
 */
export async function lockVenue(db: Db, venueId: number) {
  await db.select({ id: venues.id }).from(venues).where(eq(venues.id, venueId)).for('update');
}

/** The first evening at the venue whose time overlaps [start, end) (touching ends do not overlap). */
export async function overlappingEvent(db: Db, venueId: number, start: Date, end: Date, exceptId?: number) {
  return (
    (
      await db
        .select({ id: events.id, title: events.title, date: events.date, startTime: events.startTime, endTime: events.endTime })
        .from(events)
        .where(
          and(
            eq(events.venueId, venueId),
            lt(events.date, end),
            gt(events.endsAt, start),
            exceptId === undefined ? undefined : sql`${events.id} <> ${exceptId}`,
          ),
        )
        .orderBy(asc(events.date))
        .limit(1)
    )[0] ?? null
  );
}

export async function insertEvent(db: Db, values: typeof events.$inferInsert) {
  const [row] = await db.insert(events).values(values).returning({ id: events.id });
  return row!.id;
}

/** PATCH /api/events/{id}: the fields its host may change. */
export async function updateEvent(db: Db, id: number, values: Pick<typeof events.$inferInsert, 'priceIncludes'>) {
  await db.update(events).set(values).where(eq(events.id, id));
}

/** Where these venues are: street address, city and entrance coordinates, by venue id. */
export async function venuePlaces(db: Db, venueIds: number[]) {
  if (venueIds.length === 0) return [];
  return db
    .select({ id: venues.id, address: venues.address, city: venues.city, latitude: venues.latitude, longitude: venues.longitude })
    .from(venues)
    .where(inArray(venues.id, venueIds));
}

/** A member's age as their profile gives it (the age range of an evening is checked against it). */
export async function ageOf(db: Db, userId: number) {
  return (await db.select({ age: users.age }).from(users).where(eq(users.id, userId)).limit(1))[0]?.age ?? null;
}

export async function findRegistration(db: Db, eventId: number, userId: number) {
  return (
    (
      await db
        .select({
          id: registrations.id,
          eventId: registrations.eventId,
          userId: registrations.userId,
          checkedIn: registrations.checkedIn,
          checkedInAt: registrations.checkedInAt,
          ticketCode: registrations.ticketCode,
          paymentId: registrations.paymentId,
          createdAt: registrations.createdAt,
        })
        .from(registrations)
        .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId)))
        .limit(1)
    )[0] ?? null
  );
}

export async function participants(db: Db, eventId: number) {
  return db
    .select({
      id: registrations.id,
      userId: registrations.userId,
      checkedIn: registrations.checkedIn,
      name: users.name,
      age: users.age,
      bio: users.bio,
      interests: users.interests,
      profileImage: users.profileImage,
      personalityTraits: users.personalityTraits,
    })
    .from(registrations)
    .innerJoin(users, eq(users.id, registrations.userId))
    .where(eq(registrations.eventId, eventId))
    .orderBy(asc(registrations.createdAt), asc(registrations.id));
}

/** A member's own interests (a host on /badges who is not a guest of the evening). */
export async function interestsOf(db: Db, userId: number) {
  return (await db.select({ interests: users.interests }).from(users).where(eq(users.id, userId)).limit(1))[0]?.interests ?? [];
}

export async function userEvents(db: Db, userId: number) {
  return db
    .select({ ...eventColumns, checkedIn: registrations.checkedIn, registeredAt: registrations.createdAt })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(eq(registrations.userId, userId))
    .orderBy(desc(events.date));
}

export async function calendarTokenOwner(db: Db, token: string) {
  return (await db.select({ id: users.id, name: users.name }).from(users).where(eq(users.calendarToken, token)).limit(1))[0] ?? null;
}

export async function calendarToken(db: Db, userId: number) {
  return (await db.select({ token: users.calendarToken }).from(users).where(eq(users.id, userId)).limit(1))[0]?.token ?? null;
}

export async function contactOf(db: Db, userId: number) {
  return (await db.select({ email: users.email, name: users.name }).from(users).where(eq(users.id, userId)).limit(1))[0] ?? null;
}

/** The viewer's own place: waiting (with the number of people ahead) or offered. */
export async function waitlistPlace(db: Db, eventId: number, userId: number) {
  const [row] = await db
    .select({ id: eventWaitlist.id, status: eventWaitlist.status, createdAt: eventWaitlist.createdAt, offerExpiresAt: eventWaitlist.offerExpiresAt })
    .from(eventWaitlist)
    .where(and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.userId, userId)));
  if (!row || (row.status !== 'waiting' && row.status !== 'offered')) return null;
  if (row.status === 'offered') return { status: 'offered' as const, offerExpiresAt: row.offerExpiresAt!, joinedAt: row.createdAt };
  const [ahead] = await db
    .select({ n: count() })
    .from(eventWaitlist)
    .where(
      and(
        eq(eventWaitlist.eventId, eventId),
        eq(eventWaitlist.status, 'waiting'),
        sql`(${eventWaitlist.createdAt}, ${eventWaitlist.id}) < (${row.createdAt.toISOString()}::timestamptz, ${row.id})`,
      ),
    );
  return { status: 'waiting' as const, position: Number(ahead?.n ?? 0) + 1, joinedAt: row.createdAt };
}

/** People with a block between them and this member, either way (docs/decisions/0041): each hidden from the other. */
export async function blockedWith(db: Db, userId: number): Promise<number[]> {
  const r = await db.execute(
    sql`select blocked_id as id from ${blocks} where blocker_id = ${userId} union select blocker_id from ${blocks} where blocked_id = ${userId}`,
  );
  return (r as unknown as { rows: { id: number }[] }).rows.map((x) => Number(x.id));
}
