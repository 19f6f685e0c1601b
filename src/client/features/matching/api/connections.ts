import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { connectionsStateSchema, type QuickRatingBody } from '@shared/schemas/matching';
import { get, post } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/**
 * GET/POST /api/events/{id}/connections: the viewer's code, their logged conversations and the
 * other checked-in guests. The event and the member's events are shared queries (@client/lib/queries);
 * the live socket refreshes this one when ratings change or a round starts.
 */
export const connectionsQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.connections(eventId),
    queryFn: () => get(`/api/events/${eventId}/connections`, connectionsStateSchema),
    // Guests keep checking in during the evening: the pick list follows without a reload.
    refetchInterval: 20_000,
  });

export const useConnections = (eventId: number) => useQuery(connectionsQuery(eventId));

/**
 * POST /api/events/{id}/connections: log a conversation (by id, code or QR) and, with `decision`,
 * the private yes/no (a quick rating 4 or 1). The answer is the whole new state.
 */
export function useLogConnection(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: QuickRatingBody) => post(`/api/events/${eventId}/connections`, input, connectionsStateSchema),
    onSuccess: (state) => qc.setQueryData(connectionsQuery(eventId).queryKey, state),
  });
}

/** Refresh the connection state now (the viewer was just checked in at the door). */
export function useRefreshConnections(eventId: number) {
  const qc = useQueryClient();
  return useCallback(() => void qc.invalidateQueries({ queryKey: queryKeys.connections(eventId), exact: true }), [qc, eventId]);
}
