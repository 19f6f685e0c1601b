import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cancelledTickets, events, payments, registrations } from '../../db/schema/index';
import type { CheckInMethod } from '../../db/schema/events';
import type { PaymentStatus } from '../../db/schema/payments';

/**
 * Give back the seats of payment holds that have run out. Each hold is released once: the
 * UPDATE … RETURNING claims it, and the seat count drops in the same statement.
 */
export async function releaseExpiredHolds(db: Db, eventId?: number) {
  const scope = eventId === undefined ? sql`` : sql`AND event_id = ${eventId}`;
  await db.execute(sql`
    WITH expired AS (
      UPDATE ${payments} SET status = 'expired', holds_seat = false, updated_at = now()
      WHERE holds_seat AND status = 'requires_payment' AND hold_expires_at < now() ${scope}
      RETURNING event_id
    ), counts AS (SELECT event_id, count(*)::int AS n FROM expired GROUP BY event_id)
    UPDATE ${events} e SET seats_taken = e.seats_taken - counts.n FROM counts WHERE e.id = counts.event_id`);
}

/**
 * Take one seat if one is free: the capacity rule lives in this single conditional UPDATE,
 * so no interleaving of requests can oversell. `alsoRegister` counts a participant as well.
 */
export async function takeSeat(db: Db, eventId: number, alsoRegister: boolean) {
  const rows = await db
    .update(events)
    .set({
      seatsTaken: sql`${events.seatsTaken} + 1`,
      ...(alsoRegister ? { participantCount: sql`${events.participantCount} + 1` } : {}),
    })
    .where(and(eq(events.id, eventId), sql`${events.seatsTaken} < ${events.maxParticipants}`))
    .returning({ id: events.id });
  return rows.length > 0;
}

export async function releaseSeat(db: Db, eventId: number, alsoUnregister: boolean) {
  await db
    .update(events)
    .set({
      seatsTaken: sql`${events.seatsTaken} - 1`,
      ...(alsoUnregister ? { participantCount: sql`${events.participantCount} - 1` } : {}),
    })
    .where(eq(events.id, eventId));
}

export async function countParticipant(db: Db, eventId: number) {
  await db.update(events).set({ participantCount: sql`${events.participantCount} + 1` }).where(eq(events.id, eventId));
}

export const newTicketCode = () => randomBytes(9).toString('base64url');

export async function insertRegistration(db: Db, p: { eventId: number; userId: number; consentToShare: boolean; paymentId?: number | null }) {
  const rows = await db
    .insert(registrations)
    .values({ ...p, ticketCode: newTicketCode(), paymentId: p.paymentId ?? null })
    .onConflictDoNothing({ target: [registrations.eventId, registrations.userId] })
    .returning({ id: registrations.id });
  return rows[0]?.id ?? null;
}

export async function deleteRegistration(db: Db, eventId: number, userId: number) {
  const rows = await db
    .delete(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId)))
    .returning({ id: registrations.id, paymentId: registrations.paymentId, ticketCode: registrations.ticketCode });
  return rows[0] ?? null;
}

/** Keep a cancelled ticket's code, so the door can say "this ticket was cancelled" (not "unknown code"). */
export async function recordCancelledTicket(db: Db, p: { ticketCode: string; eventId: number; userId: number }) {
  await db.insert(cancelledTickets).values(p).onConflictDoNothing({ target: cancelledTickets.ticketCode });
}

/**
 * Check a guest in once: the flip is this one conditional UPDATE, so a guest already in keeps their
 * first time, method and host. Returns whether this call checked them in.
 */
export async function markCheckedIn(db: Db, p: { eventId: number; userId: number; method: CheckInMethod; by: number | null }) {
  const rows = await db
    .update(registrations)
    .set({ checkedIn: true, checkedInAt: sql`now()`, checkInMethod: p.method, checkedInBy: p.by })
    .where(and(eq(registrations.eventId, p.eventId), eq(registrations.userId, p.userId), eq(registrations.checkedIn, false)))
    .returning({ id: registrations.id });
  return rows.length > 0;
}


export async function insertPayment(db: Db, values: typeof payments.$inferInsert) {
  const [row] = await db.insert(payments).values(values).returning({ id: payments.id });
  return row!.id;
}

const paymentColumns = {
  id: payments.id,
  eventId: payments.eventId,
  userId: payments.userId,
  provider: payments.provider,
  intentId: payments.intentId,
  clientSecret: payments.clientSecret,
  amount: payments.amount,
  currency: payments.currency,
  status: payments.status,
  holdsSeat: payments.holdsSeat,
  holdExpiresAt: payments.holdExpiresAt,
};

/** The viewer's unexpired hold on this event, to hand back instead of holding a second seat. */
export async function activeHold(db: Db, eventId: number, userId: number) {
  return (
    (
      await db
        .select(paymentColumns)
        .from(payments)
        .where(and(eq(payments.eventId, eventId), eq(payments.userId, userId), eq(payments.status, 'requires_payment'), eq(payments.holdsSeat, true), sql`${payments.holdExpiresAt} > now()`))
        .limit(1)
    )[0] ?? null
  );
}

/** Lock the payment row for the rest of the transaction, so each payment settles once. */
export async function lockPaymentByIntent(db: Db, intentId: string) {
  return (await db.select(paymentColumns).from(payments).where(eq(payments.intentId, intentId)).for('update').limit(1))[0] ?? null;
}

export async function findPaymentByIntent(db: Db, intentId: string) {
  return (await db.select(paymentColumns).from(payments).where(eq(payments.intentId, intentId)).limit(1))[0] ?? null;
}

export async function findPayment(db: Db, id: number) {
  return (await db.select(paymentColumns).from(payments).where(eq(payments.id, id)).limit(1))[0] ?? null;
}

export async function setPaymentStatus(db: Db, id: number, status: PaymentStatus, extra: { holdsSeat?: boolean; refundId?: string; failureMessage?: string | null } = {}) {
  await db
    .update(payments)
    .set({ status, updatedAt: sql`now()`, ...extra })
    .where(eq(payments.id, id));
}

export async function paymentForSecret(db: Db, clientSecret: string) {
  return (await db.select(paymentColumns).from(payments).where(eq(payments.clientSecret, clientSecret)).limit(1))[0] ?? null;
}

/** The evening has begun (the host started round 1) or is over, whatever its advertised start. */
export async function eventHasBegun(db: Db, eventId: number): Promise<boolean> {
  const rows = await db.execute<{ begun: boolean }>(sql`
    SELECT (e.status = 'completed' OR COALESCE(t.current_round, 0) > 0 OR t.phase = 'ended') AS begun
    FROM events e LEFT JOIN event_timers t ON t.event_id = e.id
    WHERE e.id = ${eventId}`);
  return Boolean((rows as unknown as { rows: { begun: boolean }[] }).rows[0]?.begun);
}
