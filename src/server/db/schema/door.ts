import { integer, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';

/** The door (/check-in, docs/decisions/0049): the desks and every check-in they recorded. */

/**
 * The devices running an evening's door offline (docs/decisions/0052-the-door-offline.md): a desk
 * is known from the first time a host of the evening loads its offline pack, and a check-in it
 * sends later cannot count from before then. Which host it was is not kept: it needs no user column.
 */
export const doorDesks = pgTable(
  'door_desks',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    deskId: uuid('desk_id').notNull(),
    since: timestamp('since', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.deskId] })],
);

/**
 * Every check-in a desk sent after making it offline, by its idempotency key (decision 0052): a
 * sync sent again (its answer lost on a bad line) changes nothing the second time. No user column:
 * who was checked in is on the registration (and in that guest's data export, decision 0043).
 */
export const doorCheckIns = pgTable(
  'door_check_ins',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    key: uuid('key').notNull(),
    deskId: uuid('desk_id').notNull(),
    /** The desk's clock, as sent. */
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.key] })],
);
