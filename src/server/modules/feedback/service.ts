/**
 * Event feedback (docs/spec/organiser-tools.md §2.27, §3, §4 "Emoji feedback" and "Feedback form",
 * §5, §7, §9 "Feedback"; docs/product.md "Organiser tools are real": feedback, emoji and the full
 * form, and its insights, are stored and work).
 *
 * - The emoji widget: a guest who was checked in at the evening reacts to it, one reaction each,
 *   which they may change; the list of reactions is public, names nobody, and counts only the
 *   reactions of its checked-in guests (issue 33: any member could move it).
 * - The form: only a guest of the evening who was checked in answers, once it has begun; one response
 *   each, which they may change. Guests see only their own response.
 * - Insights: the host of the evening and admins.
 */
import { aggregateFeedback, averageRating, publicHostRating, ratingTrend, TOP_IMPROVEMENTS, type EmojiKey, type ImprovementKey } from '@shared/domain/feedback';
import type {
  EmojiFeedbackItem,
  EmojiReaction,
  FeedbackFormValues,
  FeedbackInsights,
  FeedbackResponse,
  MyFeedback,
  SavedFeedback,
} from '@shared/schemas/feedback';
import type { Db } from '../../db/client';
import { AppError, forbidden } from '../../errors';
import { assertSelf, type Viewer } from '../../plugins/auth';
import * as events from '../events/service';
import * as tickets from '../tickets/service';
import { refuseUnlessCheckedIn, refuseUnlessOwnReaction } from './policies';
import * as q from './queries';

export { OWN_REACTION_ONLY, REACT_CHECKED_IN_ONLY } from './policies';

export const FORM_GUESTS_ONLY = 'Only guests of this evening can give feedback on it';
export const FORM_NOT_BEGUN = 'Feedback opens when the evening begins';
export const FORM_NOT_CHECKED_IN = 'Only guests who were checked in at this evening can give feedback on it';
export const INSIGHTS_HOSTS_ONLY = 'Feedback insights are for the host of this evening only';
export const EVENT_ID_MISMATCH = 'The event id must match the event in the address';

/* ------------------------------------------------------------------ emoji */

/**
 * POST /api/events/{id}/feedback: the viewer's reaction (a new emoji replaces theirs; the same one
 * changes nothing), for a guest who was checked in at the evening only: hosts and admins included,
 * nobody else moves the public counts.
 */
export async function react(db: Db, viewer: Viewer, eventId: number, body: { eventId: number; userId: number; emoji: EmojiKey }): Promise<EmojiReaction> {
  if (body.eventId !== eventId) throw new AppError('bad_request', EVENT_ID_MISMATCH, [{ path: 'eventId', message: EVENT_ID_MISMATCH }]);
  assertSelf(viewer, body.userId);
  await events.getEventRow(db, eventId);
  refuseUnlessCheckedIn(await events.findRegistration(db, eventId, viewer.id));
  await q.upsertEmoji(db, eventId, viewer.id, body.emoji);
  return { eventId, userId: viewer.id, emoji: (await q.findEmoji(db, eventId, viewer.id)) ?? body.emoji };
}

/** GET /api/events/{id}/feedback/user/{userId}: the member's own reaction (admins may read anyone's). */
export async function reactionOf(db: Db, viewer: Viewer, eventId: number, userId: number): Promise<EmojiReaction> {
  refuseUnlessOwnReaction(viewer, userId);
  await events.getEventRow(db, eventId);
  return { eventId, userId, emoji: await q.findEmoji(db, eventId, userId) };
}

/** GET /api/events/{id}/feedback: every reaction of a checked-in guest, emoji only (public). */
export async function reactions(db: Db, eventId: number): Promise<EmojiFeedbackItem[]> {
  await events.getEventRow(db, eventId);
  return (await q.listEmoji(db, eventId)).map((r) => ({ emoji: r.emoji as EmojiKey }));
}

/* ------------------------------------------------------------------ the form */

function toResponse(r: q.ResponseRow): FeedbackResponse {
  return {
    ...r,
    improvements: r.improvements as ImprovementKey[],
    submittedAt: r.submittedAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
  };
}

/**
 * Whether the viewer may answer the form for this evening: a guest who was checked in (the door,
 * or their own arrival check-in), once it has begun (or the host started or ended it early). The form moves the host's public average
 * rating, so a booking alone is not enough (issue 21: only people who came give feedback).
 */
async function eligibility(db: Db, viewer: Viewer, event: { id: number; date: Date }, now: Date) {
  const registration = await events.findRegistration(db, event.id, viewer.id);
  if (!registration) return { blocked: 'not-guest' as const, reason: FORM_GUESTS_ONLY };
  // Begun or ended, whichever is first: an evening the host ended early is open for feedback too (issue 32).
  if (!(await tickets.hasBegun(db, event, now))) return { blocked: 'not-begun' as const, reason: FORM_NOT_BEGUN };
  if (!registration.checkedIn) return { blocked: 'not-checked-in' as const, reason: FORM_NOT_CHECKED_IN };
  return { blocked: null, reason: null };
}

/** GET /api/events/{id}/feedback/form: may the viewer answer, and their own response. */
export async function myFeedback(db: Db, viewer: Viewer, eventId: number, now: Date): Promise<MyFeedback> {
  const event = await events.getEventRow(db, eventId);
  const { blocked, reason } = await eligibility(db, viewer, event, now);
  const mine = await q.findResponse(db, eventId, viewer.id);
  return { eventId, opensAt: event.date.toISOString(), canSubmit: blocked === null, blocked, reason, response: mine ? toResponse(mine) : null };
}

/** PUT /api/events/{id}/feedback/form: create or change the viewer's own response. */
export async function saveFeedback(db: Db, viewer: Viewer, eventId: number, values: FeedbackFormValues, now: Date): Promise<SavedFeedback> {
  const event = await events.getEventRow(db, eventId);
  const { reason } = await eligibility(db, viewer, event, now);
  if (reason) throw forbidden(reason);
  const { created, ...row } = await q.upsertResponse(db, eventId, viewer.id, values);
  return { created: !!created, response: toResponse(row) };
}

/* ------------------------------------------------------------------ insights */

/** GET /api/events/{id}/feedback/insights: the host of the evening and admins. */
export async function insights(db: Db, viewer: Viewer, eventId: number): Promise<FeedbackInsights> {
  const event = await events.requireHostOf(db, viewer, eventId, INSIGHTS_HOSTS_ONLY);
  const [rows, guests] = await Promise.all([q.responsesOf(db, eventId), q.guestCount(db, eventId)]);
  const agg = aggregateFeedback(rows);
  const prev = event.hostId === null ? null : await q.previousRatedEvening(db, event.hostId, event.date, event.id);
  const previousAverage = prev ? averageRating(prev.ratings) : null;
  const change = ratingTrend(agg.averageOverallRating, previousAverage);
  return {
    eventId,
    guests,
    totalResponses: agg.totalResponses,
    averageOverallRating: agg.averageOverallRating,
    recommendationRate: agg.recommendationRate,
    aspects: agg.aspects,
    topImprovements: agg.improvements.slice(0, TOP_IMPROVEMENTS),
    improvements: agg.improvements,
    trend:
      prev && previousAverage !== null && change !== null
        ? { previousEventId: prev.id, previousTitle: prev.title, previousDate: prev.date.toISOString(), previousAverage, change }
        : null,
    comments: rows
      .filter((r) => r.favoriteAspect || r.additionalComments)
      .map((r) => ({
        overallRating: r.overallRating,
        favoriteAspect: r.favoriteAspect,
        additionalComments: r.additionalComments,
        submittedAt: r.submittedAt.toISOString(),
      })),
  };
}

/* ------------------------------------------------------------------ a host's rating */

export interface HostRating {
  /** The average to one decimal, or null until the minimum is reached (docs/decisions/0067). */
  averageRating: number | null;
  /** Responses that count towards it. */
  ratingCount: number;
}

/** Every host's public rating, by host id (hosts without a counted response are absent). */
export async function hostRatings(db: Db): Promise<Map<number, HostRating>> {
  const rows = await q.hostRatings(db);
  return new Map(rows.map((r) => [r.hostId, { averageRating: publicHostRating(r), ratingCount: r.reviews }]));
}
