import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TimerStateMessage } from '@shared/realtime';
import type { UserEvent } from '@shared/schemas/events';
import { get, listOf } from './api';
import { queryKeys } from './query-keys';

// Every screen of a signed-in member loads this file: the schemas come by loader, fetched only in
// development (lib/api.ts), so zod stays out of those first paints (as features/auth/api/auth.ts).
const events = () => import('@shared/schemas/events');
const live = () => import('@shared/schemas/live');

/**
 * The queries several features read: events, one event, a member's events, the viewer's rotation
 * and the timer's first paint. One definition each, on the keys of ./query-keys.ts; the live socket
 * (./live-socket.ts) updates and invalidates the same keys.
 */

/** GET /api/events: every evening, soonest first. */
export const eventListQuery = queryOptions({
  queryKey: queryKeys.eventList(),
  queryFn: () => get('/api/events', () => events().then((m) => m.eventListSchema)),
});

/** GET /api/events/upcoming: the evenings still to come. */
export const upcomingEventsQuery = queryOptions({
  queryKey: queryKeys.upcomingEvents(),
  queryFn: () => get('/api/events/upcoming', () => events().then((m) => m.eventListSchema)),
});

/** GET /api/events/{id}: the evening plus the viewer's place in it (registered, checked in, host). */
export const eventQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.event(eventId),
    queryFn: () => get(`/api/events/${eventId}`, () => events().then((m) => m.eventDetailSchema)),
  });

/** GET /api/events/demo: the public demo evening (404 when the demo data is not loaded). */
export const demoEventQuery = queryOptions({
  queryKey: queryKeys.demoEvent(),
  queryFn: () => get('/api/events/demo', () => events().then((m) => m.eventSchema)),
  staleTime: Infinity,
});

/** GET /api/users/{id}/events: the member's registrations with their events. */
export const userEventsQuery = (userId: number) =>
  queryOptions({
    queryKey: queryKeys.userEvents(userId),
    queryFn: () => get(`/api/users/${userId}/events`, () => events().then((m) => listOf(m.userEventSchema))),
  });

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

/**
 * GET /api/me/groups: the signed-in member's community groups, cliques of mutual matches across their
 * evenings (/friend-groups, and the groups of one evening on /matches).
 */
export const myGroupsQuery = queryOptions({ queryKey: queryKeys.myGroups(), queryFn: () => get('/api/me/groups', () => import('@shared/schemas/groups').then((m) => m.myGroupsSchema)) });
export const useMyGroups = (enabled = true) => useQuery({ ...myGroupsQuery, enabled });

export const useEvents = (enabled = true) => useQuery({ ...eventListQuery, enabled });
export const useUpcomingEvents = (enabled = true) => useQuery({ ...upcomingEventsQuery, enabled });
/** One event; null waits (nothing to load yet). */
export const useEvent = (eventId: number | null) => useQuery({ ...eventQuery(eventId ?? 0), enabled: eventId !== null });
/** A member's registrations; null waits. */
export const useUserEvents = (userId: number | null) => useQuery({ ...userEventsQuery(userId ?? 0), enabled: userId !== null });
export const useMyRotation = (eventId: number, enabled = true) => useQuery({ ...myRotationQuery(eventId), enabled });

/** The viewer's current or next evening: the first registration whose end is still ahead, soonest first. */
export function currentOrNextEvent<E extends Pick<UserEvent, 'date' | 'endsAt'>>(events: readonly E[], now = Date.now()): E | null {
  const time = (e: E) => new Date(e.date).getTime();
  return (
    events
      .filter((e) => new Date(e.endsAt).getTime() > now)
      .sort((a, b) => time(a) - time(b))[0] ?? null
  );
}

/**
 * The viewer's latest evening: the most recent one that has begun (its start is behind us), else the
 * next one. Screens about what happened at an evening (/feedback, /missed-connections) start here.
 */
export function latestEvent(events: readonly UserEvent[], now = Date.now()): UserEvent | null {
  const time = (e: UserEvent) => new Date(e.date).getTime();
  const begun = events.filter((e) => time(e) <= now).sort((a, b) => time(b) - time(a))[0];
  return begun ?? currentOrNextEvent(events, now);
}

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

/** GET /api/share/links: the site's public address (PUBLIC_URL), which every link we hand out starts with. */
export const shareLinksQuery = queryOptions({
  queryKey: ['share-links'] as const,
  queryFn: () => get('/api/share/links', () => import('@shared/schemas/share').then((m) => m.shareLinks)),
  staleTime: Infinity,
});

/**
 * The public address for links, flyers and QR codes (docs/decisions/0047); null until it is known.
 * If the server cannot say, this page's own origin (the address the visitor is on) stands in.
 */
export function usePublicUrl(): string | null {
  const q = useQuery(shareLinksQuery);
  if (q.data) return q.data.publicUrl;
  return q.isError ? window.location.origin : null;
}
