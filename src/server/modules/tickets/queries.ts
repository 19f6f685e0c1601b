import { randomBytes } from 'node:crypto';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cancelledTickets, events, eventWaitlist, payments, registrations, removedGuests, users } from '../../db/schema/index';
import type { CheckInMethod, PaymentStatus } from '../../db/schema/tickets';

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
 * While anyone waits on the evening's waitlist, a free seat is theirs (it is being offered), so
 * nobody else may take it (docs/decisions/0016).
 */
export async function takeSeat(db: Db, eventId: number, alsoRegister: boolean) {
  const rows = await db
    .update(events)
    .set({
      seatsTaken: sql`${events.seatsTaken} + 1`,
      ...(alsoRegister ? { participantCount: sql`${events.participantCount} + 1` } : {}),
    })
    .where(
      and(
        eq(events.id, eventId),
        sql`${events.seatsTaken} < ${events.maxParticipants}`,
        sql`NOT EXISTS (SELECT 1 FROM ${eventWaitlist} w WHERE w.event_id = ${eventId} AND w.status = 'waiting')`,
      ),
    )
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
  await db
    .update(events)
    .set({ participantCount: sql`${events.participantCount} + 1` })
    .where(eq(events.id, eventId));
}

/**
 * The characters of a ticket code: capitals and digits without the ones easily misread when a
 * host types a code at the door (no I, L-like 1, O or 0; no lowercase, so no l). 32 of them, so
 * one random byte's low five bits pick one evenly.
 */
export const TICKET_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** 14 characters: 70 random bits. Codes issued before (base64url) stay valid at the door. */
export const TICKET_CODE_LENGTH = 14;
export const newTicketCode = () => Array.from(randomBytes(TICKET_CODE_LENGTH), (b) => TICKET_CODE_ALPHABET[b & 31]).join('');

export async function insertRegistration(db: Db, p: { eventId: number; userId: number; consentToShare: boolean; paymentId?: number | null }) {
  const rows = await db
    .insert(registrations)
    .values({ ...p, ticketCode: newTicketCode(), paymentId: p.paymentId ?? null })
    .onConflictDoNothing({ target: [registrations.eventId, registrations.userId] })
    .returning({ id: registrations.id });
  return rows[0]?.id ?? null;
}

/** Delete a guest's registration, unless they are checked in (then nothing is deleted: null). */
export async function deleteRegistration(db: Db, eventId: number, userId: number) {
  const rows = await db
    .delete(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId), eq(registrations.checkedIn, false)))
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
    // A guest the host removed from the evening stays out (docs/decisions/0042).
    .where(
      and(
        eq(registrations.eventId, p.eventId),
        eq(registrations.userId, p.userId),
        eq(registrations.checkedIn, false),
        sql`not exists (select 1 from ${removedGuests} x where x.event_id = ${registrations.eventId} and x.user_id = ${registrations.userId})`,
      ),
    )
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
        .where(
          and(
            eq(payments.eventId, eventId),
            eq(payments.userId, userId),
            eq(payments.status, 'requires_payment'),
            eq(payments.holdsSeat, true),
            sql`${payments.holdExpiresAt} > now()`,
          ),
        )
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

export async function setPaymentStatus(
  db: Db,
  id: number,
  status: PaymentStatus,
  extra: { holdsSeat?: boolean; refundId?: string; failureMessage?: string | null } = {},
) {
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

/* ------------------------------------------------------------------ event waitlist (docs/decisions/0016) */

/** Join, or join again after leaving or letting an offer lapse (at the back of the line). Null: already in line. */
export async function joinWaitlist(db: Db, eventId: number, userId: number) {
  const rows = await db
    .insert(eventWaitlist)
    .values({ eventId, userId })
    .onConflictDoUpdate({
      target: [eventWaitlist.eventId, eventWaitlist.userId],
      set: { status: 'waiting', seats: 1, createdAt: sql`now()`, updatedAt: sql`now()`, offeredAt: null, offerExpiresAt: null },
      setWhere: sql`${eventWaitlist.status} IN ('left', 'expired', 'accepted')`,
    })
    .returning({ id: eventWaitlist.id });
  return rows[0]?.id ?? null;
}

/** Lock the evening's row for the rest of the transaction (seat changes take it first, so they cannot deadlock). */
export async function lockEvent(db: Db, eventId: number) {
  await db.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('no key update');
}

/** Leave the line. Returns what the place was ('waiting' or 'offered'), or null if not in line. */
export async function leaveWaitlist(db: Db, eventId: number, userId: number) {
  const r = await db.execute(sql`
    UPDATE ${eventWaitlist} w SET status = 'left', updated_at = now(), offer_expires_at = NULL
    FROM (SELECT id, status FROM ${eventWaitlist} WHERE event_id = ${eventId} AND user_id = ${userId} FOR UPDATE) old
    WHERE w.id = old.id AND old.status IN ('waiting', 'offered')
    RETURNING old.status, w.seats`);
  const row = (r as unknown as { rows: { status: 'waiting' | 'offered'; seats: number }[] }).rows[0];
  // An offer for two held two seats: the second is given back here, the caller gives back one as for anyone (docs/decisions/0075).
  if (row?.status === 'offered' && Number(row.seats) > 1) await releaseSeat(db, eventId, false);
  return row?.status ?? null;
}

/**
 * Offer the evening's free seats to the first in line, one each, held for `hours` (never past the
 * start). The event row is locked for the rest of the transaction, so two offer runs cannot hand
 * out the same seat; the seats are counted in seats_taken (the CHECK keeps capacity). Call inside
 * a transaction. Returns who was offered a seat.
 */
export async function offerFreeSeats(db: Db, eventId: number, hours: number) {
  const [event] = await db
    .select({ free: sql<number>`${events.maxParticipants} - ${events.seatsTaken}`, date: events.date })
    .from(events)
    .where(and(eq(events.id, eventId), eq(events.status, 'upcoming'), sql`${events.date} > now()`))
    // NO KEY UPDATE: serialises seat changes without clashing with the key-share locks that inserts
    // referencing the event (a cancelled ticket, a payment) take in the same transactions.
    .for('no key update');
  const free = Number(event?.free ?? 0);
  if (!event || free <= 0) return [];
  // Someone in line who has a seat already (a registration or a payment hold) is never offered a
  // second one: their place in line ends (issue 21; docs/decisions/0016).
  await db.execute(sql`
    UPDATE ${eventWaitlist} w SET status = 'left', updated_at = now()
    WHERE w.event_id = ${eventId} AND w.status = 'waiting'
      AND (EXISTS (SELECT 1 FROM ${registrations} r WHERE r.event_id = w.event_id AND r.user_id = w.user_id)
        OR EXISTS (SELECT 1 FROM ${payments} p WHERE p.event_id = w.event_id AND p.user_id = w.user_id AND p.holds_seat AND p.status = 'requires_payment'))`);
  // In order of joining; a place for two is offered only when two seats are free, both together, and
  // does not keep a single seat from the people behind it (docs/decisions/0075).
  const line = await db
    .select({ id: eventWaitlist.id, seats: eventWaitlist.seats })
    .from(eventWaitlist)
    .where(and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.status, 'waiting')))
    .orderBy(asc(eventWaitlist.createdAt), asc(eventWaitlist.id));
  let left = free;
  const first: number[] = [];
  for (const place of line) {
    if (place.seats > left) continue;
    first.push(place.id);
    left -= place.seats;
    if (left === 0) break;
  }
  if (!first.length) return [];
  const offered = await db
    .update(eventWaitlist)
    .set({
      status: 'offered',
      offeredAt: sql`now()`,
      offerExpiresAt: sql`LEAST(now() + ${hours} * interval '1 hour', ${event.date.toISOString()}::timestamptz)`,
      updatedAt: sql`now()`,
    })
    .where(inArray(eventWaitlist.id, first))
    .returning({ userId: eventWaitlist.userId, offerExpiresAt: eventWaitlist.offerExpiresAt, seats: eventWaitlist.seats });
  if (offered.length) {
    await db
      .update(events)
      .set({ seatsTaken: sql`${events.seatsTaken} + ${offered.reduce((n, o) => n + o.seats, 0)}` })
      .where(eq(events.id, eventId));
  }
  return offered.map((o) => ({ userId: o.userId, offerExpiresAt: o.offerExpiresAt!, seats: o.seats }));
}

/**
 * A member who has just got a seat another way (their payment hold paid) leaves the line: a seat
 * offered to them is given back and passed on in this transaction (call it with the event row
 * locked or already updated). Returns the new offers to e-mail.
 */
export async function leaveLineWithSeat(db: Db, eventId: number, userId: number, hours: number) {
  const was = await leaveWaitlist(db, eventId, userId);
  if (was !== 'offered') return [];
  await releaseSeat(db, eventId, false);
  return offerFreeSeats(db, eventId, hours);
}

/**
 * Take up one's unexpired offer: its held seat passes to the registration or payment hold that
 * follows in the same transaction. Returns when the offer would have run out, or null.
 */
export async function acceptOffer(db: Db, eventId: number, userId: number) {
  const rows = await db
    .update(eventWaitlist)
    .set({ status: 'accepted', updatedAt: sql`now()` })
    .where(
      and(
        eq(eventWaitlist.eventId, eventId),
        eq(eventWaitlist.userId, userId),
        eq(eventWaitlist.status, 'offered'),
        sql`${eventWaitlist.offerExpiresAt} > now()`,
      ),
    )
    .returning({ offerExpiresAt: eventWaitlist.offerExpiresAt, seats: eventWaitlist.seats });
  // An offer for two taken up for one seat (a one-seat booking): the second seat is given back (docs/decisions/0075).
  if (rows[0] && rows[0].seats > 1) await releaseSeat(db, eventId, false);
  return rows[0]?.offerExpiresAt ?? null;
}

/** Offers that ran out: each is expired once and its seat given back. Returns the evenings concerned. */
export async function expireOffers(db: Db) {
  const r = await db.execute(sql`
    WITH expired AS (
      UPDATE ${eventWaitlist} SET status = 'expired', updated_at = now()
      WHERE status = 'offered' AND offer_expires_at <= now()
      RETURNING event_id, seats
    ), counts AS (SELECT event_id, sum(seats)::int AS n FROM expired GROUP BY event_id)
    UPDATE ${events} e SET seats_taken = e.seats_taken - counts.n FROM counts WHERE e.id = counts.event_id
    RETURNING e.id`);
  return (r as unknown as { rows: { id: number }[] }).rows.map((row) => Number(row.id));
}

/** Evenings still to come with someone waiting and a seat free: each needs an offer run. */
/** Whether anyone waits in the evening's line (the event_waitlist_queue index answers it). */
export async function someoneWaiting(db: Db, eventId: number) {
  const rows = await db
    .select({ id: eventWaitlist.id })
    .from(eventWaitlist)
    .where(and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.status, 'waiting')))
    .limit(1);
  return rows.length > 0;
}

export async function eveningsWithSeatsForTheLine(db: Db) {
  const rows = await db
    .selectDistinct({ id: events.id })
    .from(events)
    .innerJoin(eventWaitlist, and(eq(eventWaitlist.eventId, events.id), eq(eventWaitlist.status, 'waiting')))
    .where(and(eq(events.status, 'upcoming'), sql`${events.date} > now()`, sql`${events.seatsTaken} < ${events.maxParticipants}`));
  return rows.map((r) => r.id);
}

/** The line as the host sees it (names only), offers first, then the waiting in order; plus the lapsed and the left. */
export async function waitlistForHost(db: Db, eventId: number) {
  const rows = await db
    .select({
      userId: eventWaitlist.userId,
      name: users.name,
      status: eventWaitlist.status,
      createdAt: eventWaitlist.createdAt,
      offerExpiresAt: eventWaitlist.offerExpiresAt,
    })
    .from(eventWaitlist)
    .innerJoin(users, eq(users.id, eventWaitlist.userId))
    .where(eq(eventWaitlist.eventId, eventId))
    .orderBy(asc(eventWaitlist.createdAt), asc(eventWaitlist.id));
  return rows;
}

/** The host removed this guest from the evening (docs/decisions/0042). */
export async function wasRemoved(db: Db, eventId: number, userId: number) {
  return (
    (
      await db
        .select({ userId: removedGuests.userId })
        .from(removedGuests)
        .where(and(eq(removedGuests.eventId, eventId), eq(removedGuests.userId, userId)))
    ).length > 0
  );
}
