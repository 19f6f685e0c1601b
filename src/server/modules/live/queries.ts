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

export async function openRound(db: Db, eventId: number, round: number, duration: number) {
  await db
    .insert(roundHistory)
    .values({ eventId, round, duration })
    .onConflictDoUpdate({ target: [roundHistory.eventId, roundHistory.round], set: { startedAt: sql`now()`, endedAt: null, status: 'active', duration } });
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
  if (rows.length) await db.insert(rotations).values(rows);
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
