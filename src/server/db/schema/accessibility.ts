import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A barrier someone met on the site, sent from /accessibility-statement (docs/decisions/0078):
 * anyone may send one; the admins are e-mailed and read the list there. The sender's own account
 * (when signed in) and an optional e-mail address for the answer are kept with it.
 */
export const barrierReports = pgTable(
  'barrier_reports',
  {
    id: serial('id').primaryKey(),
    page: text('page').notNull(),
    description: text('description').notNull(),
    replyTo: text('reply_to'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('barrier_reports_created_idx').on(t.createdAt)],
);
