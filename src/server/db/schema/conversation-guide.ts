import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { events } from './events';
import { users } from './users';

/**
 * The conversation guide (issue 36, docs/decisions/0081-a-conversation-guide-for-every-round.md):
 * every question given to a guest in an evening, one row per guest, so both people at a table hold
 * the same question. The unique indexes are the rules, not a read before the write: a guest gets a
 * question once in an evening (so a pair does too), and each place in a round's sequence holds one
 * question (two phones asking at once get the same one).
 */
export const conversationQuestions = pgTable(
  'conversation_questions',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    /** 0 for the opening question, then one more for each "Another question". */
    position: integer('position').notNull(),
    partnerId: integer('partner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Which question (shared/domain/conversation-guide.ts): 'set1.4', 'interest.hiking.0', 'motivation.3.1'. */
    questionKey: text('question_key').notNull(),
    /** The question and its follow-up as given (an interest's question names the member's own spelling). */
    question: text('question').notNull(),
    followUp: text('follow_up').notNull(),
    /** What the two share, when the question is about it ('Hiking'); null for a question of the round's set. */
    topic: text('topic'),
    askedAt: timestamp('asked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.userId, t.round, t.position] }),
    uniqueIndex('conversation_questions_once').on(t.eventId, t.userId, t.questionKey),
    index('conversation_questions_user').on(t.userId),
    check('conversation_questions_position', sql`${t.position} >= 0`),
  ],
);
