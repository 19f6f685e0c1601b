import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events';
import { payments } from './tickets';
import { users } from './users';

/**
 * A seat for a friend (issue 35, docs/decisions/0075-a-seat-for-a-friend.md): a guest's ticket
 * given to a friend named by e-mail ('transfer'), or the second seat of a two-seat booking
 * ('bring'). The friend claims it by a link for their address only; until then a 'bring' seat is
 * held (counted in events.seats_taken while holds_seat) and a transfer leaves the ticket where it is.
 */
export type FriendSeatKind = 'transfer' | 'bring';
/** awaiting_payment: a paid two-seat booking not paid yet; pending: the friend may claim it. */
export type FriendSeatStatus = 'awaiting_payment' | 'pending' | 'accepted' | 'withdrawn' | 'released';

export const friendSeats = pgTable(
  'friend_seats',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').$type<FriendSeatKind>().notNull(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** Who gives the ticket (transfer) or booked the two seats (bring). */
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The friend's address, lower case: only an account with this address may claim. */
    email: text('email').notNull(),
    /**
     * The SHA-256 (hex) of the claim link's secret: the secret itself is only in the friend's e-mail,
     * so the table alone opens no seat (docs/decisions/0124).
     */
    tokenHash: text('token_hash').notNull(),
    status: text('status').$type<FriendSeatStatus>().notNull(),
    /** A 'bring' seat not claimed yet: counted in events.seats_taken. */
    holdsSeat: boolean('holds_seat').notNull().default(false),
    /** The two-seat payment (a paid 'bring'), and the friend's share of it, refunded if the seat is released. */
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    shareAmount: integer('share_amount').notNull().default(0),
    refundId: text('refund_id'),
    /** When an unclaimed 'bring' seat is released (FRIEND_SEAT_HOLD_HOURS after booking, at the latest FRIEND_SEAT_CUTOFF_HOURS before the start). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    acceptedBy: integer('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('friend_seats_token_hash_unique').on(t.tokenHash),
    index('friend_seats_event_idx').on(t.eventId, t.status),
    index('friend_seats_email_idx').on(t.email),
    // One open gift per giver and evening (a transfer or a friend's seat), so a ticket is never promised twice.
    uniqueIndex('friend_seats_one_open')
      .on(t.eventId, t.fromUserId)
      .where(sql`${t.status} IN ('awaiting_payment', 'pending')`),
    check('friend_seats_hold', sql`NOT ${t.holdsSeat} OR ${t.kind} = 'bring'`),
  ],
);
