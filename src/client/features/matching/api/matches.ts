import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Algorithm } from '@shared/domain/matching';
import type { Match, Rating } from '@shared/schemas/matching';
import { get, listOf, post } from '@client/lib/api';
import { sendOrKeep, useKeptWrites, type KeptWrite } from '@client/lib/outbox';
import { queryKeys } from '@client/lib/query-keys';
import { firstName } from '../lib/matches';

// /events/{id} loads this file for its first paint: the schemas come by loader, fetched only in
// development (lib/api.ts), so zod stays out of that first paint (as features/auth/api/auth.ts).
const matching = () => import('@shared/schemas/matching');

/**
 * Ratings and matches. The events, a member's events and the viewer's rotation are shared queries
 * (@client/lib/queries).
 */

/** GET /api/events/{id}/ratings/{userId}: the ratings this member has given at the event. */
export const ratingsGivenQuery = (eventId: number, userId: number) =>
  queryOptions({
    queryKey: queryKeys.ratingsGiven(eventId, userId),
    queryFn: () => get(`/api/events/${eventId}/ratings/${userId}`, () => matching().then((m) => listOf(m.ratingSchema))),
  });

/** GET /api/events/{id}/matches/{userId}: the member's mutual matches at the event. */
export const userMatchesQuery = (eventId: number, userId: number) =>
  queryOptions({
    queryKey: queryKeys.userMatches(eventId, userId),
    queryFn: () => get(`/api/events/${eventId}/matches/${userId}`, () => matching().then((m) => listOf(m.matchSchema))),
  });

/** GET /api/events/{id}/matches: every match of the event, for its hosts. */
export const eventMatchesQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.eventMatches(eventId),
    queryFn: () => get(`/api/events/${eventId}/matches`, () => matching().then((m) => listOf(m.matchSchema))),
  });

/** My-matches polling (docs/spec/member-app.md §9: every 2 seconds) until contacts are released. */
export const MY_MATCHES_POLL_MS = 2000;
/** GET /api/me/matches: matches from every evening whose contacts the host has released. */
export const myMatchesQuery = queryOptions({
  queryKey: queryKeys.myMatches(),
  queryFn: () => get('/api/me/matches', () => matching().then((m) => m.myMatchesSchema)),
});

/** A rating as the screens show it: the server's, or one kept on this phone until the connection returns (lib/outbox.ts). */
export type GivenRating = Rating & { keptOnPhone?: true };

/** The ratings given, with those kept on this phone (not yet sent) in place of the server's. */
export function withKeptRatings(server: Rating[] | undefined, kept: KeptWrite[]): GivenRating[] | undefined {
  const waiting = kept.filter((w) => w.kind === 'rating' && w.refusal === null && w.subjectId !== null);
  if (!waiting.length || !server) return server;
  const mine = new Map<number, GivenRating>(server.map((r) => [r.ratedId, r]));
  for (const w of waiting) {
    const body = w.body as { raterId: number; ratedId: number; rating: number; round: number | null };
    mine.set(body.ratedId, {
      id: -w.keptAt,
      raterId: body.raterId,
      ratedId: body.ratedId,
      rating: body.rating,
      round: body.round,
      createdAt: new Date(w.keptAt).toISOString(),
      keptOnPhone: true,
    });
  }
  return [...mine.values()];
}

export function useRatingsGiven(eventId: number, userId: number) {
  const query = useQuery(ratingsGivenQuery(eventId, userId));
  const kept = useKeptWrites(userId, eventId);
  const data = useMemo(() => withKeptRatings(query.data, kept), [query.data, kept]);
  return { ...query, data };
}
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

/**
 * POST /api/events/{id}/ratings. The server calculates matches itself after a guest's last rating.
 * With no connection the rating is kept on the phone and sent on return (`kept` in the answer).
 */
export function useSubmitRating(eventId: number, userId: number) {
  const qc = useQueryClient();
  const given = ratingsGivenQuery(eventId, userId).queryKey;
  return useMutation({
    mutationFn: ({ partnerName, ...body }: { ratedId: number; rating: number; round: number | null; partnerName: string }) =>
      sendOrKeep<Rating>(
        {
          userId,
          eventId,
          kind: 'rating',
          subjectId: body.ratedId,
          method: 'POST',
          url: `/api/events/${eventId}/ratings`,
          body: { raterId: userId, ...body },
          label: `Your rating of ${firstName(partnerName)}: ${body.rating}`,
          refresh: [given, queryKeys.userMatches(eventId, userId)],
        },
        () => matching().then((m) => m.ratingSchema),
      ),
    onSuccess: (result) => {
      if (result.kept) return;
      const rating = result.data;
      qc.setQueryData(given, (old: Rating[] | undefined) => [...(old ?? []).filter((r) => r.ratedId !== rating.ratedId), rating]);
    },
    onSettled: (result) =>
      result?.kept
        ? undefined
        : Promise.all([qc.invalidateQueries({ queryKey: given }), qc.invalidateQueries({ queryKey: queryKeys.userMatches(eventId, userId) })]),
  });
}

/** POST /api/events/{id}/matches/{matchId}/share: the member's half of mutual contact sharing. */
export function useShareContact(eventId: number, userId: number) {
  const qc = useQueryClient();
  const mine = userMatchesQuery(eventId, userId).queryKey;
  return useMutation({
    mutationFn: (matchId: number) => post(`/api/events/${eventId}/matches/${matchId}/share`, undefined, () => matching().then((m) => m.matchSchema)),
    onSuccess: (match) => {
      qc.setQueryData(mine, (old: Match[] | undefined) => old?.map((m) => (m.id === match.id ? match : m)));
    },
    // The groups' sharing state (and their e-mail link) follows.
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: mine }),
        qc.invalidateQueries({ queryKey: queryKeys.myMatches() }),
        qc.invalidateQueries({ queryKey: queryKeys.myGroups() }),
      ]),
  });
}

/** POST /api/events/{id}/calculate-matches {algorithm} (hosts), then the event's matches again. */
export function useCalculateMatches() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ eventId, algorithm }: { eventId: number; algorithm: Algorithm }) =>
      post(`/api/events/${eventId}/calculate-matches`, { algorithm }, () => matching().then((m) => m.calculateResult)),
    onSuccess: (_r, { eventId }) => qc.refetchQueries({ queryKey: queryKeys.eventMatches(eventId) }),
  });
}

/** POST /api/events/{id}/release-contacts (hosts): every matched pair of the event sees the other's contact. */
export function useReleaseContacts() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (eventId: number) => post(`/api/events/${eventId}/release-contacts`, undefined, () => matching().then((m) => m.releaseResult)),
    onSuccess: (_r, eventId) =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.matches(eventId) }),
        qc.invalidateQueries({ queryKey: queryKeys.myMatches() }),
        qc.invalidateQueries({ queryKey: queryKeys.myGroups() }),
      ]),
  });
}
