import { z } from 'zod';
import { GUIDE_QUESTIONS_PER_ROUND, GUIDE_SETTINGS } from '../domain/conversation-guide';

/**
 * The conversation guide (issue 36, docs/decisions/0081): the question a checked-in guest's pair is
 * given this round (GET /api/events/{id}/conversation-guide), the next one ("Another question"), and
 * the host's setting for the evening.
 */

export const guideSettingSchema = z.enum(GUIDE_SETTINGS, { error: 'Choose light, deeper or off' });

export const guideQuestionSchema = z.object({
  round: z.number().int(),
  /** 0 for the opening question, then one more for each "Another question". */
  position: z.number().int(),
  text: z.string(),
  followUp: z.string(),
  /** What the two share, when the question is about it. */
  topic: z.string().nullable(),
});
export type GuideQuestionView = z.infer<typeof guideQuestionSchema>;

export const conversationGuideSchema = z.object({
  setting: guideSettingSchema,
  /** This round's question for the viewer's pair; null when the guide is off, between rounds, on a bye, or for a host. */
  question: guideQuestionSchema.nullable(),
  /** Whether "Another question" can give one more this round. */
  more: z.boolean(),
});
export type ConversationGuide = z.infer<typeof conversationGuideSchema>;

/** "Another question": the round and the place of the question on screen, so two phones pressing at once get the same next one. */
export const nextQuestionSchema = z.strictObject({
  round: z.number({ error: 'round must be a number' }).int('round must be a whole number').min(1, 'round must be at least 1'),
  after: z
    .number({ error: 'after must be a number' })
    .int('after must be a whole number')
    .min(0, 'after must be at least 0')
    .max(GUIDE_QUESTIONS_PER_ROUND - 1, `At most ${GUIDE_QUESTIONS_PER_ROUND} questions a round`),
});

export const guideSettingBodySchema = z.strictObject({ setting: guideSettingSchema });
