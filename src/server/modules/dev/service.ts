import type { Db } from '../../db/client';
import * as q from './queries';

/** The outbox for one address, newest first. */
export async function readOutbox(db: Db, to: string) {
  const rows = await q.outboxFor(db, to);
  return rows.map((r) => ({ ...r, attachments: r.attachments ?? [], createdAt: r.createdAt.toISOString() }));
}
