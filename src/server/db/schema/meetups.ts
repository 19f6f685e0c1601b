import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users';
import { venues } from './venues';

/**
 * Meet-up polls (GitHub issue 36 "Meet again", docs/decisions/0082-meet-ups-decided-by-everyone.md):
 * a member of a friend group of three or four, or one of a matched pair, proposes up to three times
 * and a place; every member answers yes or no to each; when all have answered, the time with the
 * most yes (ties: the earliest) is confirmed and each member is mailed a calendar file, once.
 */
export type MeetupStatus = 'open' | 'confirmed' | 'cancelled' | 'ended';

export const meetupPolls = pgTable(
  'meetup_polls',
  {
    id: serial('id').primaryKey(),
    /** The people of the poll: their ids, ascending, joined by '-' (a friend group's key; a pair's two ids). */
    groupKey: text('group_key').notNull(),
    proposedBy: integer('proposed_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A venue picked from the venues, or null for a place written by hand. */
    venueId: integer('venue_id').references(() => venues.id, { onDelete: 'set null' }),
    /** Where: the venue's name and address when picked (kept as it was), or the proposer's own words. */
    place: text('place').notNull(),
    /**
     * open: answers are being given; confirmed: everyone answered, `confirmed_option_id` won;
     * cancelled: the proposer withdrew, or fewer than two people are left in it; ended: a block
     * between two of its people ended it (shown to nobody, docs/decisions/0082).
     */
    status: text('status').$type<MeetupStatus>().notNull().default('open'),
    confirmedOptionId: integer('confirmed_option_id'),
    /** The latest of its times: with `closed_at`, what the retention sweep counts from. */
    lastOptionAt: timestamp('last_option_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When it was confirmed, cancelled or ended. */
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    // One open poll per group at a time, kept by the database (two proposals at once: one wins).
    uniqueIndex('meetup_polls_one_open')
      .on(t.groupKey)
      .where(sql`${t.status} = 'open'`),
    index('meetup_polls_key_idx').on(t.groupKey),
    check('meetup_polls_status', sql`${t.status} IN ('open', 'confirmed', 'cancelled', 'ended')`),
    check('meetup_polls_confirmed_has_option', sql`${t.status} <> 'confirmed' OR ${t.confirmedOptionId} IS NOT NULL`),
  ],
);

/** The people of a poll, the proposer included. `left_at`: they withdrew (their answers are gone). */
export const meetupMembers = pgTable(
  'meetup_members',
  {
    pollId: integer('poll_id')
      .notNull()
      .references(() => meetupPolls.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    leftAt: timestamp('left_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.pollId, t.userId] }), index('meetup_members_user_idx').on(t.userId)],
);

/** The times proposed (one to three, each in the future when proposed). */
export const meetupOptions = pgTable(
  'meetup_options',
  {
    id: serial('id').primaryKey(),
    pollId: integer('poll_id')
      .notNull()
      .references(() => meetupPolls.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('meetup_options_once').on(t.pollId, t.startsAt)],
);

/** A member's yes or no to one time. */
export const meetupAnswers = pgTable(
  'meetup_answers',
  {
    optionId: integer('option_id')
      .notNull()
      .references(() => meetupOptions.id, { onDelete: 'cascade' }),
    pollId: integer('poll_id')
      .notNull()
      .references(() => meetupPolls.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    yes: boolean('yes').notNull(),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.optionId, t.userId] }), index('meetup_answers_poll_idx').on(t.pollId, t.userId)],
);
