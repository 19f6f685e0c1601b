import { boolean, doublePrecision, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { VenueAccess } from '@shared/schemas/venue-access';
import { users } from './users';

export const venues = pgTable('venues', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull().default(''),
  city: text('city').notNull(),
  capacity: integer('capacity').notNull().default(40),
  amenities: jsonb('amenities')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  contactInfo: text('contact_info'),
  pricePerHour: integer('price_per_hour').notNull().default(5000),
  isActive: boolean('is_active').notNull().default(true),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  /**
   * How to get in (step-free entrance, toilet, hearing loop, seating...): a fact absent or null is
   * "not told yet", not "no" (docs/decisions/0077-venues-say-how-to-get-in.md). Read through readAccess.
   */
  access: jsonb('access')
    .$type<Partial<VenueAccess>>()
    .notNull()
    .default(sql`'{}'::jsonb`),
  /**
   * The venue's owner: the host who created it. The owner, the co-hosts in venue_hosts and admins may
   * edit the venue, its slots and blocks; a venue without an owner (the owner deleted their account)
   * is edited by admins only. Migration 0002 gave older venues without one the host of their first event.
   */
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  isDemo: boolean('is_demo').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A venue's opening for events on a day, or a block (maintenance, private event...). */
export const venueSlots = pgTable(
  'venue_slots',
  {
    id: serial('id').primaryKey(),
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    /** Local calendar day, YYYY-MM-DD (Europe/London). */
    day: text('day').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    kind: text('kind').$type<'available' | 'blocked'>().notNull(),
    maxCapacity: integer('max_capacity'),
    reason: text('reason'),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('venue_slots_venue_day_idx').on(t.venueId, t.day)],
);

/** Co-hosts of a venue: hosts its owner added, who may edit it, its slots and blocks. */
export const venueHosts = pgTable(
  'venue_hosts',
  {
    venueId: integer('venue_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.userId] }), index('venue_hosts_user_idx').on(t.userId)],
);
