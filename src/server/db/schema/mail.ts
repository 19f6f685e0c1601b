import { index, integer, jsonb, serial, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** An attachment as the outbox keeps it: its metadata, and its bytes (base64) so a queued mail can be sent later. */
export interface OutboxAttachment {
  filename: string;
  contentType: string;
  size: number;
  /** Content-ID: the HTML shows it inline (`<img src="cid:…">`). */
  cid?: string;
  /** The content, base64 (absent on rows written before the queue, docs/decisions/0037). */
  content?: string;
}

/**
 * Every mail, written before anything is sent (docs/decisions/0037-mail-outbox-and-delivery.md).
 * status: 'local' kept here only (no SMTP server: the development outbox, read at /api/dev/outbox);
 * 'pending' waiting for its next attempt; 'sending' claimed by one instance until claimed_until;
 * 'sent' accepted by the SMTP server; 'failed' given up after the retry limit (last_error says why).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: ['local', 'pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('local'),
    /** The Message-ID header, the same on every attempt, so a duplicate delivery is recognisable. */
    messageId: text('message_id'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('mail_outbox_to_idx').on(t.to, t.createdAt),
    uniqueIndex('mail_outbox_message_id_unique').on(t.messageId),
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
  ],
);
