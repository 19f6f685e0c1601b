import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events, eventTimers, registrations, resaleRefunds, stillComing, users } from '../../db/schema/index';
import type { StillComingAnswer } from '../../db/schema/still-coming';

/** "Still coming?" data access (docs/decisions/0074-still-coming.md). */

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const iso = (d: Date) => d.toISOString();

/**
 * Booked guests of evenings that start within `hours` of `at` (and have not started) who have not
 * been asked yet; optionally one evening, one guest. Never a guest already checked in (they came),
 * nor of an evening its host has begun (round 1 started early, or ended): asking them would be wrong,
 * and during a night's door it would also put a sweep of hundreds of questions on the database.
 */
export async function guestsToAsk(db: Db, at: Date, hours: number, only: { eventId?: number; userId?: number } = {}) {
  const t = sql`${iso(at)}::timestamptz`;
  const r = await db.execute(sql`
    SELECT r.event_id, r.user_id
    FROM ${registrations} r JOIN ${events} e ON e.id = r.event_id
    WHERE e.status = 'upcoming' AND e.date > ${t} AND e.date <= ${t} + make_interval(hours => ${hours}::int)
      AND NOT r.checked_in
      AND NOT EXISTS (SELECT 1 FROM ${eventTimers} x WHERE x.event_id = e.id AND (x.current_round > 0 OR x.phase = 'ended'))
      AND NOT EXISTS (SELECT 1 FROM ${stillComing} s WHERE s.event_id = r.event_id AND s.user_id = r.user_id)
      ${only.eventId === undefined ? sql`` : sql`AND r.event_id = ${only.eventId}`}
      ${only.userId === undefined ? sql`` : sql`AND r.user_id = ${only.userId}`}
    ORDER BY e.date, r.event_id, r.user_id
    LIMIT 500`);
  return rowsOf<{ event_id: number; user_id: number }>(r).map((x) => ({ eventId: Number(x.event_id), userId: Number(x.user_id) }));
}

/** Claim the question for this guest and evening: true for the one call, on any instance, that inserted it. */
export async function claimQuestion(db: Db, p: { eventId: number; userId: number; tokenHash: string; askedAt: Date }) {
  const rows = await db
    .insert(stillComing)
    .values(p)
    .onConflictDoNothing({ target: [stillComing.eventId, stillComing.userId] })
    .returning({ id: stillComing.id });
  return rows.length > 0;
}

export interface QuestionRow {
  id: number;
  eventId: number;
  userId: number;
  answer: StillComingAnswer | null;
  answeredAt: Date | null;
  refundKind: 'none' | 'now' | 'on_resale' | null;
  refundAmount: number | null;
  title: string;
  date: Date;
  startTime: string;
  endTime: string;
  venue: string;
  status: string;
  name: string;
  email: string;
  /** The guest's current registration, if any. */
  registered: boolean;
  checkedIn: boolean;
  paymentId: number | null;
  /** The resale refund of the seat given up, if any. */
  resaleStatus: 'waiting' | 'due' | 'refunded' | null;
}

const questionColumns = {
  id: stillComing.id,
  eventId: stillComing.eventId,
  userId: stillComing.userId,
  answer: stillComing.answer,
  answeredAt: stillComing.answeredAt,
  refundKind: stillComing.refundKind,
  refundAmount: stillComing.refundAmount,
  title: events.title,
  date: events.date,
  startTime: events.startTime,
  endTime: events.endTime,
  venue: events.venue,
  status: events.status,
  name: users.name,
  email: users.email,
  registrationId: registrations.id,
  checkedIn: registrations.checkedIn,
  paymentId: registrations.paymentId,
  resaleStatus: sql<'waiting' | 'due' | 'refunded' | null>`(SELECT rr.status FROM ${resaleRefunds} rr
    WHERE rr.event_id = ${stillComing.eventId} AND rr.user_id = ${stillComing.userId} ORDER BY rr.released_at DESC LIMIT 1)`,
};

function questionsQuery(db: Db) {
  return db
    .select(questionColumns)
    .from(stillComing)
    .innerJoin(events, eq(events.id, stillComing.eventId))
    .innerJoin(users, eq(users.id, stillComing.userId))
    .leftJoin(registrations, and(eq(registrations.eventId, stillComing.eventId), eq(registrations.userId, stillComing.userId)));
}

const toRow = (r: Awaited<ReturnType<ReturnType<typeof questionsQuery>['execute']>>[number]): QuestionRow => ({
  ...r,
  registered: r.registrationId !== null,
  checkedIn: !!r.checkedIn,
  paymentId: r.paymentId ?? null,
});

export async function questionByTokenHash(db: Db, tokenHash: string) {
  const [row] = await questionsQuery(db).where(eq(stillComing.tokenHash, tokenHash)).limit(1);
  return row ? toRow(row) : null;
}

export async function questionFor(db: Db, eventId: number, userId: number) {
  const [row] = await questionsQuery(db)
    .where(and(eq(stillComing.eventId, eventId), eq(stillComing.userId, userId)))
    .limit(1);
  return row ? toRow(row) : null;
}

/** The guest's unanswered questions for evenings still to come that they are booked on. */
export async function openQuestionsOf(db: Db, userId: number, at: Date) {
  const rows = await questionsQuery(db)
    .where(
      and(
        eq(stillComing.userId, userId),
        isNull(stillComing.answer),
        sql`${registrations.id} IS NOT NULL`,
        eq(events.status, 'upcoming'),
        sql`${events.date} > ${iso(at)}::timestamptz`,
      ),
    )
    .orderBy(events.date);
  return rows.map(toRow);
}

/** Record the answer, once: false when it was already answered. */
export async function answerQuestion(db: Db, id: number, answer: StillComingAnswer, refund?: { kind: 'none' | 'now' | 'on_resale'; amount: number }) {
  const rows = await db
    .update(stillComing)
    .set({ answer, answeredAt: sql`now()`, ...(refund ? { refundKind: refund.kind, refundAmount: refund.amount } : {}) })
    .where(and(eq(stillComing.id, id), isNull(stillComing.answer)))
    .returning({ id: stillComing.id });
  return rows.length > 0;
}

/** The host's counts for one evening: confirmed, booked but not (yet) confirmed, and released. */
export async function countsFor(db: Db, eventId: number) {
  const r = await db.execute(sql`
    SELECT
      (SELECT count(*)::int FROM ${registrations} r JOIN ${stillComing} s ON s.event_id = r.event_id AND s.user_id = r.user_id AND s.answer = 'yes'
        WHERE r.event_id = ${eventId}) AS confirmed,
      (SELECT count(*)::int FROM ${registrations} r WHERE r.event_id = ${eventId}) AS booked,
      (SELECT count(*)::int FROM ${stillComing} s WHERE s.event_id = ${eventId} AND s.answer = 'no'
        AND NOT EXISTS (SELECT 1 FROM ${registrations} r WHERE r.event_id = s.event_id AND r.user_id = s.user_id)) AS released`);
  const row = rowsOf<{ confirmed: number; booked: number; released: number }>(r)[0]!;
  const confirmed = Number(row.confirmed);
  return { confirmed, notAnswered: Number(row.booked) - confirmed, released: Number(row.released) };
}
