import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MetAgainAnswerKey } from '@shared/domain/met-again';
import { metAgainQuestion, myMetAgain, type MetAgainQuestion } from '@shared/schemas/met-again';
import { get, post } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** "Did you meet NAME again?" (docs/decisions/0083-met-again.md): the e-mail link's question and the guest's open questions. */

/** GET /api/met-again/{token}: reading changes nothing on the server (mail scanners open links). */
export const useMetAgainLink = (token: string) =>
  useQuery({
    queryKey: queryKeys.metAgainLink(token),
    queryFn: () => get(`/api/met-again/${encodeURIComponent(token)}`, metAgainQuestion),
    retry: false,
  });

/** The page's button: the answer, once. */
export function useAnswerMetAgainByLink(token: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (answer: MetAgainAnswerKey) => post(`/api/met-again/${encodeURIComponent(token)}`, { answer }, metAgainQuestion),
    onSuccess: (q) => qc.setQueryData<MetAgainQuestion>(queryKeys.metAgainLink(token), q),
    // Answered elsewhere meanwhile: the page then says what was answered.
    onError: () => void qc.invalidateQueries({ queryKey: queryKeys.metAgainLink(token) }),
  });
}

export const myMetAgainQuery = queryOptions({ queryKey: queryKeys.myMetAgain(), queryFn: () => get('/api/me/met-again', myMetAgain) });
export const useMyMetAgain = () => useQuery(myMetAgainQuery);

/** The signed-in guest answers on /notifications. */
export function useAnswerMetAgain() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, answer }: { id: number; answer: MetAgainAnswerKey }) => post(`/api/me/met-again/${id}`, { answer }, metAgainQuestion),
    onSettled: () => void qc.invalidateQueries({ queryKey: queryKeys.myMetAgain() }),
  });
}
