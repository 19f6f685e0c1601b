import { boolean, doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/**
 * The door and the room (docs/spec/organiser-tools.md §2.19-2.23): where each guest says they are
 * (/arrival), the host's messages to the room and who read them, and the reminders already sent.
 */

/** A guest's last arrival report: location permission and, when granted, their distance from the venue. */
export const arrivalStates = pgTable(
  'arrival_states',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permission: text('permission').$type<'granted' | 'denied'>().notNull(),
    /** Metres from the venue at the last report (null when denied or the venue has no coordinates). */
    distanceM: doublePrecision('distance_m'),
    accuracyM: doublePrecision('accuracy_m'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] })],
);

export type MessageType = 'general' | 'urgent' | 'round' | 'location';

/** A message from a host (or the door's reminder) to the guests of an evening. */
export const eventMessages = pgTable(
  'event_messages',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    type: text('type').$type<MessageType>().notNull(),
    /** Guests are asked to acknowledge it (a modal with Acknowledged). */
    requiresAction: boolean('requires_action').notNull().default(false),
    /** 'room': to the checked-in guests; 'reminder': to the registered guests not yet checked in. */
    audience: text('audience').$type<'room' | 'reminder'>().notNull().default('room'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_messages_event_idx').on(t.eventId, t.createdAt)],
);

/** Who a message was sent to, and when each read and acknowledged it (stored, so every device agrees). */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => eventMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('message_recipients_user_idx').on(t.userId)],
);

/**
 * Scheduled reminders already claimed: one row per (event, guest, kind). The row is inserted before the
 * e-mail is sent (ON CONFLICT DO NOTHING), so with several instances and after restarts each goes once.
 */
export const reminderSends = pgTable(
  'reminder_sends',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'24h' | '2h'>().notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId, t.kind] })],
);

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
