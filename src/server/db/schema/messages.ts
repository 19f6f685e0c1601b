import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/** Messages (/messaging, /notifications): the hosts' messages to the room, who read them, and the reminders already sent. */

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
