import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A write a phone may send twice (kept offline, sent on return, its answer lost on the way): the
 * first request's answer under the phone's Idempotency-Key, so a replay gets that answer and stores
 * nothing again (plugins/idempotency.ts, docs/decisions/0051-the-evening-offline.md). `status` null:
 * the first request is still being handled. Kept two days.
 */
export const idempotentRequests = pgTable(
  'idempotent_requests',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method, path and a hash of the body: the same key with another request is refused. */
    request: text('request').notNull(),
    status: integer('status'),
    body: text('body'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);
