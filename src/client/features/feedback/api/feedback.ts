import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { EMOJI_CHOICES, type EmojiKey } from '@shared/domain/feedback';
import {
  emojiFeedbackItem,
  emojiReactionSchema,
  feedbackInsightsSchema,
  myFeedbackSchema,
  savedFeedbackSchema,
  type FeedbackFormBody,
} from '@shared/schemas/feedback';
import { get, listOf } from '@client/lib/api';
import { sendOrKeep } from '@client/lib/outbox';
import { queryKeys } from '@client/lib/query-keys';

/**
 * Event feedback (docs/spec/organiser-tools.md §7): the emoji widget's three calls, the form
 * (GET/PUT /api/events/{id}/feedback/form) and the host's insights.
 */

/** GET /api/events/{id}/feedback: the reactions, counted per emoji by the widget. */
export const emojiFeedbackQuery = (eventId: number) =>
  queryOptions({ queryKey: queryKeys.emojiFeedback(eventId), queryFn: () => get(`/api/events/${eventId}/feedback`, listOf(emojiFeedbackItem)) });

/** GET /api/events/{id}/feedback/user/{userId}: the member's own reaction. */
export const myEmojiQuery = (eventId: number, userId: number) =>
  queryOptions({
    queryKey: queryKeys.myEmojiFeedback(eventId, userId),
    queryFn: () => get(`/api/events/${eventId}/feedback/user/${userId}`, emojiReactionSchema),
  });

export const useEmojiFeedback = (eventId: number) => useQuery(emojiFeedbackQuery(eventId));
export const useMyEmoji = (eventId: number, userId: number | null) => useQuery({ ...myEmojiQuery(eventId, userId ?? 0), enabled: userId !== null });

/**
 * POST /api/events/{id}/feedback; on success both feedback queries are refreshed (§7). With no
 * connection the reaction is kept on the phone and sent on return (lib/outbox.ts): meanwhile it shows as chosen.
 */
export function useReact(eventId: number, userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (emoji: EmojiKey) =>
      sendOrKeep(
        {
          userId,
          eventId,
          kind: 'reaction',
          subjectId: null,
          method: 'POST',
          url: `/api/events/${eventId}/feedback`,
          body: { eventId, userId, emoji },
          label: `Your reaction: ${EMOJI_CHOICES.find((e) => e.key === emoji)?.label ?? emoji}`,
          refresh: [queryKeys.emojiFeedback(eventId)],
        },
        emojiReactionSchema,
      ),
    onSuccess: (result, emoji) => {
      qc.setQueryData(queryKeys.myEmojiFeedback(eventId, userId), result.kept ? { eventId, userId, emoji } : result.data);
      // The prefix covers the list and the member's own reaction.
      return result.kept ? undefined : qc.invalidateQueries({ queryKey: queryKeys.emojiFeedback(eventId) });
    },
  });
}

/** GET /api/events/{id}/feedback/form: may the viewer answer, and their own response. */
export const myFeedbackQuery = (eventId: number) =>
  queryOptions({ queryKey: queryKeys.myFeedbackForm(eventId), queryFn: () => get(`/api/events/${eventId}/feedback/form`, myFeedbackSchema) });
export const useMyFeedback = (eventId: number, enabled: boolean) => useQuery({ ...myFeedbackQuery(eventId), enabled });

/**
 * PUT /api/events/{id}/feedback/form: create or change the viewer's response. With no connection
 * it is kept on the phone and sent on return (lib/outbox.ts): the answer is then `kept`.
 */
export function useSaveFeedback(eventId: number, userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: FeedbackFormBody) =>
      sendOrKeep(
        {
          userId,
          eventId,
          kind: 'feedback',
          subjectId: null,
          method: 'PUT',
          url: `/api/events/${eventId}/feedback/form`,
          body,
          label: `Your feedback: ${body.overallRating} of 5 overall`,
          refresh: [queryKeys.myFeedbackForm(eventId), queryKeys.feedbackInsights(eventId)],
        },
        savedFeedbackSchema,
      ),
    onSuccess: (result) => {
      if (result.kept) return;
      const saved = result.data;
      qc.setQueryData(queryKeys.myFeedbackForm(eventId), (old: unknown) => (old && typeof old === 'object' ? { ...old, response: saved.response } : old));
      return Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.myFeedbackForm(eventId) }),
        qc.invalidateQueries({ queryKey: queryKeys.feedbackInsights(eventId) }),
      ]);
    },
  });
}

/** GET /api/events/{id}/feedback/insights (the host of the evening and admins). */
export const feedbackInsightsQuery = (eventId: number) =>
  queryOptions({ queryKey: queryKeys.feedbackInsights(eventId), queryFn: () => get(`/api/events/${eventId}/feedback/insights`, feedbackInsightsSchema) });
export const useFeedbackInsights = (eventId: number, enabled: boolean) => useQuery({ ...feedbackInsightsQuery(eventId), enabled });
