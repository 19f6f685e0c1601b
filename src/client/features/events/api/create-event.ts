import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventSchema, type CreateEventBody } from '@shared/schemas/events';
import { post } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/**
 * POST /api/events. On success every events list is refetched (docs/spec/organiser-tools.md §7), and so are the venues
 * (their live-event counts, next evening and bookings change).
 */
export function useCreateEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEventBody) => post('/api/events', body, eventSchema),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.events });
      void qc.invalidateQueries({ queryKey: queryKeys.venues });
    },
  });
}
