import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClientMessage, TimerStateMessage } from '@shared/realtime';
import type { Event, EventDetail, UserEvent } from '@shared/schemas/events';
import { get, post } from '@client/lib/api';

/** A timer state as received over HTTP, with the server clock offset measured on arrival (ms). */
export interface ReceivedTimer {
  state: TimerStateMessage;
  offset: number;
}

/** One row of GET /api/events/{id}/rotation/me. */
export interface MyRound {
  round: number;
  table: number | null;
  partner: { id: number; name: string; age: number; bio: string | null; interests: string[]; profileImage: string | null } | null;
}

/** One row of GET /api/events/{id}/rotation (hosts): a pair at a table, or a bye (b null). */
export interface RotationRow {
  round: number;
  table: number | null;
  a: { id: number; name: string };
  b: { id: number; name: string } | null;
}

/** One row of GET /api/events/{id}/rounds (hosts). */
export interface RoundRecord {
  round: number;
  startTime: string;
  endTime: string | null;
  duration: number;
  participantsSubmitted: number;
  totalParticipants: number;
  status: 'active' | 'completed' | 'skipped' | string;
}

/** One row of GET /api/events/{id}/progress?round=N (hosts). */
export interface ProgressRow {
  id: number;
  name: string;
  partnerId: number | null;
  hasSubmitted: boolean;
  sittingOut: boolean;
}

/** One row of GET /api/live/events (hosts): an evening with its real timer state and counts. */
export interface LiveEventRow {
  event: Event;
  timer: TimerStateMessage;
  checkedIn: number;
  completedRounds: number;
  /** Server clock minus local clock when the list arrived (ms). */
  offset: number;
}

const withOffset = (state: TimerStateMessage, receivedAt: number) => state.serverNow - receivedAt;

/** GET /api/events/{id}: the evening and the viewer's place in it (same key as the events screens). */
export const eventDetailQuery = (id: number) =>
  queryOptions({
    queryKey: ['events', id] as const,
    queryFn: () => get<EventDetail>(`/api/events/${id}`),
  });

/** GET /api/users/{id}/events: the member's registrations (same key as the events screens). */
export const userEventsQuery = (userId: number) =>
  queryOptions({
    queryKey: ['users', userId, 'events'] as const,
    queryFn: () => get<UserEvent[]>(`/api/users/${userId}/events`),
  });

/** GET /api/events/{id}/timer: the state for the first paint; the socket keeps it current. Always refetched on mount. */
export const timerQuery = (eventId: number) =>
  queryOptions({
    queryKey: ['live', eventId, 'timer'] as const,
    queryFn: async (): Promise<ReceivedTimer> => {
      const state = await get<TimerStateMessage>(`/api/events/${eventId}/timer`);
      return { state, offset: withOffset(state, Date.now()) };
    },
    staleTime: 0,
  });

/** The viewer's own rotation. Keyed by the round on screen, so a new round fetches it afresh. */
export const myRotationQuery = (eventId: number, round: number) =>
  queryOptions({
    queryKey: ['live', eventId, 'rotation', 'me', round] as const,
    queryFn: () => get<MyRound[]>(`/api/events/${eventId}/rotation/me`),
  });

export const rotationQuery = (eventId: number, round: number) =>
  queryOptions({
    queryKey: ['live', eventId, 'rotation', 'all', round] as const,
    queryFn: () => get<RotationRow[]>(`/api/events/${eventId}/rotation`),
  });

export const roundsQuery = (eventId: number) =>
  queryOptions({
    queryKey: ['live', eventId, 'rounds'] as const,
    queryFn: () => get<RoundRecord[]>(`/api/events/${eventId}/rounds`),
  });

export const progressQuery = (eventId: number, round: number) =>
  queryOptions({
    queryKey: ['live', eventId, 'progress', round] as const,
    queryFn: () => get<ProgressRow[]>(`/api/events/${eventId}/progress?round=${round}`),
  });

export const liveEventsQuery = queryOptions({
  queryKey: ['live', 'events'] as const,
  queryFn: async (): Promise<LiveEventRow[]> => {
    const rows = await get<Omit<LiveEventRow, 'offset'>[]>('/api/live/events');
    const now = Date.now();
    return rows.map((r) => ({ ...r, offset: withOffset(r.timer, now) }));
  },
  staleTime: 0,
});

export const useEventDetail = (id: number | null) => useQuery({ ...eventDetailQuery(id ?? 0), enabled: !!id });
export const useUserEvents = (userId: number | null) => useQuery({ ...userEventsQuery(userId ?? 0), enabled: !!userId });
export const useLiveEvents = (enabled = true) => useQuery({ ...liveEventsQuery, enabled });

/**
 * POST /api/events/{id}/timer: the socket's commands over HTTP, for the dashboard that drives
 * several evenings. The answer is the new state; the socket tells everyone else.
 */
export function useTimerCommand() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, message }: { eventId: number; message: ClientMessage }) => post<TimerStateMessage>(`/api/events/${eventId}/timer`, message),
    onSuccess: (state, { eventId }) => {
      const now = Date.now();
      qc.setQueryData(liveEventsQuery.queryKey, (rows) =>
        rows?.map((r) => (r.event.id === eventId && state.version >= r.timer.version ? { ...r, timer: state, offset: withOffset(state, now) } : r)),
      );
    },
  });
}

/** POST /api/events/{id}/release-contacts (hosts): mutual matches see each other's contacts; the socket tells open pages. */
export function useReleaseContacts(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => post<{ released: boolean; matches: number }>(`/api/events/${eventId}/release-contacts`),
    onSettled: () => qc.invalidateQueries({ queryKey: ['events', eventId] }),
  });
}
