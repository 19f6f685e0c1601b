import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Event, Slot, SlotBody, Venue, VenueBody } from '@shared/schemas/events';
import { api, del, get, post } from '@client/lib/api';

/** GET /api/venues: every venue (hosts only), by name. */
export const venuesQuery = queryOptions({
  queryKey: ['venues'] as const,
  queryFn: () => get<Venue[]>('/api/venues'),
});

/** GET /api/venues/{id}/events: the evenings at a venue, oldest first. */
export const venueEventsQuery = (venueId: number) =>
  queryOptions({
    queryKey: ['venues', venueId, 'events'] as const,
    queryFn: () => get<Event[]>(`/api/venues/${venueId}/events`),
  });

/** GET /api/venues/{id}/slots?from&to: available slots, blocks and bookings (with live registrations). */
export const venueSlotsQuery = (venueId: number, from: string, to: string) =>
  queryOptions({
    queryKey: ['venues', venueId, 'slots', from, to] as const,
    queryFn: () => get<Slot[]>(`/api/venues/${venueId}/slots?from=${from}&to=${to}`),
  });

export const useVenues = (enabled = true) => useQuery({ ...venuesQuery, enabled });
export const useVenueEvents = (venueId: number, enabled: boolean) => useQuery({ ...venueEventsQuery(venueId), enabled });

/** POST /api/venues; the list is refetched. */
export function useCreateVenue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: VenueBody) => post<Venue>('/api/venues', body),
    onSuccess: (venue) => {
      qc.setQueryData(venuesQuery.queryKey, (old) => (old ? [...old.filter((v) => v.id !== venue.id), venue] : old));
      void qc.invalidateQueries({ queryKey: venuesQuery.queryKey, exact: true });
    },
  });
}

/** PATCH /api/venues/{id} (activate or deactivate); the answer replaces the cached venue. */
export function useSetVenueActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => api<Venue>('PATCH', `/api/venues/${id}`, { isActive }),
    onSuccess: (venue) => {
      qc.setQueryData(venuesQuery.queryKey, (old) => old?.map((v) => (v.id === venue.id ? venue : v)));
    },
  });
}

/** POST /api/venues/{id}/slots: an available slot or a block. */
export function useAddSlot(venueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SlotBody) => post<Slot>(`/api/venues/${venueId}/slots`, body),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['venues', venueId, 'slots'] }),
  });
}

/** DELETE /api/venues/{id}/slots/{slotId}. */
export function useRemoveSlot(venueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (slotId: number) => del<void>(`/api/venues/${venueId}/slots/${slotId}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['venues', venueId, 'slots'] }),
  });
}
