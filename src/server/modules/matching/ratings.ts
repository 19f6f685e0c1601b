import type { z } from 'zod';
import type { Rating, ratingBody } from '@shared/schemas/matching';
import type { Db } from '../../db/client';
import { AppError, conflict, forbidden } from '../../errors';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import * as q from './queries';

export async function assertHostOrSelf(db: Db, viewer: Viewer, eventId: number, userId: number) {
  const event = await events.getEventRow(db, eventId);
  if (viewer.id !== userId && !events.isHostOf(viewer, event)) throw forbidden('You can only see your own');
  return event;
}

/** Ratings of an evening are deleted RETENTION_DAYS after it (docs/decisions/0044); none are taken after. */
export const RATINGS_DELETED = 'Ratings are closed: this evening was too long ago';

/** Ratings: one per pair per event, only between checked-in guests, changeable until release. */
export async function rate(db: Db, viewer: Viewer, eventId: number, input: z.output<typeof ratingBody>): Promise<Rating> {
  if (input.raterId !== viewer.id) throw forbidden('You can only rate as yourself');
  if (input.raterId === input.ratedId) throw new AppError('bad_request', 'You cannot rate yourself');
  await events.getEventRow(db, eventId);
  const [mine, theirs] = await Promise.all([q.registrationOf(db, eventId, input.raterId), q.registrationOf(db, eventId, input.ratedId)]);
  if (!mine?.checkedIn) throw conflict('Check in to this event before rating');
  if (!theirs?.checkedIn) throw conflict('You can only rate guests checked in to this event');
  if (await q.releasedAt(db, eventId)) throw conflict('Ratings are closed: the host has released the matches');
  if (await q.purgedAt(db, eventId)) throw conflict(RATINGS_DELETED);
  const row = await q.upsertRating(db, {
    eventId,
    raterId: input.raterId,
    ratedId: input.ratedId,
    rating: input.rating,
    round: input.round ?? null,
    source: 'card',
  });
  return { ...row, createdAt: row.createdAt.toISOString() };
}

/** After a guest's last rating, matches are calculated (idempotent). */
export async function ratedEveryone(db: Db, eventId: number, raterId: number) {
  const rotation = await q.rotationOf(db, eventId);
  const partners = new Set(rotation.flatMap((r) => (r.a === raterId && r.b !== null ? [r.b] : r.b === raterId ? [r.a] : [])));
  if (partners.size === 0) return false;
  const given = new Set((await q.ratingsBy(db, eventId, raterId)).map((r) => r.ratedId));
  return [...partners].every((p) => given.has(p));
}

export async function ratingsGiven(db: Db, viewer: Viewer, eventId: number, userId: number): Promise<Rating[]> {
  await assertHostOrSelf(db, viewer, eventId, userId);
  return (await q.ratingsBy(db, eventId, userId)).map((r) => ({
    id: r.id,
    raterId: r.raterId,
    ratedId: r.ratedId,
    rating: r.rating,
    round: r.round,
    createdAt: r.createdAt.toISOString(),
  }));
}
