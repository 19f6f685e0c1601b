import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { myStillComing, stillComingCounts, stillComingQuestion, type StillComingAnswer, type StillComingQuestion } from '@shared/schemas/still-coming';
import { get, post } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** "Still coming?" (docs/decisions/0074-still-coming.md): the e-mail link's question, the guest's open questions, the host's counts. */

/** GET /api/still-coming/{token}: reading changes nothing on the server (mail scanners open links). */
export const useStillComingLink = (token: string) =>
  useQuery({
    queryKey: queryKeys.stillComingLink(token),
    queryFn: () => get(`/api/still-coming/${encodeURIComponent(token)}`, stillComingQuestion),
    retry: false,
  });

/** The page's button: the answer, once. */
export function useAnswerByLink(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (answer: StillComingAnswer) => post(`/api/still-coming/${encodeURIComponent(token)}`, { answer }, stillComingQuestion),
    onSuccess: (q) => qc.setQueryData<StillComingQuestion>(queryKeys.stillComingLink(token), q),
    // Answered elsewhere meanwhile: the page then says what was answered.
    onError: () => void qc.invalidateQueries({ queryKey: queryKeys.stillComingLink(token) }),
  });
}

export const myStillComingQuery = queryOptions({ queryKey: queryKeys.myStillComing(), queryFn: () => get('/api/me/still-coming', myStillComing) });
export const useMyStillComing = () => useQuery(myStillComingQuery);

/** The signed-in guest answers on /notifications. */
export function useAnswerAsGuest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, answer }: { eventId: number; answer: StillComingAnswer }) =>
      post(`/api/events/${eventId}/still-coming`, { answer }, stillComingQuestion),
    onSettled: (_q, _e, v) => {
      void qc.invalidateQueries({ queryKey: queryKeys.myStillComing() });
      void qc.invalidateQueries({ queryKey: queryKeys.event(v.eventId) });
    },
  });
}

/** GET /api/events/{id}/still-coming: hosts of the evening and admins. */
export const useStillComingCounts = (eventId: number) =>
  useQuery({ queryKey: queryKeys.stillComingCounts(eventId), queryFn: () => get(`/api/events/${eventId}/still-coming`, stillComingCounts), retry: false });
