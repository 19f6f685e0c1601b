import type { AccessNeeds } from '@shared/schemas/access-needs';
import type { Db } from '../../db/client';
import { conflict, forbidden, notFound } from '../../errors';
import type { Viewer } from '../auth/service';
import * as q from './queries';

/** What would help a guest on the night (docs/decisions/0086-access-needs-at-booking.md). */

export const NOT_BOOKED = 'Only a guest booked on this evening can tell its hosts what would help';
export const EVENING_OVER = 'This evening is over, so there is nothing more to tell its hosts';

async function requireEvening(db: Db, eventId: number) {
  const evening = await q.evening(db, eventId);
  if (!evening) throw notFound('Event not found');
  return evening;
}

/** The viewer's own note for an evening they are booked on. */
export async function mine(db: Db, viewer: Viewer, eventId: number): Promise<AccessNeeds> {
  await requireEvening(db, eventId);
  if (!(await q.isBooked(db, eventId, viewer.id))) throw forbidden(NOT_BOOKED);
  return { note: await q.noteOf(db, eventId, viewer.id) };
}

/** Keep the note (empty: take it away) until the evening ends; only the guest's own, only while booked. */
export async function save(db: Db, viewer: Viewer, eventId: number, note: string, now: Date): Promise<AccessNeeds> {
  const evening = await requireEvening(db, eventId);
  if (evening.status === 'completed' || evening.endsAt.getTime() <= now.getTime()) throw conflict(EVENING_OVER);
  if (!(await q.isBooked(db, eventId, viewer.id))) throw forbidden(NOT_BOOKED);
  if (note === '') {
    await q.remove(db, eventId, viewer.id);
    return { note: null };
  }
  // The seat can go between the check and the write (a cancellation on another phone): then nothing is kept.
  if (!(await q.upsert(db, eventId, viewer.id, note))) throw forbidden(NOT_BOOKED);
  return { note };
}

/** A ticket given to a friend: the first holder's note stays theirs, so it goes (modules/tickets' transfer, before the move). */
export const forget = q.remove;

/** The retention sweep's part: the notes of evenings whose personal data is due (modules/privacy). */
export const deleteForEvenings = q.deleteForEvenings;
