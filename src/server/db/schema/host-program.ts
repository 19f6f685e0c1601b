import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';

/** The host program (/host-program): applications to host evenings. */

/** An application to host evenings (/host-program); an admin's approval grants the host role. */
export const hostApplications = pgTable(
  'host_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    location: text('location').notNull(),
    experience: text('experience').notNull(),
    motivation: text('motivation').notNull(),
    venueIdea: text('venue_idea').notNull(),
    /** 'declined' by an admin (with a reason the applicant is told), 'withdrawn' by the applicant. */
    status: text('status').$type<'pending' | 'approved' | 'declined' | 'withdrawn'>().notNull().default('pending'),
    declineReason: text('decline_reason'),
    proposedEventDate: text('proposed_event_date'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    isDemo: boolean('is_demo').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('host_applications_status_idx').on(t.status, t.createdAt),
    // One pending application per person.
    uniqueIndex('host_applications_one_pending')
      .on(t.userId)
      .where(sql`${t.status} = 'pending'`),
  ],
);
