import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '../api';
import { queryKeys } from '../query-keys';

/**
 * GET /api/events/{id}/conversation-guide (docs/decisions/0081): this round's question for the
 * viewer's pair. Read by the round card (features/conversation-guide) and by voice narration
 * (../use-live-narration.ts), one key for both. Keyed by round, so the bell's new round asks once,
 * after the bell (the bell's message carries nothing of it); the host's change of setting re-reads it
 * (../live-socket.ts).
 */
export const guideQuery = (eventId: number, round: number) =>
  queryOptions({
    queryKey: queryKeys.guide(eventId, round),
    queryFn: () => get(`/api/events/${eventId}/conversation-guide`, () => import('@shared/schemas/conversation-guide').then((m) => m.conversationGuideSchema)),
    staleTime: Infinity,
    // A 503 or a dropped line is asked again as every read is (../query-client.ts): at a packed bell a
    // refused ask would otherwise leave the pair without its question for the round (docs/decisions/0146).
  });

export const useGuide = (eventId: number, round: number, enabled = true) => useQuery({ ...guideQuery(eventId, round), enabled: enabled && round > 0 });
