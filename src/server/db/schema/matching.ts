import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/** Matching (/matches, /live-event): ratings, mutual matches and the conversations guests log. */

export const ratings = pgTable(
  'ratings',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    raterId: integer('rater_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ratedId: integer('rated_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    round: integer('round'),
    source: text('source').$type<'card' | 'quick'>().notNull().default('card'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('ratings_one_per_pair').on(t.eventId, t.raterId, t.ratedId),
    check('ratings_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check('ratings_not_self', sql`${t.raterId} <> ${t.ratedId}`),
  ],
);

/** A mutual match (both rated 4+). user1_id < user2_id. Sharing flags survive recalculation. */
export const matches = pgTable(
  'matches',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    user1Id: integer('user1_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    user2Id: integer('user2_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchScore: integer('match_score').notNull(),
    matchType: text('match_type').notNull().default('balanced'),
    personalityScore: doublePrecision('personality_score'),
    interestScore: doublePrecision('interest_score'),
    communicationScore: doublePrecision('communication_score'),
    ageCompatibilityScore: doublePrecision('age_compatibility_score'),
    ratingScore: doublePrecision('rating_score'),
    overallScore: doublePrecision('overall_score'),
    user1Shared: boolean('user1_shared').notNull().default(false),
    user2Shared: boolean('user2_shared').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('matches_pair').on(t.eventId, t.user1Id, t.user2Id), check('matches_ordered', sql`${t.user1Id} < ${t.user2Id}`)],
);

/**
 * "N people would like to see you again" (issue 36, docs/decisions/0083-met-again.md): per guest of
 * an evening, how many rated them MIN_MATCH_RATING or more, counted from the ratings whenever the
 * matches are calculated (release, the retention sweep just before it deletes the ratings), so it is
 * kept with the matches after the ratings are gone. `shown`: the count reveals no one's rating (see
 * the decision): false when every, or none, of the guest's unmatched partners rated them highly.
 */
export const seeAgainCounts = pgTable(
  'see_again_counts',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** People who rated this guest MIN_MATCH_RATING or more in a conversation that took place (matches included). */
    wouldSeeAgain: integer('would_see_again').notNull(),
    shown: boolean('shown').notNull(),
    calculatedAt: timestamp('calculated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index('see_again_counts_user').on(t.userId)],
);

/** /live-event: a guest logs a conversation by QR, code or list. */
export const connectionLogs = pgTable(
  'connection_logs',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otherId: integer('other_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    method: text('method').$type<'qr' | 'code' | 'list'>().notNull(),
    round: integer('round'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('connection_logs_once').on(t.eventId, t.userId, t.otherId)],
);

/**
 * The last calculation of an evening's matches (docs/decisions/0107): what it was calculated from
 * (a digest of the conversations held and the ratings of them) and with which algorithm. A
 * calculation nobody asked for by name (after a rating, at the end, at the release) is skipped when
 * nothing it reads has changed, and keeps the algorithm the host chose last.
 */
export const matchCalculations = pgTable('match_calculations', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  inputs: text('inputs').notNull(),
  algorithm: text('algorithm').notNull(),
  matches: integer('matches').notNull(),
  calculatedAt: timestamp('calculated_at', { withTimezone: true }).notNull().defaultNow(),
});
