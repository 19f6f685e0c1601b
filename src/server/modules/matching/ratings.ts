import type { z } from 'zod';
import type { Rating, ratingBody } from '@shared/schemas/matching';
import type { Db } from '../../db/client';
import { AppError, conflict, forbidden } from '../../errors';
import type { HeldKey } from '../../plugins/idempotency';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import * as tickets from '../tickets/service';
import * as q from './queries';
import { rateTogether } from './rate-together';

export async function assertHostOrSelf(db: Db, viewer: Viewer, eventId: number, userId: number) {
  const event = await events.getEventRow(db, eventId);
  if (viewer.id !== userId && !events.isHostOf(viewer, event)) throw forbidden('You can only see your own');
  return event;
}

/**
 * Refused: a rating for someone the guest did not sit with in a round that started (docs/decisions/0063).
 * The same words on the card's route and on /live-event's quick yes/no.
 */
export const NOT_MET = 'You can rate only the people you sat with in a round that has started';

/** The round in which the two talked, or a refusal: every rating is for a conversation that took place. */
export async function roundTalkedIn(db: Db, eventId: number, raterId: number, ratedId: number): Promise<number> {
  const round = await q.roundTogether(db, eventId, raterId, ratedId);
  if (round === null) throw conflict(NOT_MET);
  return round;
}

/** Ratings of an evening are deleted RETENTION_DAYS after it (docs/decisions/0044); none are taken after. */
export const RATINGS_DELETED = 'Ratings are closed: this evening was too long ago';

/**
 * Ratings: one per pair per event, only between checked-in guests who sat together in a round that
 * started (the round stored is that one, whatever the phone says), changeable until release.
 * Stored in one statement that keeps every rule, with the ratings asked beside it (docs/decisions/0092,
 * 0151); only a refusal asks, rule by
 * rule, which one, so its message is the same as ever. `ratedEveryone`: this was the rater's last.
 * `keyed`: the Idempotency-Key the request holds, answered by the same statement; `answer` is then the
 * body it stored, for the route to send as it is (docs/decisions/0127).
 */
export async function rate(
  db: Db,
  viewer: Viewer,
  eventId: number,
  input: z.output<typeof ratingBody>,
  keyed: HeldKey | null = null,
): Promise<{ rating: Rating; ratedEveryone: boolean; answer: string | null }> {
  if (input.raterId !== viewer.id) throw forbidden('You can only rate as yourself');
  if (input.raterId === input.ratedId) throw new AppError('bad_request', 'You cannot rate yourself');
  const v = { eventId, raterId: input.raterId, ratedId: input.ratedId, rating: input.rating, source: 'card' as const };
  let done = await rateTogether(db, v, keyed);
  if (!done) {
    await whyNotRated(db, eventId, input.raterId, input.ratedId);
    // Every rule holds now (one changed between the two reads, e.g. a round just started): once more.
    done = await rateTogether(db, v, keyed);
    if (!done) throw conflict(NOT_MET);
  }
  return { rating: { ...done.rating, createdAt: done.rating.createdAt.toISOString() }, ratedEveryone: done.ratedEveryone, answer: done.answer };
}

/** The first rule a refused rating breaks, as its own error, in the order a guest meets them. */
async function whyNotRated(db: Db, eventId: number, raterId: number, ratedId: number) {
  await events.getEventRow(db, eventId);
  const [mine, theirs] = await Promise.all([q.registrationOf(db, eventId, raterId), q.registrationOf(db, eventId, ratedId)]);
  if (!mine?.checkedIn) throw conflict('Check in to this event before rating');
  if (!theirs?.checkedIn) throw conflict('You can only rate guests checked in to this event');
  if (await q.releasedAt(db, eventId)) throw conflict('Ratings are closed: the host has released the matches');
  if (await q.purgedAt(db, eventId)) throw conflict(RATINGS_DELETED);
  // Friends who booked together are never seated together and make no match (docs/decisions/0075).
  await tickets.refuseRatingBetweenFriends(db, eventId, raterId, ratedId);
  await roundTalkedIn(db, eventId, raterId, ratedId);
}

/**
 * A guest's own ratings, for them alone: nobody else, hosts and admins included, sees whom they chose
 * (/privacy). Hosts see who has rated and how many (the progress and round history), never the values.
 */
export async function ratingsGiven(db: Db, viewer: Viewer, eventId: number, userId: number): Promise<Rating[]> {
  await events.getEventRow(db, eventId);
  if (viewer.id !== userId) throw forbidden('Ratings are private: only the guest who gave them can see them');
  return (await q.ratingsBy(db, eventId, userId)).map((r) => ({
    id: r.id,
    raterId: r.raterId,
    ratedId: r.ratedId,
    rating: r.rating,
    round: r.round,
    createdAt: r.createdAt.toISOString(),
  }));
}
