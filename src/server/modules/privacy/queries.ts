import { and, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { arrivalStates, conversationQuestions, events, ratings } from '../../db/schema/index';

/**
 * Claim every evening that ended at or before `cutoff` and was never swept: one conditional UPDATE,
 * so with several instances sweeping at once each evening goes to exactly one of them (the others'
 * WHERE no longer holds once the winner commits; the pattern of matching's releaseDue).
 */
export async function claimDue(db: Db, cutoff: Date, now: Date) {
  return db
    .update(events)
    .set({ personalDataPurgedAt: now })
    .where(and(isNull(events.personalDataPurgedAt), lte(events.endsAt, cutoff)))
    .returning({ id: events.id, releasedAt: events.contactsReleasedAt });
}

export async function deleteRatings(db: Db, eventIds: number[]) {
  if (!eventIds.length) return 0;
  return (await db.delete(ratings).where(inArray(ratings.eventId, eventIds)).returning({ id: ratings.id })).length;
}

/** The conversation guide's questions, whom each guest talked to round by round (docs/decisions/0081). */
export async function deleteGuideQuestions(db: Db, eventIds: number[]) {
  if (!eventIds.length) return 0;
  return (await db.delete(conversationQuestions).where(inArray(conversationQuestions.eventId, eventIds)).returning({ eventId: conversationQuestions.eventId }))
    .length;
}

export async function deleteArrivalReports(db: Db, eventIds: number[]) {
  if (!eventIds.length) return 0;
  return (await db.delete(arrivalStates).where(inArray(arrivalStates.eventId, eventIds)).returning({ eventId: arrivalStates.eventId })).length;
}

/**
 * Arrival reports sent for an evening after it was swept (a guest's /arrival page left open):
 * deleted on the next sweep, so none outlives its evening's retention by more than a sweep.
 */
export async function deleteLateArrivalReports(db: Db) {
  const rows = await db
    .delete(arrivalStates)
    .where(inArray(arrivalStates.eventId, db.select({ id: events.id }).from(events).where(isNotNull(events.personalDataPurgedAt))))
    .returning({ eventId: arrivalStates.eventId });
  return rows.length;
}
