import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/**
 * "Did you meet NAME again?" (issue 36, docs/decisions/0083-met-again.md): seven and twenty-one days
 * after an evening, each guest with a match is asked once per match, by e-mail and on /notifications.
 */

export type MetAgainAnswer = 'met' | 'planned' | 'not_yet';
/** Days after the evening: the first question, and the second. */
export type MetAgainStage = 7 | 21;

/**
 * One question per guest, match and stage: the row is the claim that it is asked (INSERT … ON
 * CONFLICT DO NOTHING). The e-mail is claimed apart, by the UPDATE that sets the token (token_hash
 * NULL → the SHA-256 of the link's token), so several instances sweeping at once mail each question
 * once. After the evening's retention sweep an answered row keeps only the evening, stage and answer
 * (the people's ids and the token set to NULL) for the host's report; an unanswered one is deleted.
 */
export const metAgain = pgTable(
  'met_again',
  {
    id: serial('id').primaryKey(),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    /** The guest asked; NULL once the evening's personal data is swept. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The match asked about; NULL once swept. */
    otherId: integer('other_id').references(() => users.id, { onDelete: 'cascade' }),
    stage: integer('stage').$type<MetAgainStage>().notNull(),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hex SHA-256 of the link's token; NULL until the e-mail is claimed (and after the sweep). */
    tokenHash: text('token_hash'),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    answer: text('answer').$type<MetAgainAnswer>(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('met_again_once').on(t.eventId, t.userId, t.otherId, t.stage),
    uniqueIndex('met_again_token').on(t.tokenHash),
    index('met_again_user').on(t.userId),
    check('met_again_stage', sql`${t.stage} IN (7, 21)`),
    check('met_again_answer', sql`${t.answer} IS NULL OR ${t.answer} IN ('met', 'planned', 'not_yet')`),
  ],
);
