import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accessNeeds, events, registrations } from '../../db/schema/index';

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** The evening's end and status, to say whether its notes may still change. */
export async function evening(db: Db, eventId: number) {
  const rows = await db.select({ endsAt: events.endsAt, status: events.status }).from(events).where(eq(events.id, eventId)).limit(1);
  return rows[0] ?? null;
}

export async function noteOf(db: Db, eventId: number, userId: number) {
  const rows = await db
    .select({ note: accessNeeds.note })
    .from(accessNeeds)
    .where(and(eq(accessNeeds.eventId, eventId), eq(accessNeeds.userId, userId)))
    .limit(1);
  return rows[0]?.note ?? null;
}

export async function isBooked(db: Db, eventId: number, userId: number) {
  const rows = await db
    .select({ id: registrations.id })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId)))
    .limit(1);
  return rows.length > 0;
}

/**
 * Keep the note, in one statement that holds only while the guest's registration does: no row when
 * they are not booked (or the seat went in the same moment), so nothing is kept for a seat that is gone.
 */
export async function upsert(db: Db, eventId: number, userId: number, note: string): Promise<boolean> {
  const r = await db.execute(sql`
    INSERT INTO access_needs (event_id, user_id, note, updated_at)
    SELECT r.event_id, r.user_id, ${note}, now() FROM registrations r
    WHERE r.event_id = ${eventId} AND r.user_id = ${userId}
    ON CONFLICT (event_id, user_id) DO UPDATE SET note = excluded.note, updated_at = excluded.updated_at
    RETURNING note`);
  return rowsOf<{ note: string }>(r).length > 0;
}

export async function remove(db: Db, eventId: number, userId: number) {
  await db.delete(accessNeeds).where(and(eq(accessNeeds.eventId, eventId), eq(accessNeeds.userId, userId)));
}

/** The retention sweep: every note of these evenings (docs/decisions/0044). */
export async function deleteForEvenings(db: Db, eventIds: number[]) {
  if (!eventIds.length) return 0;
  return (await db.delete(accessNeeds).where(inArray(accessNeeds.eventId, eventIds)).returning({ eventId: accessNeeds.eventId })).length;
}
