import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { events, hostApplications, registrations, userRoles, users, venues } from '../../db/schema/index';

const decider = alias(users, 'decider');
const applicant = alias(users, 'applicant');

const applicationColumns = {
  id: hostApplications.id,
  userId: hostApplications.userId,
  name: hostApplications.name,
  email: hostApplications.email,
  location: hostApplications.location,
  experience: hostApplications.experience,
  motivation: hostApplications.motivation,
  venueIdea: hostApplications.venueIdea,
  proposedEventDate: hostApplications.proposedEventDate,
  status: hostApplications.status,
  createdAt: hostApplications.createdAt,
  decidedAt: hostApplications.decidedAt,
  decidedBy: decider.name,
  accountName: applicant.name,
  accountEmail: applicant.email,
  accountCreatedAt: applicant.createdAt,
  /** Evenings the applicant was checked in at. */
  eveningsAttended: sql<number>`(select count(*)::int from ${registrations} r where r.user_id = ${hostApplications.userId} and r.checked_in)`,
  declineReason: hostApplications.declineReason,
};

export type ApplicationRow = NonNullable<Awaited<ReturnType<typeof findApplication>>>;

function selectApplications(db: Db) {
  return db
    .select(applicationColumns)
    .from(hostApplications)
    .leftJoin(decider, eq(decider.id, hostApplications.decidedBy))
    .leftJoin(applicant, eq(applicant.id, hostApplications.userId));
}

export async function findApplication(db: Db, id: number) {
  const [row] = await selectApplications(db).where(eq(hostApplications.id, id));
  return row ?? null;
}

/** The member's newest application: a pending one first, else the latest decided one. */
export async function latestApplicationOf(db: Db, userId: number) {
  const [row] = await selectApplications(db)
    .where(eq(hostApplications.userId, userId))
    .orderBy(sql`${hostApplications.status} = 'pending' desc`, desc(hostApplications.createdAt), desc(hostApplications.id))
    .limit(1);
  return row ?? null;
}

export type NewApplication = Pick<
  typeof hostApplications.$inferInsert,
  'userId' | 'name' | 'email' | 'location' | 'experience' | 'motivation' | 'venueIdea' | 'proposedEventDate'
>;

/**
 * One pending application per person, decided by the partial unique index
 * host_applications_one_pending: a second one (even at the same instant) inserts nothing and
 * answers null.
 */
export async function insertPendingApplication(db: Db, values: NewApplication) {
  const rows = await db
    .insert(hostApplications)
    .values({ ...values, status: 'pending' })
    .onConflictDoNothing({ target: hostApplications.userId, where: sql`status = 'pending'` })
    .returning({ id: hostApplications.id });
  return rows[0]?.id ?? null;
}

/** Pending ones oldest first (first come, first served), then the latest decided ones. */
export async function listApplications(db: Db, approvedLimit: number) {
  const pending = await selectApplications(db).where(eq(hostApplications.status, 'pending')).orderBy(asc(hostApplications.createdAt), asc(hostApplications.id));
  // Decided: approved or declined (a withdrawn one is the applicant's own business).
  const approved = await selectApplications(db)
    .where(inArray(hostApplications.status, ['approved', 'declined']))
    .orderBy(desc(hostApplications.decidedAt), desc(hostApplications.id))
    .limit(approvedLimit);
  return [...pending, ...approved];
}

/** Pending → declined with the reason, in one statement; null when it was not pending. */
export async function markDeclined(db: Db, id: number, adminId: number, reason: string) {
  const [row] = await db
    .update(hostApplications)
    .set({ status: 'declined', declineReason: reason, decidedBy: adminId, decidedAt: sql`now()` })
    .where(and(eq(hostApplications.id, id), eq(hostApplications.status, 'pending')))
    .returning({ id: hostApplications.id });
  return row ?? null;
}

/** The applicant's own pending application → withdrawn; null when it was not theirs or not pending. */
export async function markWithdrawn(db: Db, id: number, userId: number) {
  const [row] = await db
    .update(hostApplications)
    .set({ status: 'withdrawn', decidedAt: sql`now()` })
    .where(and(eq(hostApplications.id, id), eq(hostApplications.userId, userId), eq(hostApplications.status, 'pending')))
    .returning({ id: hostApplications.id });
  return row ?? null;
}

/** Pending → approved in one statement; null when it was not pending (already approved, or gone). */
export async function markApproved(db: Db, id: number, adminId: number) {
  const [row] = await db
    .update(hostApplications)
    .set({ status: 'approved', decidedBy: adminId, decidedAt: sql`now()` })
    .where(and(eq(hostApplications.id, id), eq(hostApplications.status, 'pending')))
    .returning({ id: hostApplications.id, userId: hostApplications.userId });
  return row ?? null;
}

interface ActiveHostRow {
  id: number;
  name: string;
  location: string | null;
  events_hosted: number;
  total_attendees: number;
  next_id: number | null;
  next_title: string | null;
  next_date_ms: number | null;
  next_start_time: string | null;
  next_venue: string | null;
  next_registrations: number | null;
  next_max: number | null;
}

/**
 * Active hosts: members holding the host role, and admins who host evenings. Figures come from
 * their evenings (events.host_id): evenings that have started, guests checked in across all of
 * them, and their next (or current) evening with its registrations. Their rating comes from the
 * feedback module (docs/decisions/0067).
 */
export async function activeHosts(db: Db, now: Date) {
  const result = await db.execute(sql`
    select u.id, u.name,
      coalesce(
        (select a.location from ${hostApplications} a where a.user_id = u.id and a.status = 'approved' order by a.decided_at desc nulls last, a.id desc limit 1),
        (select v.city from ${events} e join ${venues} v on v.id = e.venue_id where e.host_id = u.id order by e.date desc limit 1)
      ) as location,
      (select count(*)::int from ${events} e where e.host_id = u.id and e.date <= ${now.toISOString()}::timestamptz) as events_hosted,
      (select count(*)::int from ${registrations} r join ${events} e on e.id = r.event_id where e.host_id = u.id and r.checked_in) as total_attendees,
      nx.id as next_id, nx.title as next_title, (extract(epoch from nx.date) * 1000)::float8 as next_date_ms, nx.start_time as next_start_time, nx.venue as next_venue,
      nx.participant_count as next_registrations, nx.max_participants as next_max
    from ${users} u
    left join lateral (
      select e.id, e.title, e.date, e.start_time, e.venue, e.max_participants,
        (select count(*)::int from ${registrations} r where r.event_id = e.id) as participant_count
      from ${events} e
      where e.host_id = u.id and e.ends_at > ${now.toISOString()}::timestamptz and e.status <> 'completed'
      order by e.date asc, e.id asc limit 1
    ) nx on true
    where exists (select 1 from ${userRoles} ur where ur.user_id = u.id and ur.role = 'host')
       or (exists (select 1 from ${userRoles} ur where ur.user_id = u.id and ur.role = 'admin') and exists (select 1 from ${events} e where e.host_id = u.id))
    order by events_hosted desc, total_attendees desc, u.name asc, u.id asc
  `);
  return (result as unknown as { rows: ActiveHostRow[] }).rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    location: r.location,
    eventsHosted: Number(r.events_hosted),
    totalAttendees: Number(r.total_attendees),
    next:
      r.next_id === null
        ? null
        : {
            id: Number(r.next_id),
            title: r.next_title!,
            date: new Date(Number(r.next_date_ms)),
            startTime: r.next_start_time!,
            venue: r.next_venue!,
            registrations: Number(r.next_registrations),
            maxParticipants: Number(r.next_max),
          },
  }));
}
