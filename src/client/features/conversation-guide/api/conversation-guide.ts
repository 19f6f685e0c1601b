import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { GuideSetting } from '@shared/domain/conversation-guide';
import { conversationGuideSchema, guideSettingBodySchema } from '@shared/schemas/conversation-guide';
import { ApiError, get, post, put } from '@client/lib/api';
import { guideQuery } from '@client/lib/queries/conversation-guide';
import { queryKeys } from '@client/lib/query-keys';

/** The conversation guide (issue 36, docs/decisions/0081). The guest's question is @client/lib/queries/conversation-guide (narration reads it too). */

/** POST …/conversation-guide/next: "Another question". The answer replaces the round's question on every screen of this phone. */
export function useNextQuestion(eventId: number, round: number) {
  const qc = useQueryClient();
  const key = guideQuery(eventId, round).queryKey;
  return useMutation({
    mutationFn: (after: number) => post(`/api/events/${eventId}/conversation-guide/next`, { round, after }, conversationGuideSchema),
    onSuccess: (data) => qc.setQueryData(key, data),
    // The round ended, or the host turned the guide off meanwhile: read what stands now.
    onError: (err) => {
      if (err instanceof ApiError && err.status === 409) void qc.invalidateQueries({ queryKey: key });
    },
  });
}

/** The evening's setting as its host sees it (GET …/conversation-guide answers a host with the setting and no question). */
export const useGuideSetting = (eventId: number) =>
  useQuery({
    queryKey: queryKeys.guideSetting(eventId),
    queryFn: () => get(`/api/events/${eventId}/conversation-guide`, conversationGuideSchema),
    select: (d) => d.setting,
  });

/** PUT …/conversation-guide/setting (hosts): light, deeper or off; every guest's phone reads its question again (the socket). */
export function useSetGuide(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (setting: GuideSetting) => put(`/api/events/${eventId}/conversation-guide/setting`, { setting }, guideSettingBodySchema),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.guide(eventId) }),
  });
}
