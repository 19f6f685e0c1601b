import { and, asc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { eventTimers, events, registrations, rotations, roundHistory, users } from '../../db/schema/index';
import type { TimerState } from '@shared/domain/timer';

type TimerRow = typeof eventTimers.$inferSelect;

export function toState(r: TimerRow): TimerState {
  return {
    phase: r.phase,
    currentRound: r.currentRound,
    roundDuration: r.roundDuration,
    endsAt: r.endsAt ? r.endsAt.getTime() : null,
    remainingMs: r.remainingMs,
    autoAdvance: r.autoAdvance,
    version: r.version,
  };
}

/** The event's timer, created idle on first use. */
export async function getOrCreateTimer(db: Db, eventId: number, roundDuration: number) {
  await db.insert(eventTimers).values({ eventId, roundDuration }).onConflictDoNothing();
  const row = (await db.select().from(eventTimers).where(eq(eventTimers.eventId, eventId)))[0]!;
  return toState(row);
}

export async function findTimer(db: Db, eventId: number) {
  const row = (await db.select().from(eventTimers).where(eq(eventTimers.eventId, eventId)))[0];
  return row ? toState(row) : null;
}

/**
 * Write the next state only if nobody moved the timer since we read it (optimistic lock on
 * version). Exactly one of several racing instances or hosts wins each transition.
 */
export async function writeTimerIf(db: Db, eventId: number, expectedVersion: number, next: TimerState) {
  const rows = await db
    .update(eventTimers)
    .set({
      phase: next.phase,
      currentRound: next.currentRound,
      roundDuration: next.roundDuration,
      endsAt: next.endsAt === null ? null : new Date(next.endsAt),
      remainingMs: next.remainingMs === null ? null : Math.round(next.remainingMs),
      autoAdvance: next.autoAdvance,
      version: next.version,
      updatedAt: sql`now()`,
    })
    .where(and(eq(eventTimers.eventId, eventId), eq(eventTimers.version, expectedVersion)))
    .returning({ eventId: eventTimers.eventId });
  return rows.length > 0;
}

export async function dueTimers(db: Db) {
  return db
    .select({ eventId: eventTimers.eventId })
    .from(eventTimers)
    .where(and(inArray(eventTimers.phase, ['active', 'grace']), lt(eventTimers.endsAt, sql`now() + interval '50 milliseconds'`)));
}

export async function runningTimers(db: Db) {
  return db.select().from(eventTimers).where(inArray(eventTimers.phase, ['active', 'grace']));
}

export async function dbNow(db: Db) {
  const r = await db.execute<{ now: string }>(sql`select (extract(epoch from clock_timestamp()) * 1000)::text as now`);
  return Number((r as unknown as { rows: { now: string }[] }).rows[0]!.now);
}

export async function closeRound(db: Db, eventId: number, round: number, status: 'completed' | 'skipped' = 'completed') {
  await db
    .update(roundHistory)
    .set({ endedAt: sql`now()`, status })
    .where(and(eq(roundHistory.eventId, eventId), eq(roundHistory.round, round), eq(roundHistory.status, 'active')));
}

/**
 * A round starts: the round the room was in (if any) is completed and this one opened, in one
 * statement (a host's Next Round costs a fixed, small number of queries, docs/decisions/0022).
 */
export async function startRound(db: Db, eventId: number, previous: number, round: number, duration: number) {
  await db.execute(sql`
    with closed as (
      update ${roundHistory} set ended_at = now(), status = 'completed'
      where event_id = ${eventId} and round = ${previous} and status = 'active'
      returning 1
    )
    insert into ${roundHistory} (event_id, round, duration) values (${eventId}, ${round}, ${duration})
    on conflict (event_id, round) do update set started_at = now(), ended_at = null, status = 'active', duration = excluded.duration`);
}

export async function history(db: Db, eventId: number) {
  return db.select().from(roundHistory).where(eq(roundHistory.eventId, eventId)).orderBy(asc(roundHistory.round));
}

export async function markEventCompleted(db: Db, eventId: number) {
  await db.update(events).set({ status: 'completed' }).where(eq(events.id, eventId));
}

export async function checkedInGuests(db: Db, eventId: number) {
  const rows = await db
    .select({ userId: registrations.userId })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.checkedIn, true)));
  return rows.map((r) => r.userId);
}

/**
 * Who is checked in, and who is planned into this round, both sorted, in one query: when they
 * are the same people, the plan stands and nothing else is read.
 */
export async function roomAndPlan(db: Db, eventId: number, round: number): Promise<{ guests: number[]; planned: number[] }> {
  const r = await db.execute(sql`
    select
      coalesce((select array_agg(user_id order by user_id) from ${registrations} where event_id = ${eventId} and checked_in), '{}') as guests,
      coalesce((select array_agg(u order by u) from ${rotations}, lateral (values (user_a), (user_b)) as v(u) where event_id = ${eventId} and round = ${round} and u is not null), '{}') as planned`);
  const row = (r as unknown as { rows: { guests: number[]; planned: number[] }[] }).rows[0]!;
  return { guests: row.guests.map(Number), planned: row.planned.map(Number) };
}

export async function rotationRows(db: Db, eventId: number) {
  return db.select().from(rotations).where(eq(rotations.eventId, eventId)).orderBy(asc(rotations.round), asc(rotations.tableNo));
}

/**
 * Pairs of these guests who sat together at another evening, in a round that took place (a
 * round is opened in round_history when it starts; the rest of a schedule cut short never
 * happened). Beyond the spec, GitHub issue 9: the rotation avoids repeating them.
 */
export async function pairsMetElsewhere(db: Db, eventId: number, guests: number[]) {
  if (guests.length < 2) return [];
  return db
    .selectDistinct({ userA: rotations.userA, userB: sql<number>`${rotations.userB}` })
    .from(rotations)
    .innerJoin(roundHistory, and(eq(roundHistory.eventId, rotations.eventId), eq(roundHistory.round, rotations.round)))
    .where(
      and(
        ne(rotations.eventId, eventId),
        inArray(roundHistory.status, ['active', 'completed']),
        inArray(rotations.userA, guests),
        inArray(rotations.userB, guests),
      ),
    );
}

export async function replaceRotationFrom(db: Db, eventId: number, fromRound: number, rows: (typeof rotations.$inferInsert)[]) {
  await db.delete(rotations).where(and(eq(rotations.eventId, eventId), gte(rotations.round, fromRound)));
  if (!rows.length) return;
  // An evening's plan is a few hundred rows: sent as four arrays, not a parameter per value.
  const col = (f: (r: (typeof rows)[number]) => number | null | undefined) => sql.param(rows.map((r) => f(r) ?? null));
  await db.execute(sql`
    insert into ${rotations} (event_id, round, user_a, user_b, table_no)
    select ${eventId}, * from unnest(${col((r) => r.round)}::int[], ${col((r) => r.userA)}::int[], ${col((r) => r.userB)}::int[], ${col((r) => r.tableNo)}::int[])`);
}

export async function namesOf(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db
    .select({ id: users.id, name: users.name, age: users.age, bio: users.bio, interests: users.interests, profileImage: users.profileImage })
    .from(users)
    .where(inArray(users.id, ids));
}

const partnerA = alias(users, 'partner_a');
const partnerB = alias(users, 'partner_b');
const profileOf = (u: typeof partnerA | typeof partnerB) => ({ id: u.id, name: u.name, age: u.age, bio: u.bio, interests: u.interests, profileImage: u.profileImage });

/** These rounds' pairs with both people's public profiles, in one query (the state message's `mine` and `upNext`). */
export async function roundPairs(db: Db, eventId: number, rounds: number[]) {
  return db
    .select({ round: rotations.round, tableNo: rotations.tableNo, a: profileOf(partnerA), b: profileOf(partnerB) })
    .from(rotations)
    .innerJoin(partnerA, eq(partnerA.id, rotations.userA))
    .leftJoin(partnerB, eq(partnerB.id, rotations.userB))
    .where(and(eq(rotations.eventId, eventId), inArray(rotations.round, rounds)));
}
