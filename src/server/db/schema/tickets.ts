import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/** Tickets (modules/tickets): a guest's registration and how they got in, tickets cancelled, the event waitlist with its seat offers, and payments. */

/** As src/shared/schemas/door.ts CHECK_IN_METHODS (docs/decisions/0049-how-a-guest-got-in.md). */
export type CheckInMethod = 'scan' | 'code' | 'search' | 'self' | 'location';

export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consentToShare: boolean('consent_to_share').notNull().default(false),
    checkedIn: boolean('checked_in').notNull().default(false),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    /** How the guest got in: the host scanned their ticket, found them by search, or they checked themself in (event page or /arrival). */
    checkInMethod: text('check_in_method').$type<CheckInMethod>(),
    /** The host who checked them in (null for a self check-in). */
    checkedInBy: integer('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    /** The desk (a device's UUID) whose offline check-in stands, and that check-in's idempotency key (docs/decisions/0052); null online. */
    checkInDesk: uuid('check_in_desk'),
    checkInKey: uuid('check_in_key'),
    /** Secret code printed as the ticket's QR code. */
    ticketCode: text('ticket_code').notNull(),
    paymentId: integer('payment_id'),
    /** Short code a guest reads out or shows as QR so others can log a conversation (/live-event). */
    connectCode: text('connect_code')
      .notNull()
      .default(sql`upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 6))`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('registrations_event_user_unique').on(t.eventId, t.userId),
    index('registrations_user_idx').on(t.userId),
    uniqueIndex('registrations_ticket_unique').on(t.ticketCode),
  ],
);

/**
 * Tickets given up: a cancelled registration is deleted (its seat freed), but its code is kept here so
 * the door can say "this ticket was cancelled" instead of "unknown code".
 */
export const cancelledTickets = pgTable('cancelled_tickets', {
  ticketCode: text('ticket_code').primaryKey(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }).notNull().defaultNow(),
});

export type WaitlistStatus = 'waiting' | 'offered' | 'accepted' | 'expired' | 'left';

/**
 * A full evening's queue. An offer holds one seat (counted in events.seats_taken) until
 * offer_expires_at; accepting moves that seat to the registration or to the payment hold.
 */
export const eventWaitlist = pgTable(
  'event_waitlist',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').$type<WaitlistStatus>().notNull().default('waiting'),
    /** 2: a place in line for the member and a friend, offered only when two seats are free, both together (docs/decisions/0075). */
    seats: integer('seats').notNull().default(1),
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_waitlist_once').on(t.eventId, t.userId),
    index('event_waitlist_queue').on(t.eventId, t.status, t.createdAt),
    check('event_waitlist_offer', sql`${t.status} <> 'offered' OR ${t.offerExpiresAt} IS NOT NULL`),
    check('event_waitlist_seats', sql`${t.seats} IN (1, 2)`),
  ],
);

export type PaymentStatus = 'requires_payment' | 'succeeded' | 'failed' | 'expired' | 'refunded' | 'canceled';

/**
 * A payment for one seat. While `requires_payment` and before `hold_expires_at` it holds a
 * seat (counted in events.seats_taken).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<'test' | 'stripe'>().notNull(),
    intentId: text('intent_id').notNull(),
    clientSecret: text('client_secret').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull().default('gbp'),
    status: text('status').$type<PaymentStatus>().notNull().default('requires_payment'),
    /** True while this payment's seat is counted in events.seats_taken. */
    holdsSeat: boolean('holds_seat').notNull().default(true),
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }).notNull(),
    failureMessage: text('failure_message'),
    refundId: text('refund_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payments_intent_unique').on(t.intentId), index('payments_event_status_idx').on(t.eventId, t.status)],
);

/**
 * The built-in test provider's own ledger: it plays the card company when no Stripe keys are
 * set, so it keeps its state apart from ours, as Stripe would.
 */
export const testProviderIntents = pgTable('test_provider_intents', {
  id: text('id').primaryKey(),
  clientSecret: text('client_secret').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  status: text('status').$type<'requires_payment' | 'succeeded' | 'canceled'>().notNull().default('requires_payment'),
  metadata: text('metadata').notNull().default('{}'),
  amountRefunded: integer('amount_refunded').notNull().default(0),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
