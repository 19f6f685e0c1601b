import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/** Missed connections (/missed-connections, docs/decisions/0016): follow-up invites between guests who did not match, and who stopped them. */

/**
 * A follow-up invite (/missed-connections): from one guest to another they met (or were previewed
 * with) at `sourceEventId` and did not match, to the upcoming evening `eventId`. One per pair per
 * invited evening. The e-mail names only the sender's first name and the evening.
 */
export const followUpInvites = pgTable(
  'follow_up_invites',
  {
    id: serial('id').primaryKey(),
    fromUserId: integer('from_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    toUserId: integer('to_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceEventId: integer('source_event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** Secret in the e-mail's "stop invites from this person" link, so it works without logging in. */
    stopToken: text('stop_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('follow_up_invites_once').on(t.fromUserId, t.toUserId, t.eventId),
    index('follow_up_invites_to').on(t.toUserId),
    uniqueIndex('follow_up_invites_token').on(t.stopToken),
    check('follow_up_invites_not_self', sql`${t.fromUserId} <> ${t.toUserId}`),
  ],
);

/** The invitee stopped invites from this person: later invites are refused without telling the sender why. */
export const inviteBlocks = pgTable(
  'invite_blocks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedUserId: integer('blocked_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.blockedUserId] })],
);
