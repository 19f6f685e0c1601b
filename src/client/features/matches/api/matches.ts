import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Algorithm } from '@shared/domain/matching';
import type { Event, UserEvent } from '@shared/schemas/events';
import type { Match, ratingSchema } from '@shared/schemas/live';
import { get, post } from '@client/lib/api';

export type Rating = z.infer<typeof ratingSchema>;

/**
 * One round of the viewer's rotation (GET /api/events/{id}/rotation/me); partner null is a bye.
 * The server's `MyRound` has no shared schema yet, so its shape is written out here.
 */
export interface MyRound {
  round: number;
  table: number | null;
  partner: { id: number; name: string; age: number; bio: string | null; interests: string[]; profileImage: string | null } | null;
}

/** GET /api/me/matches: matches from every evening whose contacts the host has released. */
export interface MyMatches {
  released: boolean;
  matches: (Match & { eventTitle: string })[];
}

/** POST /api/events/{id}/release-contacts. */
export interface ReleaseResult {
  released: boolean;
  matches: number;
}

/** POST /api/events/{id}/calculate-matches. */
export interface CalculateResult {
  matches: number;
  algorithm: Algorithm;
}

const keys = {
  rotation: (eventId: number) => ['events', eventId, 'rotation', 'me'] as const,
  ratings: (eventId: number, userId: number) => ['events', eventId, 'ratings', userId] as const,
  userMatches: (eventId: number, userId: number) => ['events', eventId, 'matches', userId] as const,
  eventMatches: (eventId: number) => ['events', eventId, 'matches', 'all'] as const,
  myMatches: ['me', 'matches'] as const,
};

/** The viewer's rotation for the evening: 'Round n: talk to NAME at table T'. */
export const rotationQuery = (eventId: number) =>
  queryOptions({ queryKey: keys.rotation(eventId), queryFn: () => get<MyRound[]>(`/api/events/${eventId}/rotation/me`) });

/** GET /api/events/{id}/ratings/{userId}: the ratings this member has given at the event. */
export const ratingsGivenQuery = (eventId: number, userId: number) =>
  queryOptions({ queryKey: keys.ratings(eventId, userId), queryFn: () => get<Rating[]>(`/api/events/${eventId}/ratings/${userId}`) });

/** GET /api/events/{id}/matches/{userId}: the member's mutual matches at the event. */
export const userMatchesQuery = (eventId: number, userId: number) =>
  queryOptions({ queryKey: keys.userMatches(eventId, userId), queryFn: () => get<Match[]>(`/api/events/${eventId}/matches/${userId}`) });

/** GET /api/events/{id}/matches: every match of the event, for its hosts. */
export const eventMatchesQuery = (eventId: number) =>
  queryOptions({ queryKey: keys.eventMatches(eventId), queryFn: () => get<Match[]>(`/api/events/${eventId}/matches`) });

/** GET /api/users/{id}/events (the same cache entry the other screens use). */
export const userEventsQuery = (userId: number) =>
  queryOptions({ queryKey: ['users', userId, 'events'] as const, queryFn: () => get<UserEvent[]>(`/api/users/${userId}/events`) });

export const eventsQuery = queryOptions({ queryKey: ['events'] as const, queryFn: () => get<Event[]>('/api/events') });
export const upcomingEventsQuery = queryOptions({ queryKey: ['events', 'upcoming'] as const, queryFn: () => get<Event[]>('/api/events/upcoming') });

/** My-matches polling (docs/spec/member-app.md §9: every 2 seconds) until the host has released contacts. */
export const MY_MATCHES_POLL_MS = 2000;
export const myMatchesQuery = queryOptions({ queryKey: keys.myMatches, queryFn: () => get<MyMatches>('/api/me/matches') });

export const useRotation = (eventId: number) => useQuery(rotationQuery(eventId));
export const useRatingsGiven = (eventId: number, userId: number) => useQuery(ratingsGivenQuery(eventId, userId));
export const useUserMatches = (eventId: number, userId: number, enabled = true) => useQuery({ ...userMatchesQuery(eventId, userId), enabled });
export const useEventMatches = (eventId: number | null) => useQuery({ ...eventMatchesQuery(eventId ?? 0), enabled: eventId !== null });
export const useUserEvents = (userId: number) => useQuery(userEventsQuery(userId));
export const useEvents = (enabled = true) => useQuery({ ...eventsQuery, enabled });
export const useUpcomingEvents = (enabled = true) => useQuery({ ...upcomingEventsQuery, enabled });

/** The member's matches at several evenings at once (the counts of the event picker). */
export function useMatchCounts(eventIds: number[], userId: number) {
  return useQueries({
    queries: eventIds.map((id) => userMatchesQuery(id, userId)),
    combine: (results) => new Map(eventIds.map((id, i) => [id, results[i]?.data?.length])),
  });
}

export function useMyMatches() {
  return useQuery({ ...myMatchesQuery, refetchInterval: (q) => (q.state.data?.released ? false : MY_MATCHES_POLL_MS) });
}

/** POST /api/events/{id}/ratings. The server calculates matches itself after a guest's last rating. */
export function useSubmitRating(eventId: number, userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { ratedId: number; rating: number; round: number | null }) =>
      post<Rating>(`/api/events/${eventId}/ratings`, { raterId: userId, ...body }),
    onSuccess: (rating) => {
      qc.setQueryData(keys.ratings(eventId, userId), (old: Rating[] | undefined) => [...(old ?? []).filter((r) => r.ratedId !== rating.ratedId), rating]);
    },
    onSettled: () =>
      Promise.all([qc.invalidateQueries({ queryKey: keys.ratings(eventId, userId) }), qc.invalidateQueries({ queryKey: keys.userMatches(eventId, userId) })]),
  });
}

/** POST /api/events/{id}/matches/{matchId}/share: the member's half of mutual contact sharing. */
export function useShareContact(eventId: number, userId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (matchId: number) => post<Match>(`/api/events/${eventId}/matches/${matchId}/share`),
    onSuccess: (match) => {
      qc.setQueryData(keys.userMatches(eventId, userId), (old: Match[] | undefined) => old?.map((m) => (m.id === match.id ? match : m)));
    },
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: keys.userMatches(eventId, userId) }), qc.invalidateQueries({ queryKey: keys.myMatches })]),
  });
}

/** POST /api/events/{id}/calculate-matches {algorithm} (hosts), then the event's matches again. */
export function useCalculateMatches() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, algorithm }: { eventId: number; algorithm: Algorithm }) =>
      post<CalculateResult>(`/api/events/${eventId}/calculate-matches`, { algorithm }),
    onSuccess: (_r, { eventId }) => qc.refetchQueries({ queryKey: keys.eventMatches(eventId) }),
  });
}

/** POST /api/events/{id}/release-contacts (hosts): every matched pair of the event sees the other's contact. */
export function useReleaseContacts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number) => post<ReleaseResult>(`/api/events/${eventId}/release-contacts`),
    onSuccess: (_r, eventId) =>
      Promise.all([qc.invalidateQueries({ queryKey: ['events', eventId, 'matches'] }), qc.invalidateQueries({ queryKey: keys.myMatches })]),
  });
}

/** When the host releases contacts (socket 'contacts_released'): the member's matches of that event are fresh again. */
export function useRefreshAfterRelease() {
  const qc = useQueryClient();
  return (eventId: number) =>
    Promise.all([qc.invalidateQueries({ queryKey: ['events', eventId, 'matches'] }), qc.invalidateQueries({ queryKey: keys.myMatches })]);
}
