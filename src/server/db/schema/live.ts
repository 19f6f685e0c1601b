import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

export type TimerPhase = 'idle' | 'active' | 'paused' | 'grace' | 'ended';

/** The one authoritative round timer of an evening. `version` orders transitions across instances. */
export const eventTimers = pgTable('event_timers', {
  eventId: integer('event_id')
    .primaryKey()
    .references(() => events.id, { onDelete: 'cascade' }),
  phase: text('phase').$type<TimerPhase>().notNull().default('idle'),
  currentRound: integer('current_round').notNull().default(0),
  roundDuration: integer('round_duration').notNull().default(300),
  endsAt: timestamp('ends_at', { withTimezone: true, precision: 3 }),
  remainingMs: integer('remaining_ms'),
  /** Host console mode: a 60 s grace period after each round, then the next round starts by itself. */
  autoAdvance: boolean('auto_advance').notNull().default(false),
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const roundHistory = pgTable(
  'round_history',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    duration: integer('duration').notNull(),
    status: text('status').$type<'active' | 'completed' | 'skipped'>().notNull().default('active'),
  },
  (t) => [uniqueIndex('round_history_event_round').on(t.eventId, t.round)],
);

/** Who talks to whom in each round; b null means a bye. */
export const rotations = pgTable(
  'rotations',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    userA: integer('user_a')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userB: integer('user_b').references(() => users.id, { onDelete: 'cascade' }),
    tableNo: integer('table_no'),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.round, t.userA] }),
    index('rotations_event_b').on(t.eventId, t.userB),
    // Who has met whom at other evenings (queries.pairsMetElsewhere), looked up by person, not by event.
    index('rotations_pair').on(t.userA, t.userB),
  ],
);

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
