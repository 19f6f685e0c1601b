import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { meetupSchema, myMeetupsSchema, type MeetupAnswersBody, type ProposeMeetupBody } from '@shared/schemas/meetups';
import { get, post, put } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** Meet-up polls (GitHub issue 36 "Meet again", docs/decisions/0082-meet-ups-decided-by-everyone.md). */

/** GET /api/meetups: the member's polls (each group's latest) and the venues to pick as the place. */
export const useMyMeetups = () => useQuery({ queryKey: queryKeys.myMeetups(), queryFn: () => get('/api/meetups', myMeetupsSchema), refetchInterval: 15_000 });

function useMeetupWrite<V>(fn: (v: V) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => void qc.invalidateQueries({ queryKey: queryKeys.myMeetups() }) });
}

/** POST /api/meetups. */
export const useProposeMeetup = () => useMeetupWrite((body: ProposeMeetupBody) => post('/api/meetups', body, meetupSchema));

/** PUT /api/meetups/{id}/answers. */
export const useAnswerMeetup = () =>
  useMeetupWrite(({ id, body }: { id: number; body: MeetupAnswersBody }) => put(`/api/meetups/${id}/answers`, body, meetupSchema));

/** POST /api/meetups/{id}/withdraw. */
export const useWithdrawMeetup = () => useMeetupWrite((id: number) => post(`/api/meetups/${id}/withdraw`, {}, meetupSchema));
