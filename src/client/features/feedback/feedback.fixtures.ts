/** Typed fixtures for event feedback, shaped as the server answers them (src/shared/schemas/feedback.ts). */
import type { FeedbackInsights, FeedbackResponse, MyFeedback } from '@shared/schemas/feedback';
import { fromNow, HOUR } from '@client/test/fixtures';

export const GUEST = { id: 11, name: 'Gina Guest', roles: ['member' as const] };
export const HOST = { id: 9, name: 'Hana Host', roles: ['member' as const, 'host' as const] };
export const ADMIN = { id: 13, name: 'Ada Admin', roles: ['member' as const, 'admin' as const] };

export function aResponse(over: Partial<FeedbackResponse> = {}): FeedbackResponse {
  const at = fromNow(-HOUR);
  return {
    id: 1,
    eventId: 5,
    userId: GUEST.id,
    overallRating: 4,
    venueRating: 5,
    organizationRating: 0,
    matchQualityRating: 3,
    timingRating: 0,
    wouldRecommend: true,
    improvements: ['icebreakers'],
    favoriteAspect: 'Meeting new people',
    additionalComments: null,
    submittedAt: at,
    updatedAt: at,
    ...over,
  };
}

export function myFeedback(over: Partial<MyFeedback> = {}): MyFeedback {
  return { eventId: 5, opensAt: fromNow(-2 * HOUR), canSubmit: true, blocked: null, reason: null, response: null, ...over };
}

export function anInsights(over: Partial<FeedbackInsights> = {}): FeedbackInsights {
  return {
    eventId: 5,
    guests: 4,
    totalResponses: 3,
    averageOverallRating: 4,
    recommendationRate: 67,
    aspects: [
      { key: 'venueRating', label: 'Venue', average: 3, ratings: 2 },
      { key: 'organizationRating', label: 'Organisation', average: 4.5, ratings: 2 },
      { key: 'matchQualityRating', label: 'Match quality', average: 3, ratings: 1 },
      { key: 'timingRating', label: 'Timing', average: null, ratings: 0 },
    ],
    topImprovements: [
      { key: 'longer-rounds', label: 'More time per conversation', count: 3, percent: 100, rank: 0, barWidth: 85 },
      { key: 'icebreakers', label: 'Better ice-breaker questions', count: 2, percent: 67, rank: 1, barWidth: 70 },
    ],
    improvements: [
      { key: 'longer-rounds', label: 'More time per conversation', count: 3, percent: 100, rank: 0, barWidth: 85 },
      { key: 'icebreakers', label: 'Better ice-breaker questions', count: 2, percent: 67, rank: 1, barWidth: 70 },
    ],
    trend: { previousEventId: 3, previousTitle: 'Previous Evening', previousDate: fromNow(-20 * 24 * HOUR), previousAverage: 3.7, change: 0.3 },
    comments: [{ overallRating: 5, favoriteAspect: 'The chats', additionalComments: 'Too loud near the bar.', submittedAt: fromNow(-HOUR) }],
    ...over,
  };
}
