import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';
import { venues } from './venues';

/** As src/shared/schemas/door.ts CHECK_IN_METHODS (docs/decisions/0049-how-a-guest-got-in.md). */
export type CheckInMethod = 'scan' | 'code' | 'search' | 'self' | 'location';

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
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('events_date_idx').on(t.date),
    check('events_capacity', sql`${t.participantCount} >= 0 AND ${t.participantCount} <= ${t.seatsTaken} AND ${t.seatsTaken} <= ${t.maxParticipants}`),
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
    /** How the guest got in: the host scanned their ticket, found them by search, or they checked themself in (event page or /arrival). */
    checkInMethod: text('check_in_method').$type<CheckInMethod>(),
    /** The host who checked them in (null for a self check-in). */
    checkedInBy: integer('checked_in_by').references(() => users.id, { onDelete: 'set null' }),
    /** The desk (a device's UUID) whose offline check-in stands, and that check-in's idempotency key (docs/decisions/0052); null online. */
    checkInDesk: uuid('check_in_desk'),
    checkInKey: uuid('check_in_key'),
    /** Secret code printed as the ticket's QR code. */
    ticketCode: text('ticket_code').notNull(),
    paymentId: integer('payment_id'),
    /** Short code a guest reads out or shows as QR so others can log a conversation (/live-event). */
    connectCode: text('connect_code').notNull().default(sql`upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 6))`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('registrations_event_user_unique').on(t.eventId, t.userId),
    index('registrations_user_idx').on(t.userId),
    uniqueIndex('registrations_ticket_unique').on(t.ticketCode),
  ],
);

/**
 * Tickets given up: a cancelled registration is deleted (its seat freed), but its code is kept here so
 * the door can say "this ticket was cancelled" instead of "unknown code".
 */
export const cancelledTickets = pgTable('cancelled_tickets', {
  ticketCode: text('ticket_code').primaryKey(),
  eventId: integer('event_id')
    .notNull()
    .references(() => events.id, { onDelete: 'cascade' }),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  cancelledAt: timestamp('cancelled_at', { withTimezone: true }).notNull().defaultNow(),
});
