import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accessNeedsSchema, type AccessNeeds } from '@shared/schemas/access-needs';
import { get, put } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** What the guest told the evening's hosts would help them on the night (docs/decisions/0086-access-needs-at-booking.md). */

export const useAccessNeeds = (eventId: number) =>
  useQuery({ queryKey: queryKeys.accessNeeds(eventId), queryFn: () => get(`/api/events/${eventId}/access-needs`, accessNeedsSchema) });

/** Save the note; an empty one takes it away. */
export function useSaveAccessNeeds(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => put(`/api/events/${eventId}/access-needs`, { note }, accessNeedsSchema),
    onSuccess: (saved) => qc.setQueryData<AccessNeeds>(queryKeys.accessNeeds(eventId), saved),
  });
}
