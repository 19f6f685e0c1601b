import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { guideWaitMs, type GuideSetting } from '@shared/domain/conversation-guide';
import { conversationGuideSchema, guideSettingBodySchema } from '@shared/schemas/conversation-guide';
import { ApiError, get, post, put } from '@client/lib/api';
import { guideQuery, useGuide } from '@client/lib/queries/conversation-guide';
import type { ReceivedTimer } from '@client/lib/queries/live';
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

/**
 * How long this phone waits before asking for `round`'s question (guideWaitMs, shared with the night
 * bench's phones), the round's start read from the timer state the socket keeps; 0 when the question is
 * already here, or the state is of another round or none. `at` is the random share of the spread, 0-1.
 */
export function guideWait(qc: QueryClient, eventId: number, round: number, at: number, now = Date.now()): number {
  if (qc.getQueryData(guideQuery(eventId, round).queryKey)) return 0;
  const timer = qc.getQueryData<ReceivedTimer>(queryKeys.timer(eventId));
  const s = timer?.state;
  if (!s || s.currentRound !== round || s.phase !== 'active' || s.endsAt === null) return 0;
  return guideWaitMs(now + timer.offset - (s.endsAt - s.roundDuration * 1000), at);
}

/** The round card's question: asked after guideWait, then kept for the round (lib/queries/conversation-guide.ts). */
export function useRoundQuestion(eventId: number, round: number) {
  const qc = useQueryClient();
  const [ready, setReady] = useState<number | null>(null);
  useEffect(() => {
    const wait = guideWait(qc, eventId, round, Math.random());
    if (wait === 0) {
      setReady(round);
      return;
    }
    const id = window.setTimeout(() => setReady(round), wait);
    return () => window.clearTimeout(id);
  }, [qc, eventId, round]);
  return useGuide(eventId, round, ready === round);
}
