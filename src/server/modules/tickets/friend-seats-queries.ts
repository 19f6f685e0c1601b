import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { hashSecret, newSecret } from '../../lib/secret';
import { blocks, events, eventWaitlist, friendSeats, payments, registrations, removedGuests, users } from '../../db/schema/index';
import type { FriendSeatKind, FriendSeatStatus } from '../../db/schema/friend-seats';
import { newTicketCode } from './queries';

/** Data access for a seat for a friend (docs/decisions/0075-a-seat-for-a-friend.md). */

const columns = {
  id: friendSeats.id,
  kind: friendSeats.kind,
  eventId: friendSeats.eventId,
  fromUserId: friendSeats.fromUserId,
  email: friendSeats.email,
  status: friendSeats.status,
  holdsSeat: friendSeats.holdsSeat,
  paymentId: friendSeats.paymentId,
  shareAmount: friendSeats.shareAmount,
  refundId: friendSeats.refundId,
  expiresAt: friendSeats.expiresAt,
  acceptedBy: friendSeats.acceptedBy,
  createdAt: friendSeats.createdAt,
};
export type FriendSeatRow = Awaited<ReturnType<typeof byId>> & {};

/** 24 random bytes, URL-safe: the claim link's secret. */
export const newClaimToken = () => newSecret(24);

/** A new open gift, with its claim link's secret (kept only as its hash). Null when the giver already has one open for this evening (one at a time). */
export async function insert(
  db: Db,
  p: {
    kind: FriendSeatKind;
    eventId: number;
    fromUserId: number;
    email: string;
    status: FriendSeatStatus;
    holdsSeat: boolean;
    paymentId?: number | null;
    shareAmount?: number;
    expiresAt?: Date | null;
  },
) {
  const token = newClaimToken();
  const rows = await db
    .insert(friendSeats)
    .values({ ...p, tokenHash: hashSecret(token) })
    .onConflictDoNothing()
    .returning(columns);
  return rows[0] ? { ...rows[0], token } : null;
}

/**
 * A new claim link for a gift whose link was never mailed (a booking for two, invited once its payment
 * has settled): the table holds no secret to mail, so a new one replaces the old one's hash.
 */
export async function renewToken(db: Db, id: number) {
  const token = newClaimToken();
  await db
    .update(friendSeats)
    .set({ tokenHash: hashSecret(token) })
    .where(eq(friendSeats.id, id));
  return token;
}

export async function byId(db: Db, id: number) {
  return (await db.select(columns).from(friendSeats).where(eq(friendSeats.id, id)).limit(1))[0] ?? null;
}

export async function byToken(db: Db, token: string) {
  return (
    (
      await db
        .select(columns)
        .from(friendSeats)
        .where(eq(friendSeats.tokenHash, hashSecret(token)))
        .limit(1)
    )[0] ?? null
  );
}

/** Lock the gift for the rest of the transaction: each is resolved once. */
export async function lockByToken(db: Db, token: string) {
  return (
    (
      await db
        .select(columns)
        .from(friendSeats)
        .where(eq(friendSeats.tokenHash, hashSecret(token)))
        .for('update')
        .limit(1)
    )[0] ?? null
  );
}
export async function lockById(db: Db, id: number) {
  return (await db.select(columns).from(friendSeats).where(eq(friendSeats.id, id)).for('update').limit(1))[0] ?? null;
}
export async function lockByPayment(db: Db, paymentId: number) {
  return (await db.select(columns).from(friendSeats).where(eq(friendSeats.paymentId, paymentId)).for('update').limit(1))[0] ?? null;
}

export async function byPayment(db: Db, paymentId: number) {
  return (await db.select(columns).from(friendSeats).where(eq(friendSeats.paymentId, paymentId)).limit(1))[0] ?? null;
}

export async function setRefundId(db: Db, id: number, refundId: string) {
  await db.update(friendSeats).set({ refundId }).where(eq(friendSeats.id, id));
}

export async function ofGiver(db: Db, eventId: number, userId: number) {
  return db
    .select(columns)
    .from(friendSeats)
    .where(and(eq(friendSeats.eventId, eventId), eq(friendSeats.fromUserId, userId)))
    .orderBy(sql`${friendSeats.createdAt} desc, ${friendSeats.id} desc`);
}

export async function setStatus(
  db: Db,
  id: number,
  status: FriendSeatStatus,
  extra: { holdsSeat?: boolean; acceptedBy?: number; expiresAt?: Date | null; refundId?: string } = {},
) {
  await db
    .update(friendSeats)
    .set({ status, ...extra, ...(status === 'pending' || status === 'awaiting_payment' ? {} : { resolvedAt: sql`now()` }) })
    .where(eq(friendSeats.id, id));
}

/**
 * Move a guest's ticket to another member: the same registration (and seat) with a new ticket
 * code, not checked in. Null when the giver has no ticket there any more or is checked in.
 */
export async function moveRegistration(db: Db, p: { eventId: number; fromUserId: number; toUserId: number; consentToShare: boolean }) {
  const [old] = await db
    .select({ id: registrations.id, ticketCode: registrations.ticketCode })
    .from(registrations)
    .where(and(eq(registrations.eventId, p.eventId), eq(registrations.userId, p.fromUserId), eq(registrations.checkedIn, false)))
    .for('update');
  if (!old) return null;
  const ticketCode = newTicketCode();
  await db
    .update(registrations)
    .set({ userId: p.toUserId, ticketCode, consentToShare: p.consentToShare, createdAt: sql`now()` })
    .where(eq(registrations.id, old.id));
  return { oldCode: old.ticketCode, ticketCode };
}

/** The member's account as the rules need it: suspended, and their e-mail. */
export async function account(db: Db, userId: number) {
  return (
    (await db.select({ email: users.email, name: users.name, suspendedAt: users.suspendedAt }).from(users).where(eq(users.id, userId)).limit(1))[0] ?? null
  );
}

/** One of the two blocked the other (docs/decisions/0041). */
export async function blockedBetween(db: Db, x: number, y: number) {
  const rows = await db
    .select({ a: blocks.blockerId })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, x), eq(blocks.blockedId, y)), and(eq(blocks.blockerId, y), eq(blocks.blockedId, x))))
    .limit(1);
  return rows.length > 0;
}

export async function removedFrom(db: Db, eventId: number, userId: number) {
  const rows = await db
    .select({ u: removedGuests.userId })
    .from(removedGuests)
    .where(and(eq(removedGuests.eventId, eventId), eq(removedGuests.userId, userId)));
  return rows.length > 0;
}

/** An unexpired payment hold of this member at this evening. */
export async function holdsPayment(db: Db, eventId: number, userId: number) {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.eventId, eventId), eq(payments.userId, userId), eq(payments.status, 'requires_payment'), eq(payments.holdsSeat, true)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Friends' seats to give back (as of `now`): a 'bring' seat not claimed by its deadline, and a
 * seat of a two-seat checkout whose payment lapsed or failed. Each is claimed once by this UPDATE
 * and its seat dropped from events.seats_taken in the same statement.
 */
export async function releaseLapsed(db: Db, now: Date) {
  const at = now.toISOString();
  const r = await db.execute(sql`
    WITH lapsed AS (
      UPDATE ${friendSeats} f SET status = 'released', holds_seat = false, resolved_at = ${at}::timestamptz
      WHERE f.holds_seat AND (
        (f.status = 'pending' AND f.expires_at <= ${at}::timestamptz)
        OR (f.status = 'awaiting_payment' AND EXISTS (
          SELECT 1 FROM ${payments} p WHERE p.id = f.payment_id
            AND (p.status IN ('expired', 'failed', 'canceled', 'refunded') OR (p.status = 'requires_payment' AND p.hold_expires_at < ${at}::timestamptz))))
        OR (f.status = 'awaiting_payment' AND f.payment_id IS NULL)
      )
      RETURNING f.id, f.event_id, f.status AS was
    ), counts AS (SELECT event_id, count(*)::int AS n FROM lapsed GROUP BY event_id),
    upd AS (UPDATE ${events} e SET seats_taken = e.seats_taken - counts.n FROM counts WHERE e.id = counts.event_id)
    SELECT id FROM lapsed`);
  return (r as unknown as { rows: { id: number }[] }).rows.map((x) => Number(x.id));
}

export async function byIds(db: Db, ids: number[]) {
  if (!ids.length) return [];
  return db.select(columns).from(friendSeats).where(inArray(friendSeats.id, ids));
}

/** Give one seat back (a friend's seat released). */
export async function releaseOneSeat(db: Db, eventId: number) {
  await db
    .update(events)
    .set({ seatsTaken: sql`${events.seatsTaken} - 1` })
    .where(eq(events.id, eventId));
}

/**
 * Take one seat for a friend if one is free, under the same rule as tickets/queries.ts takeSeat:
 * never over capacity, never ahead of someone waiting on the waitlist.
 */
export { takeSeat } from './queries';

/** Pairs of these guests who booked this evening together (a friend's seat claimed): never seated together. */
export async function bookedTogether(db: Db, eventId: number, guests: number[]) {
  if (guests.length < 2) return [];
  return db
    .select({ userA: friendSeats.fromUserId, userB: sql<number>`${friendSeats.acceptedBy}` })
    .from(friendSeats)
    .where(
      and(
        eq(friendSeats.eventId, eventId),
        eq(friendSeats.kind, 'bring'),
        eq(friendSeats.status, 'accepted'),
        inArray(friendSeats.fromUserId, guests),
        inArray(friendSeats.acceptedBy, guests),
      ),
    );
}

/** Whether these two booked this evening together. */
export async function bookedTogetherPair(db: Db, eventId: number, x: number, y: number) {
  return (await bookedTogether(db, eventId, [x, y])).length > 0;
}

/* ------------------------------------------------------------------ the waitlist for two */

/** Join (or join again) a full evening's line for two. Null: already in line. */
export async function joinWaitlistForTwo(db: Db, eventId: number, userId: number) {
  const rows = await db
    .insert(eventWaitlist)
    .values({ eventId, userId, seats: 2 })
    .onConflictDoUpdate({
      target: [eventWaitlist.eventId, eventWaitlist.userId],
      set: { status: 'waiting', seats: 2, createdAt: sql`now()`, updatedAt: sql`now()`, offeredAt: null, offerExpiresAt: null },
      setWhere: sql`${eventWaitlist.status} IN ('left', 'expired', 'accepted')`,
    })
    .returning({ id: eventWaitlist.id });
  return rows[0]?.id ?? null;
}

/** Take up one's unexpired offer for two: both its seats pass to the booking for two. Returns when it would have run out, or null. */
export async function acceptOfferForTwo(db: Db, eventId: number, userId: number) {
  const rows = await db
    .update(eventWaitlist)
    .set({ status: 'accepted', updatedAt: sql`now()` })
    .where(
      and(
        eq(eventWaitlist.eventId, eventId),
        eq(eventWaitlist.userId, userId),
        eq(eventWaitlist.status, 'offered'),
        eq(eventWaitlist.seats, 2),
        sql`${eventWaitlist.offerExpiresAt} > now()`,
      ),
    )
    .returning({ offerExpiresAt: eventWaitlist.offerExpiresAt });
  return rows[0]?.offerExpiresAt ?? null;
}

/** The member's place in this evening's line for two, if any. */
export async function placeForTwo(db: Db, eventId: number, userId: number) {
  const rows = await db
    .select({ status: eventWaitlist.status, offerExpiresAt: eventWaitlist.offerExpiresAt })
    .from(eventWaitlist)
    .where(and(eq(eventWaitlist.eventId, eventId), eq(eventWaitlist.userId, userId), eq(eventWaitlist.seats, 2)))
    .limit(1);
  const row = rows[0];
  return row && (row.status === 'waiting' || row.status === 'offered') ? { status: row.status, offerExpiresAt: row.offerExpiresAt } : null;
}
