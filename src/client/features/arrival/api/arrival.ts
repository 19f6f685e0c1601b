import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { arrivalSchema, type ArrivalCheckInBody, type ArrivalReportBody } from '@shared/schemas/arrival';
import { get, post } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/**
 * The guest's arrival screen (docs/spec/organiser-tools.md §2.20-2.21): GET/POST
 * /api/events/{id}/arrival and POST /api/events/{id}/arrival/check-in. The live socket invalidates
 * the arrival key on `checkins_updated`, so a check-in by the host at the door shows at once.
 */
export const arrivalQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.arrival(eventId),
    queryFn: () => get(`/api/events/${eventId}/arrival`, arrivalSchema),
  });

export const useArrival = (eventId: number) => useQuery(arrivalQuery(eventId));

/**
 * POST /api/events/{id}/arrival: the permission and, when granted, where the guest is (the host
 * sees who is on the way). Only the answer's `last` is kept: a report answered after a check-in
 * must not bring back an older check-in state (the socket and the check-in answer own that).
 */
export function useReportArrival(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ArrivalReportBody) => post(`/api/events/${eventId}/arrival`, body, arrivalSchema),
    onSuccess: (answer) => qc.setQueryData(arrivalQuery(eventId).queryKey, (old) => (old ? { ...old, last: answer.last } : answer)),
  });
}

/**
 * POST /api/events/{id}/arrival/check-in: "Yes, Check Me In" (or "Check in now"), with the latest
 * position. The server decides (409 with its reason when it refuses); the screen never checks in
 * on its own. Success refreshes the event page's own check-in state too.
 */
export function useArrivalCheckIn(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ArrivalCheckInBody) => post(`/api/events/${eventId}/arrival/check-in`, body, arrivalSchema),
    onSuccess: (answer) => {
      qc.setQueryData(arrivalQuery(eventId).queryKey, answer);
      void qc.invalidateQueries({ queryKey: queryKeys.event(eventId), exact: true });
    },
  });
}
