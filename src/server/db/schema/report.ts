import { date, integer, jsonb, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events';

/**
 * The host's evening report (GitHub issue 36, docs/decisions/0084-the-hosts-evening-report.md): counts
 * only, no person in them, so they outlive the retention sweep.
 */

/**
 * Visits to an evening's public page: one counter per evening per London day, added to by one
 * INSERT … ON CONFLICT DO UPDATE (so any number of instances count into the same row). No session,
 * address or person is stored: the browser counts a tab once (sessionStorage).
 */
export const eveningVisits = pgTable(
  'evening_visits',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    visits: integer('visits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.day] })],
);

/**
 * What the report reads from ratings, counted by the retention sweep just before it deletes them
 * (docs/decisions/0044): how many guests rated, and the ratings given per round ('0' for ratings
 * given outside a round, e.g. after a QR scan).
 */
export const eveningRatingCounts = pgTable('evening_rating_counts', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  raters: integer('raters').notNull(),
  ratingsByRound: jsonb('ratings_by_round').$type<Record<string, number>>().notNull(),
  keptAt: timestamp('kept_at', { withTimezone: true }).notNull(),
});
