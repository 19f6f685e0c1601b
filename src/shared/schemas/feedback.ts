import { z } from 'zod';
import { COMMENTS_MAX, EMOJI_KEYS, FAVORITE_ASPECT_MAX, IMPROVEMENT_KEYS, IMPROVEMENT_OPTIONS, STAR_MAX } from '../domain/feedback';
import { idField, idParam, storedText } from './common';

/**
 * Event feedback (docs/spec/organiser-tools.md §2.27, §3 "Event feedback (emoji widget)", "Feedback
 * (form)", "Feedback aggregate", §5 "Feedback form", §7 the three feedback calls; docs/product.md
 * "Organiser tools are real"). The emoji widget's calls keep the spec's shapes; the full form is
 * GET/PUT /api/events/{id}/feedback/form, and its insights GET /api/events/{id}/feedback/insights.
 */

export const emojiKey = z.enum(EMOJI_KEYS, { error: `Emoji must be one of: ${EMOJI_KEYS.join(', ')}` });

/** POST /api/events/{eventId}/feedback (§7): the member's reaction; userId must be the session's, eventId the path's. */
export const emojiFeedbackBody = z.strictObject({
  eventId: idField('Expected a numeric event id'),
  userId: idField('Expected a numeric user id'),
  emoji: emojiKey,
});

/** The member's reaction (emoji null when they have not reacted): the POST's answer and GET .../feedback/user/{userId}. */
export const emojiReactionSchema = z.object({ eventId: z.number(), userId: z.number(), emoji: emojiKey.nullable() });
export type EmojiReaction = z.infer<typeof emojiReactionSchema>;

/** GET /api/events/{eventId}/feedback: the evening's reactions, one per member, without who gave them (§7: counted per emoji). */
export const emojiFeedbackItem = z.object({ emoji: emojiKey });
export const emojiFeedbackList = z.array(emojiFeedbackItem);
export type EmojiFeedbackItem = z.infer<typeof emojiFeedbackItem>;

export const feedbackUserParams = z.object({ id: idParam, userId: idParam });

/* ------------------------------------------------------------------ the form */

const stars = (label: string, min: 0 | 1) =>
  z
    .number({ error: `${label} must be a number of stars` })
    .int(`${label} must be a whole number of stars`)
    .min(min, min === 1 ? `Please give an overall rating from 1 to ${STAR_MAX} stars` : `${label} must be between 0 and ${STAR_MAX} stars`)
    .max(STAR_MAX, min === 1 ? `Please give an overall rating from 1 to ${STAR_MAX} stars` : `${label} must be between 0 and ${STAR_MAX} stars`);

/** Optional free text: trimmed, an empty answer is none (null). */
const optionalText = (label: string, max: number) =>
  storedText({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v || null);

export const improvementKey = z.enum(IMPROVEMENT_KEYS, { error: `Improvements must be among: ${IMPROVEMENT_KEYS.join(', ')}` });

/**
 * PUT /api/events/{id}/feedback/form (§3 "Feedback (form)", §5): the overall rating is required
 * (1-5); the four aspects are 0-5 with 0 meaning unrated; wouldRecommend defaults to yes;
 * improvements come from the ten options, each at most once; the two texts are optional.
 */
export const feedbackFormBody = z.strictObject({
  overallRating: stars('Overall rating', 1),
  venueRating: stars('Venue rating', 0).default(0),
  organizationRating: stars('Organisation rating', 0).default(0),
  matchQualityRating: stars('Match quality rating', 0).default(0),
  timingRating: stars('Timing rating', 0).default(0),
  wouldRecommend: z.boolean({ error: 'Would you recommend it? Answer yes or no' }).default(true),
  improvements: z
    .array(improvementKey, { error: 'Improvements must be a list' })
    .max(IMPROVEMENT_OPTIONS.length, `Pick at most ${IMPROVEMENT_OPTIONS.length} improvements`)
    .refine((list) => new Set(list).size === list.length, 'Each improvement can be picked once')
    .default([]),
  favoriteAspect: optionalText('Favourite aspect', FAVORITE_ASPECT_MAX),
  additionalComments: optionalText('Comments', COMMENTS_MAX),
});
export type FeedbackFormBody = z.input<typeof feedbackFormBody>;
export type FeedbackFormValues = z.output<typeof feedbackFormBody>;

/** One stored response (§3: the form's fields plus id, eventId, userId, submittedAt), as its author sees it. */
export const feedbackResponseSchema = z.object({
  id: z.number(),
  eventId: z.number(),
  userId: z.number(),
  overallRating: z.number(),
  venueRating: z.number(),
  organizationRating: z.number(),
  matchQualityRating: z.number(),
  timingRating: z.number(),
  wouldRecommend: z.boolean(),
  improvements: z.array(improvementKey),
  favoriteAspect: z.string().nullable(),
  additionalComments: z.string().nullable(),
  submittedAt: z.string(),
  updatedAt: z.string(),
});
export type FeedbackResponse = z.infer<typeof feedbackResponseSchema>;

/** Why the form is closed to the viewer: not a guest, the evening has not begun, or they booked but were never checked in. */
export const FEEDBACK_BLOCKS = ['not-guest', 'not-begun', 'not-checked-in'] as const;

/** GET /api/events/{id}/feedback/form: whether the viewer may answer, and their own response if they did. */
export const myFeedbackSchema = z.object({
  eventId: z.number(),
  /** When the evening begins (ISO instant): the form opens then. */
  opensAt: z.string(),
  canSubmit: z.boolean(),
  blocked: z.enum(FEEDBACK_BLOCKS).nullable(),
  /** The sentence to show when blocked. */
  reason: z.string().nullable(),
  response: feedbackResponseSchema.nullable(),
});
export type MyFeedback = z.infer<typeof myFeedbackSchema>;

/** PUT's answer: the stored response, and whether it was new (201) or changed (200). */
export const savedFeedbackSchema = z.object({ created: z.boolean(), response: feedbackResponseSchema });
export type SavedFeedback = z.infer<typeof savedFeedbackSchema>;

/* ------------------------------------------------------------------ insights */

export const rankedImprovementSchema = z.object({
  key: improvementKey,
  label: z.string(),
  count: z.number(),
  percent: z.number(),
  rank: z.number(),
  barWidth: z.number(),
});

/**
 * GET /api/events/{id}/feedback/insights (the host of the evening and admins): the aggregate of §3,
 * the aspects' averages (unrated left out), the improvements ranked by how many asked, the trend
 * against the same host's previous evening that has responses, and the comments without names.
 */
export const feedbackInsightsSchema = z.object({
  eventId: z.number(),
  /** Registered guests of the evening (who could answer). */
  guests: z.number(),
  totalResponses: z.number(),
  averageOverallRating: z.number().nullable(),
  /** Whole percent of responses that would recommend it; null with no responses. */
  recommendationRate: z.number().nullable(),
  aspects: z.array(z.object({ key: z.string(), label: z.string(), average: z.number().nullable(), ratings: z.number() })),
  /** The most asked improvements (at most five). */
  topImprovements: z.array(rankedImprovementSchema),
  /** Every improvement asked for, most asked first. */
  improvements: z.array(rankedImprovementSchema),
  trend: z
    .object({
      previousEventId: z.number(),
      previousTitle: z.string(),
      previousDate: z.string(),
      previousAverage: z.number(),
      /** This evening's average minus the previous one's, one decimal. */
      change: z.number(),
    })
    .nullable(),
  /** Favourite aspects and comments, newest first, without who wrote them. */
  comments: z.array(
    z.object({ overallRating: z.number(), favoriteAspect: z.string().nullable(), additionalComments: z.string().nullable(), submittedAt: z.string() }),
  ),
});
export type FeedbackInsights = z.infer<typeof feedbackInsightsSchema>;
