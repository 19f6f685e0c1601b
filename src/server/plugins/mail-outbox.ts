/**
 * The mail outbox as a queue (docs/decisions/0037-mail-outbox-and-delivery.md): every mail is a
 * row first; a sender claims due rows atomically (UPDATE … WHERE id IN (… FOR UPDATE SKIP LOCKED)
 * RETURNING), so several instances on one PostgreSQL never hold the same row at once.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mailOutbox, type OutboxAttachment } from '../db/schema/index';

export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: OutboxAttachment[];
  messageId: string;
  /** 'pending': to be sent over SMTP now; 'local': kept here only (no SMTP server). */
  status: 'pending' | 'local';
}

/** A claimed row, ready to hand to SMTP. */
export interface ClaimedMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: OutboxAttachment[];
  messageId: string;
  attempts: number;
  createdAt: Date;
}

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

export async function insertMail(db: Db, mail: NewMail): Promise<{ id: number; createdAt: Date }> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ ...mail, nextAttemptAt: mail.status === 'pending' ? sql`now()` : null })
    .returning({ id: mailOutbox.id, createdAt: mailOutbox.createdAt });
  return row!;
}

type ClaimRow = {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: OutboxAttachment[] | string | null;
  message_id: string;
  attempts: number;
  created_at: Date | string;
};

/**
 * Take up to `limit` mails that are due (pending and their time has come, or claimed by an
 * instance whose lease ran out: it stopped between claiming and marking). Each comes back with
 * its attempt counted and a lease of `leaseMs`; a row locked by another claimer is skipped.
 */
export async function claimDue(db: Db, p: { limit: number; leaseMs: number }): Promise<ClaimedMail[]> {
  const r = await db.execute(sql`
    UPDATE mail_outbox SET status = 'sending', attempts = attempts + 1, claimed_until = now() + ${p.leaseMs}::double precision * interval '1 millisecond'
    WHERE id IN (
      SELECT id FROM mail_outbox
      WHERE (status = 'pending' AND next_attempt_at <= now()) OR (status = 'sending' AND claimed_until < now())
      ORDER BY id
      LIMIT ${p.limit}
      FOR UPDATE SKIP LOCKED)
    RETURNING id, "to", subject, text, html, attachments, message_id, attempts, created_at`);
  return rowsOf<ClaimRow>(r).map((row) => ({
    id: Number(row.id),
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    attachments: (typeof row.attachments === 'string' ? (JSON.parse(row.attachments) as OutboxAttachment[]) : row.attachments) ?? [],
    messageId: row.message_id,
    attempts: Number(row.attempts),
    createdAt: new Date(row.created_at),
  }));
}

/**
 * The SMTP server accepted it. Whoever knows that marks it, whatever claim it holds now (a
 * stale sender whose lease ran out still knows the truth); a sent mail never goes back.
 */
export async function markSent(db: Db, id: number) {
  await db.execute(sql`
    UPDATE mail_outbox SET status = 'sent', sent_at = now(), claimed_until = NULL, next_attempt_at = NULL, last_error = NULL
    WHERE id = ${id} AND status <> 'sent'`);
}

/** This attempt failed: wait `delayMs` for the next. Only the claim that made the attempt may say so. */
export async function markRetry(db: Db, p: { id: number; attempts: number; delayMs: number; error: string }) {
  const r = await db.execute(sql`
    UPDATE mail_outbox SET status = 'pending', claimed_until = NULL, next_attempt_at = now() + ${p.delayMs}::double precision * interval '1 millisecond', last_error = ${p.error}
    WHERE id = ${p.id} AND status = 'sending' AND attempts = ${p.attempts}::int
    RETURNING id`);
  return rowsOf<{ id: number }>(r).length > 0;
}

/** The last allowed attempt failed: give up, keeping the reason. */
export async function markFailed(db: Db, p: { id: number; attempts: number; error: string }) {
  const r = await db.execute(sql`
    UPDATE mail_outbox SET status = 'failed', claimed_until = NULL, next_attempt_at = NULL, last_error = ${p.error}
    WHERE id = ${p.id} AND status = 'sending' AND attempts = ${p.attempts}::int
    RETURNING id`);
  return rowsOf<{ id: number }>(r).length > 0;
}

/**
 * Sent mail is kept a week (a duplicate can be traced by its Message-ID), failed mail a month;
 * after that their text (login codes, tickets) has no business in the database.
 */
export async function purgeOld(db: Db) {
  await db.execute(sql`
    DELETE FROM mail_outbox
    WHERE (status = 'sent' AND sent_at < now() - interval '7 days') OR (status = 'failed' AND created_at < now() - interval '30 days')`);
}
