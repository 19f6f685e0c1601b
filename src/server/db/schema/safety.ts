import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/**
 * Safety tools for the people in the room (GitHub issue 21, docs/decisions/0041, 0042): blocks
 * between members, reports to hosts and admins, and guests removed from a running evening.
 */

/**
 * A member blocked a person they met (or who invited them): the pair is never seated together
 * again, neither sees the other in previews, badges or friend groups, and invites between them are
 * refused. The blocked person is not told.
 */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.blockerId, t.blockedId] }),
    index('blocks_blocked_idx').on(t.blockedId),
    check('blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
  ],
);

export type ReportReason = 'harassment' | 'unsafe' | 'inappropriate' | 'fake_profile' | 'no_consent' | 'other';
export type ReportContext = 'evening' | 'match' | 'invite';

/** A member reported a person from an evening, a match or an invite. Hosts of that evening and admins read it; an admin marks it handled. */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportedId: integer('reported_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The evening the two shared (for an invite: the evening where they met). */
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    context: text('context').$type<ReportContext>().notNull(),
    reason: text('reason').$type<ReportReason>().notNull(),
    details: text('details').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('reports_event_idx').on(t.eventId),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
    index('reports_reported_idx').on(t.reportedId),
    check('reports_not_self', sql`${t.reporterId} <> ${t.reportedId}`),
  ],
);

/** A guest the host removed from a running evening: out of the rotation, no rating either way, no check-in again that evening. */
export const removedGuests = pgTable(
  'removed_guests',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    removedBy: integer('removed_by').references(() => users.id, { onDelete: 'set null' }),
    removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);
