import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';
import { venues } from './venues';

/** The evenings themselves (docs/spec/member-app.md §2.4, /events). */

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
    /** Venue name as shown on the event (kept even if the venue row changes). */
    venue: text('venue').notNull(),
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'set null' }),
    /** When the evening ends, as an instant. */
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    ageRangeMin: integer('age_range_min').notNull(),
    ageRangeMax: integer('age_range_max').notNull(),
    maxParticipants: integer('max_participants').notNull(),
    participantCount: integer('participant_count').notNull().default(0),
    /** Registrations plus unexpired payment holds: the number capacity is enforced on. */
    seatsTaken: integer('seats_taken').notNull().default(0),
    price: integer('price').notNull().default(1500),
    /**
     * What the price includes, in the host's words ('Venue access and a welcome drink'); null when the
     * host said nothing, and then no page promises anything (docs/decisions/0072).
     */
    priceIncludes: text('price_includes'),
    status: text('status').$type<'upcoming' | 'completed'>().notNull().default('upcoming'),
    roundDuration: integer('round_duration').notNull().default(300),
    /** Set when the host releases contact details of matches for the whole event. */
    contactsReleasedAt: timestamp('contacts_released_at', { withTimezone: true }),
    hostId: integer('host_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * When the retention sweep deleted the evening's ratings and arrival reports (RETENTION_DAYS after
     * its end, docs/decisions/0044). Claimed by one conditional UPDATE, so exactly one instance sweeps
     * each evening; after it, matches are no longer recalculated (there is nothing left to count).
     */
    personalDataPurgedAt: timestamp('personal_data_purged_at', { withTimezone: true }),
    /**
     * The conversation guide for this evening (issue 36, docs/decisions/0081): 'light' keeps the
     * questions easy-going, 'deeper' moves to more personal ones in later rounds, 'off' shows none.
     */
    guide: text('guide').$type<'light' | 'deeper' | 'off'>().notNull().default('light'),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_date_idx').on(t.date),
    check('events_guide', sql`${t.guide} IN ('light', 'deeper', 'off')`),
    check('events_capacity', sql`${t.participantCount} >= 0 AND ${t.participantCount} <= ${t.seatsTaken} AND ${t.seatsTaken} <= ${t.maxParticipants}`),
  ],
);
