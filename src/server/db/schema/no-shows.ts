import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/**
 * No-shows (GitHub issue 35, docs/decisions/0076-no-shows-have-a-cost.md): a booked guest not checked
 * in by the end of the evening. Recorded once per guest and evening by the no-show sweep; an admin may
 * clear one (who, when, why are kept); deleted NO_SHOW_WINDOW_DAYS after the evening, when it no longer counts.
 */
export const noShows = pgTable(
  'no_shows',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** When the evening took place (its start): what the rule's windows count from. */
    eveningAt: timestamp('evening_at', { withTimezone: true }).notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull(),
    /** Cleared by an admin on request (e.g. illness): then it no longer counts. */
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
    clearedBy: integer('cleared_by').references(() => users.id, { onDelete: 'set null' }),
    clearReason: text('clear_reason'),
  },
  (t) => [
    uniqueIndex('no_shows_once').on(t.eventId, t.userId),
    index('no_shows_user_idx').on(t.userId, t.eveningAt),
    check('no_shows_cleared_with_reason', sql`${t.clearedAt} IS NULL OR ${t.clearReason} IS NOT NULL`),
  ],
);

/**
 * Evenings whose no-shows have been recorded: the sweep claims an evening here (INSERT … ON CONFLICT
 * DO NOTHING), so exactly one instance records it, once. Evenings that had ended before the rule
 * existed are claimed by the migration: nobody is counted for an evening before they were told.
 */
export const noShowSweeps = pgTable('no_show_sweeps', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  sweptAt: timestamp('swept_at', { withTimezone: true }).notNull(),
});
