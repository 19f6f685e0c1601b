import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

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
