import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TimerStateMessage } from '@shared/realtime';
import { get, listOf } from '../api';
import { queryKeys } from '../query-keys';

const live = () => import('@shared/schemas/live');

/**
 * The live evening's queries several features read: the viewer's rotation, the timer's first paint
 * and the host's evenings. One definition each, on the keys of ../query-keys.ts; the live socket
 * (../live-socket.ts) updates and invalidates the same keys.
 */

/**
 * GET /api/events/{id}/rotation/me: 'Round n: talk to NAME at table T' for every round. The socket
 * invalidates it when a round starts, so late arrivals appear without a reload.
 */
export const myRotationQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.myRotation(eventId),
    queryFn: () => get(`/api/events/${eventId}/rotation/me`, () => live().then((m) => listOf(m.myRoundSchema))),
  });

/** A timer state as received over HTTP or the socket, with the server clock offset measured on arrival (ms). */
export interface ReceivedTimer {
  state: TimerStateMessage;
  offset: number;
}

/** GET /api/events/{id}/timer: the state for the first paint; the socket keeps it current. Always refetched on mount. */
export const timerQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.timer(eventId),
    queryFn: async (): Promise<ReceivedTimer> => {
      const state = await get(`/api/events/${eventId}/timer`, () => live().then((m) => m.timerSyncSchema));
      return { state, offset: state.serverNow - Date.now() };
    },
    staleTime: 0,
  });

export const useMyRotation = (eventId: number, enabled = true) => useQuery({ ...myRotationQuery(eventId), enabled });

/**
 * GET /api/live/events (hosts), the rows as sent: the evenings this host runs, for the pickers of
 * /check-in and /messaging. Asked again on every visit. (The live screens keep their rows with a
 * clock offset under queryKeys.liveEvents().)
 */
export const hostEveningsQuery = queryOptions({
  queryKey: queryKeys.hostEvenings(),
  queryFn: () => get('/api/live/events', () => live().then((m) => listOf(m.liveDashboardRowSchema))),
  staleTime: 0,
});

export const useHostEvenings = () => useQuery({ ...hostEveningsQuery, refetchOnMount: 'always' });
