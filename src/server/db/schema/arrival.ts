import { doublePrecision, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/** Arrival (/arrival, docs/spec/organiser-tools.md §2.19): where each guest says they are. */

/** A guest's last arrival report: location permission and, when granted, their distance from the venue. */
export const arrivalStates = pgTable(
  'arrival_states',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: text('permission').$type<'granted' | 'denied'>().notNull(),
    /** Metres from the venue at the last report (null when denied or the venue has no coordinates). */
    distanceM: doublePrecision('distance_m'),
    accuracyM: doublePrecision('accuracy_m'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);
