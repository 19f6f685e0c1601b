import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';

/** The mail kept locally for one address (no SMTP server); mail queued for SMTP is not the development outbox's. */
export async function outboxFor(db: Db, to: string, limit = 50) {
  return db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, attachments: mailOutbox.attachments, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.status, 'local')))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}
