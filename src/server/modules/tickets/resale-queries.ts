import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resaleRefunds } from '../../db/schema/index';

/**
 * Resale refunds (docs/decisions/0074-still-coming.md): a paid seat given up inside the refund
 * window waits here, and is refunded when someone else takes a seat at the same evening.
 */

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** A paid seat given up inside the refund window: refunded if someone else books (call in the releasing transaction). */
export async function awaitResale(db: Db, p: { eventId: number; userId: number; paymentId: number; amount: number }) {
  await db.insert(resaleRefunds).values(p).onConflictDoNothing({ target: resaleRefunds.paymentId });
}

export interface ResaleClaim {
  id: number;
  eventId: number;
  userId: number;
  paymentId: number;
  amount: number;
  intentId: string;
}

/**
 * A new guest (`takerId`) has just taken a seat at the evening: the earliest seat still waiting for
 * resale (someone else's) becomes due for its refund. Call in the transaction that seats the new
 * guest, so a seat is claimed by exactly one registration (SKIP LOCKED: two bookings at once claim two
 * different seats, never the same one). Null when nobody is waiting.
 */
export async function claimResale(db: Db, eventId: number, takerId: number): Promise<ResaleClaim | null> {
  const r = await db.execute(sql`
    UPDATE ${resaleRefunds} rr SET status = 'due', taken_by_user_id = ${takerId}, taken_at = now()
    FROM payments p
    WHERE p.id = rr.payment_id AND rr.id = (
      SELECT id FROM ${resaleRefunds}
      WHERE event_id = ${eventId} AND status = 'waiting' AND user_id <> ${takerId}
      ORDER BY released_at, id
      LIMIT 1 FOR UPDATE SKIP LOCKED)
    RETURNING rr.id, rr.event_id, rr.user_id, rr.payment_id, rr.amount, p.intent_id`);
  const row = rowsOf<{ id: number; event_id: number; user_id: number; payment_id: number; amount: number; intent_id: string }>(r)[0];
  return row
    ? {
        id: Number(row.id),
        eventId: Number(row.event_id),
        userId: Number(row.user_id),
        paymentId: Number(row.payment_id),
        amount: Number(row.amount),
        intentId: row.intent_id,
      }
    : null;
}

/** Mark a due refund paid, once: true for the one call that did. */
export async function markResaleRefunded(db: Db, id: number, refundId: string) {
  const rows = await db
    .update(resaleRefunds)
    .set({ status: 'refunded', refundId, refundedAt: sql`now()` })
    .where(and(eq(resaleRefunds.id, id), eq(resaleRefunds.status, 'due')))
    .returning({ id: resaleRefunds.id });
  return rows.length > 0;
}

/** Refunds that became due more than `olderThanMs` ago and are still unpaid (a refund call failed, or the process stopped). */
export async function dueResales(db: Db, olderThanMs: number): Promise<ResaleClaim[]> {
  const r = await db.execute(sql`
    SELECT rr.id, rr.event_id, rr.user_id, rr.payment_id, rr.amount, p.intent_id
    FROM ${resaleRefunds} rr JOIN payments p ON p.id = rr.payment_id
    WHERE rr.status = 'due' AND rr.taken_at < now() - make_interval(secs => ${olderThanMs / 1000}::double precision)
    ORDER BY rr.taken_at LIMIT 100`);
  return rowsOf<{ id: number; event_id: number; user_id: number; payment_id: number; amount: number; intent_id: string }>(r).map((row) => ({
    id: Number(row.id),
    eventId: Number(row.event_id),
    userId: Number(row.user_id),
    paymentId: Number(row.payment_id),
    amount: Number(row.amount),
    intentId: row.intent_id,
  }));
}

/** The resale state of a guest's given-up seat at an evening, if any. */
export async function resaleOf(db: Db, eventId: number, userId: number) {
  return (
    (
      await db
        .select({ status: resaleRefunds.status, amount: resaleRefunds.amount })
        .from(resaleRefunds)
        .where(and(eq(resaleRefunds.eventId, eventId), eq(resaleRefunds.userId, userId)))
        .orderBy(sql`${resaleRefunds.releasedAt} DESC`)
        .limit(1)
    )[0] ?? null
  );
}
