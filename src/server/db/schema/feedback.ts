import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/** Feedback (/feedback, docs/spec/organiser-tools.md §2.15): the form and the emoji widget. */

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
    improvements: jsonb('improvements')
      .$type<string[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
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
