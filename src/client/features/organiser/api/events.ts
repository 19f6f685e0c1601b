import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateEventBody, Event } from '@shared/schemas/events';
import { post } from '@client/lib/api';

/**
 * POST /api/events. On success every events list is refetched (docs/spec/organiser-tools.md §7), and so are the venues
 * (their live-event counts, next evening and bookings change).
 */
export function useCreateEvent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateEventBody) => post<Event>('/api/events', body),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['events'] });
      void qc.invalidateQueries({ queryKey: ['venues'] });
    },
  });
}
