import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TimerStateMessage } from '@shared/realtime';
import { get, listOf } from '../api';
import { readLiveMemory, rememberState, withKnownPlaces } from '../live-memory';
import { queryKeys } from '../query-keys';
import { storedUserId } from '../session';

const live = () => import('@shared/schemas/live');

/**
 * The live evening's queries several features read: the viewer's rotation, the timer's first paint
 * and the host's evenings. One definition each, on the keys of ../query-keys.ts; the live socket
 * (../live-socket.ts) updates and invalidates the same keys.
 */

/**
 * GET /api/events/{id}/rotation/me: 'Round n: talk to NAME at table T' for every round. The socket
 * puts the guest's place in each new round into it. Offline, the service worker answers with the
 * last answer it saw (before round 1, an empty one): what the socket last said is laid over an
 * answer older than it (../live-memory.ts), and shown while the answer is on its way.
 */
export const myRotationQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.myRotation(eventId),
    queryFn: async () => {
      const rows = await get(`/api/events/${eventId}/rotation/me`, () => live().then((m) => listOf(m.myRoundSchema)));
      return withKnownPlaces(rows, readLiveMemory(eventId, storedUserId()));
    },
    placeholderData: () => {
      const memory = readLiveMemory(eventId, storedUserId());
      return memory?.places ? withKnownPlaces([], memory) : undefined;
    },
  });

/** A timer state as received over HTTP or the socket, with the server clock offset measured on arrival (ms). */
export interface ReceivedTimer {
  state: TimerStateMessage;
  offset: number;
}

/**
 * GET /api/events/{id}/timer: the state for the first paint; the socket keeps it current. Always
 * refetched on mount. An answer no newer than what the phone last heard (offline, the worker's copy,
 * whose serverNow is as old as the copy) takes the server clock offset last measured on a fresh
 * message, not one measured from its old serverNow: the clock counts from the end instant, not from
 * the remaining time of back then. The socket's channel starts from the newer state it last heard.
 */
export const timerQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.timer(eventId),
    queryFn: async (): Promise<ReceivedTimer> => {
      const state = await get(`/api/events/${eventId}/timer`, () => live().then((m) => m.timerSyncSchema));
      const now = Date.now();
      const userId = storedUserId();
      const memory = readLiveMemory(eventId, userId);
      // Not newer than what the phone heard: the answer stands (the screens prefer the newest
      // version), its offset is the last one measured on a fresh message.
      if (memory && state.serverNow <= memory.state.serverNow) return { state, offset: memory.offset };
      const offset = state.serverNow - now;
      if (userId !== null) rememberState(eventId, userId, state, offset, now);
      return { state, offset };
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
