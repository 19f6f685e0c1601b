import { foreignKey, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { registrations } from './tickets';

/**
 * What would help a guest on the night (issue 39, docs/decisions/0086-access-needs-at-booking.md):
 * free text a booked guest may give, seen by the evening's hosts and admins at the door. It belongs
 * to the booking: the foreign key on (event, guest) deletes it with the registration (a cancelled or
 * removed seat), and refuses to move it with a ticket given to a friend (the transfer deletes it first).
 * The retention sweep deletes it with the evening's other personal data.
 */
export const accessNeeds = pgTable(
  'access_needs',
  {
    eventId: integer('event_id').notNull(),
    userId: integer('user_id').notNull(),
    note: text('note').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId] }),
    foreignKey({
      name: 'access_needs_registration_fk',
      columns: [t.eventId, t.userId],
      foreignColumns: [registrations.eventId, registrations.userId],
    }).onDelete('cascade'),
  ],
);
