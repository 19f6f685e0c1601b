import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EventDetail, UpdateEventBody } from '@shared/schemas/events';
import { get, listOf, patch } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

// The event screens load this file for their first paint: the schemas come by loader, fetched only
// in development (lib/api.ts), so zod stays out of those first paints (as features/auth/api/auth.ts).
const events = () => import('@shared/schemas/events');

/**
 * An evening's guest list. The event queries themselves (events, one event, a member's events) are
 * shared: @client/lib/queries; registration, payment, check-in and the waitlist are ./tickets.ts.
 */

/** GET /api/events/{id}/participants: guests and hosts of the event only (others get 403). */
export const participantsQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.participants(id),
    queryFn: () => get(`/api/events/${id}/participants`, () => events().then((m) => listOf(m.participantSchema))),
  });

export const useParticipants = (id: number, enabled: boolean) => useQuery({ ...participantsQuery(id), enabled });

/**
 * PATCH /api/events/{id}: the host changes what the price includes. The evening is read again
 * (its page, its public page and the listings), and the answer is written into the member's page at once.
 */
export function useUpdateEvent(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEventBody) => patch(`/api/events/${eventId}`, body, () => events().then((m) => m.eventSchema)),
    onSuccess: (event) => {
      qc.setQueryData<EventDetail>(queryKeys.event(eventId), (old) => (old ? { ...old, priceIncludes: event.priceIncludes } : old));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.events }),
  });
}
