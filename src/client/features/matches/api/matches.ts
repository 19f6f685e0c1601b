import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Algorithm } from '@shared/domain/matching';
import type { Match, Rating } from '@shared/schemas/live';
import { get, listOf, post } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

// /events/{id} loads this file for its first paint: the schemas come by loader, fetched only in
// development (lib/api.ts), so zod stays out of that first paint (as features/auth/api/auth.ts).
const live = () => import('@shared/schemas/live');

/**
 * Ratings and matches. The events, a member's events and the viewer's rotation are shared queries
 * (@client/lib/queries).
 */

/** GET /api/events/{id}/ratings/{userId}: the ratings this member has given at the event. */
export const ratingsGivenQuery = (eventId: number, userId: number) =>
  queryOptions({ queryKey: queryKeys.ratingsGiven(eventId, userId), queryFn: () => get(`/api/events/${eventId}/ratings/${userId}`, () => live().then((m) => listOf(m.ratingSchema))) });

/** GET /api/events/{id}/matches/{userId}: the member's mutual matches at the event. */
export const userMatchesQuery = (eventId: number, userId: number) =>
  queryOptions({ queryKey: queryKeys.userMatches(eventId, userId), queryFn: () => get(`/api/events/${eventId}/matches/${userId}`, () => live().then((m) => listOf(m.matchSchema))) });

/** GET /api/events/{id}/matches: every match of the event, for its hosts. */
export const eventMatchesQuery = (eventId: number) =>
  queryOptions({ queryKey: queryKeys.eventMatches(eventId), queryFn: () => get(`/api/events/${eventId}/matches`, () => live().then((m) => listOf(m.matchSchema))) });

/** My-matches polling (docs/spec/member-app.md §9: every 2 seconds) until contacts are released. */
export const MY_MATCHES_POLL_MS = 2000;
/** GET /api/me/matches: matches from every evening whose contacts the host has released. */
export const myMatchesQuery = queryOptions({ queryKey: queryKeys.myMatches(), queryFn: () => get('/api/me/matches', () => live().then((m) => m.myMatchesSchema)) });

export const useRatingsGiven = (eventId: number, userId: number) => useQuery(ratingsGivenQuery(eventId, userId));
export const useUserMatches = (eventId: number, userId: number, enabled = true) => useQuery({ ...userMatchesQuery(eventId, userId), enabled });
export const useEventMatches = (eventId: number | null) => useQuery({ ...eventMatchesQuery(eventId ?? 0), enabled: eventId !== null });

/** The member's matches at several evenings at once (the counts of the event picker). */
export function useMatchCounts(eventIds: number[], userId: number) {
  return useQueries({
    queries: eventIds.map((id) => userMatchesQuery(id, userId)),
    combine: (results) => new Map(eventIds.map((id, i) => [id, results[i]?.data?.length])),
  });
}

export function useMyMatches() {
  // Asks again while nothing is released, or an evening is still waiting for its release.
  return useQuery({ ...myMatchesQuery, refetchInterval: (q) => (q.state.data?.released && !q.state.data.pending.length ? false : MY_MATCHES_POLL_MS) });
}

/** POST /api/events/{id}/ratings. The server calculates matches itself after a guest's last rating. */
export function useSubmitRating(eventId: number, userId: number) {
  const qc = useQueryClient();
  const given = ratingsGivenQuery(eventId, userId).queryKey;
  return useMutation({
    mutationFn: (body: { ratedId: number; rating: number; round: number | null }) => post(`/api/events/${eventId}/ratings`, { raterId: userId, ...body }, () => live().then((m) => m.ratingSchema)),
    onSuccess: (rating) => {
      qc.setQueryData(given, (old: Rating[] | undefined) => [...(old ?? []).filter((r) => r.ratedId !== rating.ratedId), rating]);
    },
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: given }), qc.invalidateQueries({ queryKey: queryKeys.userMatches(eventId, userId) })]),
  });
}

/** POST /api/events/{id}/matches/{matchId}/share: the member's half of mutual contact sharing. */
export function useShareContact(eventId: number, userId: number) {
  const qc = useQueryClient();
  const mine = userMatchesQuery(eventId, userId).queryKey;
  return useMutation({
    mutationFn: (matchId: number) => post(`/api/events/${eventId}/matches/${matchId}/share`, undefined, () => live().then((m) => m.matchSchema)),
    onSuccess: (match) => {
      qc.setQueryData(mine, (old: Match[] | undefined) => old?.map((m) => (m.id === match.id ? match : m)));
    },
    // The groups' sharing state (and their e-mail link) follows.
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: mine }), qc.invalidateQueries({ queryKey: queryKeys.myMatches() }), qc.invalidateQueries({ queryKey: queryKeys.myGroups() })]),
  });
}

/** POST /api/events/{id}/calculate-matches {algorithm} (hosts), then the event's matches again. */
export function useCalculateMatches() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, algorithm }: { eventId: number; algorithm: Algorithm }) => post(`/api/events/${eventId}/calculate-matches`, { algorithm }, () => live().then((m) => m.calculateResult)),
    onSuccess: (_r, { eventId }) => qc.refetchQueries({ queryKey: queryKeys.eventMatches(eventId) }),
  });
}

/** POST /api/events/{id}/release-contacts (hosts): every matched pair of the event sees the other's contact. */
export function useReleaseContacts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number) => post(`/api/events/${eventId}/release-contacts`, undefined, () => live().then((m) => m.releaseResult)),
    onSuccess: (_r, eventId) =>
      Promise.all([qc.invalidateQueries({ queryKey: queryKeys.matches(eventId) }), qc.invalidateQueries({ queryKey: queryKeys.myMatches() }), qc.invalidateQueries({ queryKey: queryKeys.myGroups() })]),
  });
}
