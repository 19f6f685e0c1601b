import type { Db } from '../../db/client';
import * as q from './queries';

/** The outbox for one address, newest first. */
export async function readOutbox(db: Db, to: string) {
  const rows = await q.outboxFor(db, to);
  return rows.map((r) => ({
    ...r,
    // Metadata only: the content stays in the outbox.
    attachments: (r.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.size })),
    createdAt: r.createdAt.toISOString(),
  }));
}
