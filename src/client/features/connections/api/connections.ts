import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import type { EventDetail, UserEvent } from '@shared/schemas/events';
import type { quickRatingBody } from '@shared/schemas/live';
import { get, post } from '@client/lib/api';

export type ConnectionMethod = 'qr' | 'code' | 'list';
export type Decision = 'yes' | 'no';

/** One conversation the viewer logged at the event; `response` is their yes/no (null: still Pending). */
export interface Connection {
  participantId: number;
  participantName: string;
  timestamp: string;
  method: ConnectionMethod;
  round: number | null;
  response: Decision | null;
}

/**
 * GET/POST /api/events/{id}/connections. The server's answer has no shared schema yet, so its
 * shape is written out here. `attendees` are the other checked-in guests.
 */
export interface ConnectionsState {
  personalCode: string;
  connections: Connection[];
  attendees: { id: number; name: string }[];
}

export type LogConnectionInput = z.input<typeof quickRatingBody>;

const keys = {
  connections: (eventId: number) => ['events', eventId, 'connections'] as const,
  event: (eventId: number) => ['events', eventId] as const,
  userEvents: (userId: number) => ['users', userId, 'events'] as const,
};

/** GET /api/events/{id}: the evening and the viewer's place in it (registered, checked in, host). */
export const liveEventQuery = (eventId: number) =>
  queryOptions({ queryKey: keys.event(eventId), queryFn: () => get<EventDetail>(`/api/events/${eventId}`) });

/** GET /api/users/{id}/events: the member's registrations, to find tonight's evening. */
export const myEventsQuery = (userId: number) =>
  queryOptions({ queryKey: keys.userEvents(userId), queryFn: () => get<UserEvent[]>(`/api/users/${userId}/events`) });

/** The viewer's code, their logged conversations and whom they can still pick. Kept fresh while open. */
export const connectionsQuery = (eventId: number) =>
  queryOptions({
    queryKey: keys.connections(eventId),
    queryFn: () => get<ConnectionsState>(`/api/events/${eventId}/connections`),
    // Guests keep checking in during the evening: the pick list follows without a reload.
    refetchInterval: 20_000,
  });

export const useLiveEvent = (eventId: number) => useQuery(liveEventQuery(eventId));
export const useMyEvents = (userId: number, enabled: boolean) => useQuery({ ...myEventsQuery(userId), enabled });
export const useConnections = (eventId: number) => useQuery(connectionsQuery(eventId));

/**
 * The viewer's current or next evening: the first registration whose end is still ahead, soonest first.
 */
export function currentOrNextEvent(list: UserEvent[], now = Date.now()): UserEvent | null {
  return (
    list
      .filter((e) => new Date(e.endsAt).getTime() > now)
      .sort((a, b) => new Date(a.date).getTime() - new Date(b.date).getTime())[0] ?? null
  );
}

/**
 * POST /api/events/{id}/connections: log a conversation (by id, code or QR) and, with `decision`,
 * the private yes/no (a quick rating 4 or 1). The answer is the whole new state.
 */
export function useLogConnection(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: LogConnectionInput) => post<ConnectionsState>(`/api/events/${eventId}/connections`, input),
    onSuccess: (state) => qc.setQueryData(keys.connections(eventId), state),
  });
}

/** Refresh the connection state (socket said something changed). */
export function useRefreshConnections(eventId: number) {
  const qc = useQueryClient();
  return useCallback(() => void qc.invalidateQueries({ queryKey: keys.connections(eventId), exact: true }), [qc, eventId]);
}
