import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { mailOutbox } from '../../db/schema/index';

export async function outboxFor(db: Db, to: string, limit = 50) {
  return db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, attachments: mailOutbox.attachments, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(limit);
}
