import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/** The live evening (docs/spec/organiser-tools.md §2.1-2.3): the round timer, the rounds held, and who talks to whom. */

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
