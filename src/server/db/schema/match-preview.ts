import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The match preview (/match-preview): who asked not to appear in it. */

/** Members who asked not to appear in other guests' match previews (default: they appear). */
export const previewOptOuts = pgTable('preview_opt_outs', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
