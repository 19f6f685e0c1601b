import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

export const events = pgTable(
  'events',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description'),
    /** The evening's start as an instant. */
    date: timestamp('date', { withTimezone: true }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    venue: text('venue').notNull(),
    ageRangeMin: integer('age_range_min').notNull(),
    ageRangeMax: integer('age_range_max').notNull(),
    maxParticipants: integer('max_participants').notNull(),
    participantCount: integer('participant_count').notNull().default(0),
    price: integer('price').notNull().default(1500),
    status: text('status').$type<'upcoming' | 'completed'>().notNull().default('upcoming'),
    roundDuration: integer('round_duration').notNull().default(300),
    hostId: integer('host_id').references(() => users.id, { onDelete: 'set null' }),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_date_idx').on(t.date),
    check('events_capacity', sql`${t.participantCount} >= 0 AND ${t.participantCount} <= ${t.maxParticipants}`),
  ],
);

export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    consentToShare: boolean('consent_to_share').notNull().default(false),
    checkedIn: boolean('checked_in').notNull().default(false),
    checkedInAt: timestamp('checked_in_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('registrations_event_user_unique').on(t.eventId, t.userId), index('registrations_user_idx').on(t.userId)],
);
