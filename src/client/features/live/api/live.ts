import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TimerStateMessage } from '@shared/realtime';
import { liveDashboardRowSchema, roundRecordSchema, rotationRowSchema, type LiveDashboardRow } from '@shared/schemas/live';
import { releaseResult, progressRowSchema } from '@shared/schemas/matching';
import { get, listOf, post } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { useTimerCommand as useSharedTimerCommand } from '@client/lib/timer-command';

/**
 * The host's live screens. The event, a member's events, the viewer's rotation and the timer's first
 * paint are shared queries (@client/lib/queries); the socket keeps their keys current.
 */

/** One row of GET /api/live/events (hosts), with the server clock offset measured when the list arrived (ms). */
export type LiveEventRow = Omit<LiveDashboardRow, 'timer'> & { timer: TimerStateMessage; offset: number };

const offsetOf = (state: { serverNow: number }, receivedAt: number) => state.serverNow - receivedAt;

/** GET /api/events/{id}/rotation (hosts): every pair of every round. The socket invalidates it when a round starts. */
export const rotationQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.rotation(eventId),
    queryFn: () => get(`/api/events/${eventId}/rotation`, listOf(rotationRowSchema)),
  });

/** GET /api/events/{id}/rounds (hosts): the round history. */
export const roundsQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.rounds(eventId),
    queryFn: () => get(`/api/events/${eventId}/rounds`, listOf(roundRecordSchema)),
  });

/** GET /api/events/{id}/progress?round=N (hosts): who has rated their partner of the round. */
export const progressQuery = (eventId: number, round: number) =>
  queryOptions({
    queryKey: queryKeys.progress(eventId, round),
    queryFn: () => get(`/api/events/${eventId}/progress?round=${round}`, listOf(progressRowSchema)),
  });

/** GET /api/live/events (hosts): every evening with its real timer state and counts. */
export const liveEventsQuery = queryOptions({
  queryKey: queryKeys.liveEvents(),
  queryFn: async (): Promise<LiveEventRow[]> => {
    const rows = await get('/api/live/events', listOf(liveDashboardRowSchema));
    const now = Date.now();
    return rows.map((r) => ({ ...r, offset: offsetOf(r.timer, now) }));
  },
  staleTime: 0,
});

export const useLiveEvents = (enabled = true, options: { refetchOnMount?: boolean | 'always'; refetchInterval?: number } = {}) =>
  useQuery({ ...liveEventsQuery, ...options, enabled });

/**
 * POST /api/events/{id}/timer (@client/lib/timer-command), for the dashboard that drives several
 * evenings: the state it left is put on the dashboard's row at once.
 */
export function useTimerCommand() {
  const qc = useQueryClient();
  return useSharedTimerCommand((state, eventId) => {
    const now = Date.now();
    qc.setQueryData(liveEventsQuery.queryKey, (rows) =>
      rows?.map((r) => (r.event.id === eventId && state.version >= r.timer.version ? { ...r, timer: state, offset: offsetOf(state, now) } : r)),
    );
  });
}

/** POST /api/events/{id}/release-contacts (hosts): mutual matches see each other's contacts; the socket tells open pages. */
export function useReleaseContacts(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => post(`/api/events/${eventId}/release-contacts`, undefined, releaseResult),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.event(eventId) }),
  });
}
