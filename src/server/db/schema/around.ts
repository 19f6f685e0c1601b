import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/**
 * Around the evening (docs/spec/organiser-tools.md §2.15, §2.25-2.27; docs/decisions/0016): feedback
 * (the form and the emoji widget), the event waitlist with its seat offers, the match-preview opt-out,
 * and follow-up invites between guests who did not match.
 */

/** The feedback form (/feedback): one response per guest per evening, which they may change. */
export const eventFeedback = pgTable(
  'event_feedback',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    overallRating: integer('overall_rating').notNull(),
    /** 1-5 stars; 0 means unrated. */
    venueRating: integer('venue_rating').notNull().default(0),
    organizationRating: integer('organization_rating').notNull().default(0),
    matchQualityRating: integer('match_quality_rating').notNull().default(0),
    timingRating: integer('timing_rating').notNull().default(0),
    wouldRecommend: boolean('would_recommend').notNull().default(true),
    improvements: jsonb('improvements').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    favoriteAspect: text('favorite_aspect'),
    additionalComments: text('additional_comments'),
    isDemo: boolean('is_demo').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_feedback_one_per_guest').on(t.eventId, t.userId),
    check('event_feedback_overall', sql`${t.overallRating} BETWEEN 1 AND 5`),
    check(
      'event_feedback_aspects',
      sql`${t.venueRating} BETWEEN 0 AND 5 AND ${t.organizationRating} BETWEEN 0 AND 5 AND ${t.matchQualityRating} BETWEEN 0 AND 5 AND ${t.timingRating} BETWEEN 0 AND 5`,
    ),
  ],
);

/** The emoji widget: one reaction per member per evening; choosing another replaces it. */
export const emojiFeedback = pgTable(
  'emoji_feedback',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    emoji: text('emoji').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

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
    offeredAt: timestamp('offered_at', { withTimezone: true }),
    offerExpiresAt: timestamp('offer_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('event_waitlist_once').on(t.eventId, t.userId),
    index('event_waitlist_queue').on(t.eventId, t.status, t.createdAt),
    check('event_waitlist_offer', sql`${t.status} <> 'offered' OR ${t.offerExpiresAt} IS NOT NULL`),
  ],
);

/** Members who asked not to appear in other guests' match previews (default: they appear). */
export const previewOptOuts = pgTable('preview_opt_outs', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

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
    stopToken: text('stop_token').notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
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
