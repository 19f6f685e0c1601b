import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserEvent } from '@shared/schemas/events';
import { get, listOf } from '../api';
import { queryKeys } from '../query-keys';

// Every screen of a signed-in member loads this file: the schemas come by loader, fetched only in
// development (lib/api.ts), so zod stays out of those first paints (as features/auth/api/auth.ts).
const events = () => import('@shared/schemas/events');

/**
 * The evenings several features read: every evening, the upcoming ones, one evening, a member's
 * registrations. One definition each, on the keys of ../query-keys.ts (src/client/lib/queries/ holds
 * the queries more than one feature reads, one file per resource; a feature's own are in its api/).
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

export const useEvents = (enabled = true) => useQuery({ ...eventListQuery, enabled });

export const useUpcomingEvents = (enabled = true) => useQuery({ ...upcomingEventsQuery, enabled });

/** One event; null waits (nothing to load yet). */
export const useEvent = (eventId: number | null) => useQuery({ ...eventQuery(eventId ?? 0), enabled: eventId !== null });

/** A member's registrations; null waits. */
export const useUserEvents = (userId: number | null) => useQuery({ ...userEventsQuery(userId ?? 0), enabled: userId !== null });

/** The viewer's current or next evening: the first registration whose end is still ahead, soonest first. */
export function currentOrNextEvent<E extends Pick<UserEvent, 'date' | 'endsAt'>>(events: readonly E[], now = Date.now()): E | null {
  const time = (e: E) => new Date(e.date).getTime();
  return events.filter((e) => new Date(e.endsAt).getTime() > now).sort((a, b) => time(a) - time(b))[0] ?? null;
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
