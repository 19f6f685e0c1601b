import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events';
import { payments } from './tickets';
import { users } from './users';

/**
 * "Still coming?" (issue 35, docs/decisions/0074-still-coming.md): each booked guest is asked once
 * per evening whether they are still coming, and a paid seat given up inside the refund window is
 * refunded when someone else takes it.
 */

export type StillComingAnswer = 'yes' | 'no';

/**
 * One question per guest per evening: the row is the claim that it was asked (INSERT … ON CONFLICT
 * DO NOTHING, so several instances sweeping at once ask each guest once). The e-mail's link carries
 * a random token; only its SHA-256 is kept here.
 */
export const stillComing = pgTable(
  'still_coming',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Hex SHA-256 of the link's token. */
    tokenHash: text('token_hash').notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null until answered; answered once. */
    answer: text('answer').$type<StillComingAnswer>(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** On "I can't make it": what it meant for the guest's money ('none', 'now' refunded at once, 'on_resale'), and how much. */
    refundKind: text('refund_kind').$type<'none' | 'now' | 'on_resale'>(),
    refundAmount: integer('refund_amount'),
  },
  (t) => [
    uniqueIndex('still_coming_once').on(t.eventId, t.userId),
    uniqueIndex('still_coming_token').on(t.tokenHash),
    check('still_coming_answer', sql`${t.answer} IS NULL OR ${t.answer} IN ('yes', 'no')`),
  ],
);

/** 'waiting': given up inside the refund window, refunded when someone else books; 'due': someone did, the refund is being paid; 'refunded'. */
export type ResaleRefundStatus = 'waiting' | 'due' | 'refunded';

/**
 * A paid seat given up inside REFUND_WINDOW_HOURS: refunded when a later registration for the same
 * evening takes a seat (the earliest waiting one first), in the transaction that seats the new guest.
 */
export const resaleRefunds = pgTable(
  'resale_refunds',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    status: text('status').$type<ResaleRefundStatus>().notNull().default('waiting'),
    releasedAt: timestamp('released_at', { withTimezone: true }).notNull().defaultNow(),
    /** Who took a seat after the release, and when (status 'due' or 'refunded'). */
    takenByUserId: integer('taken_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    takenAt: timestamp('taken_at', { withTimezone: true }),
    refundId: text('refund_id'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('resale_refunds_payment').on(t.paymentId),
    index('resale_refunds_queue').on(t.eventId, t.status, t.releasedAt),
    check('resale_refunds_status', sql`${t.status} IN ('waiting', 'due', 'refunded')`),
  ],
);
