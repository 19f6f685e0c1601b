import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { noContent } from '@shared/schemas/common';
import { eventSchema } from '@shared/schemas/events';
import type { VenueAccessInput } from '@shared/schemas/venue-access';
import { slotSchema, venueHostSchema, venueSchema, type SlotBody } from '@shared/schemas/venues';
import { del, get, listOf, patch, post } from '@client/lib/api';
import { venuesQuery } from '@client/lib/queries/venues';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/venues/{id}/events: the evenings at a venue, oldest first. */
export const venueEventsQuery = (venueId: number) =>
  queryOptions({
    queryKey: queryKeys.venueEvents(venueId),
    queryFn: () => get(`/api/venues/${venueId}/events`, listOf(eventSchema)),
  });

/** GET /api/venues/{id}/slots?from&to: available slots, blocks and bookings (with live registrations). */
export const venueSlotsQuery = (venueId: number, from: string, to: string) =>
  queryOptions({
    queryKey: queryKeys.venueSlots(venueId, from, to),
    queryFn: () => get(`/api/venues/${venueId}/slots?from=${from}&to=${to}`, listOf(slotSchema)),
  });

export const useVenueEvents = (venueId: number, enabled: boolean) => useQuery({ ...venueEventsQuery(venueId), enabled });

/** PATCH /api/venues/{id} (activate or deactivate); the answer replaces the cached venue. */
export function useSetVenueActive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: number; isActive: boolean }) => patch(`/api/venues/${id}`, { isActive }, venueSchema),
    onSuccess: (venue) => {
      qc.setQueryData(venuesQuery.queryKey, (old) => old?.map((v) => (v.id === venue.id ? venue : v)));
    },
  });
}

/** PATCH /api/venues/{id} {latitude, longitude}: where the door is (both null: none); the answer replaces the cached venue. */
export function useSetVenueLocation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, latitude, longitude }: { id: number; latitude: number | null; longitude: number | null }) =>
      patch(`/api/venues/${id}`, { latitude, longitude }, venueSchema),
    onSuccess: (venue) => {
      qc.setQueryData(venuesQuery.queryKey, (old) => old?.map((v) => (v.id === venue.id ? venue : v)));
    },
  });
}

/** PATCH /api/venues/{id} {access}: how to get in, the whole set (docs/decisions/0077); the answer replaces the cached venue. */
export function useSetVenueAccess() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, access }: { id: number; access: VenueAccessInput }) => patch(`/api/venues/${id}`, { access }, venueSchema),
    onSuccess: (venue) => {
      qc.setQueryData(venuesQuery.queryKey, (old) => old?.map((v) => (v.id === venue.id ? venue : v)));
    },
  });
}

/** POST /api/venues/{id}/slots: an available slot or a block. */
export function useAddSlot(venueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SlotBody) => post(`/api/venues/${venueId}/slots`, body, slotSchema),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.venueSlots(venueId) }),
  });
}

/** DELETE /api/venues/{id}/slots/{slotId}. */
export function useRemoveSlot(venueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (slotId: number) => del(`/api/venues/${venueId}/slots/${slotId}`, noContent),
    onSuccess: () => qc.invalidateQueries({ queryKey: queryKeys.venueSlots(venueId) }),
  });
}

/** GET /api/venues/{id}/hosts: the venue's co-hosts (its owner and admins only). */
export const useVenueHosts = (venueId: number, enabled: boolean) =>
  useQuery({ queryKey: queryKeys.venueHosts(venueId), queryFn: () => get(`/api/venues/${venueId}/hosts`, listOf(venueHostSchema)), enabled });

/** POST /api/venues/{id}/hosts {email}: add a host as a co-host; the answer is the new list. */
export function useAddVenueHost(venueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => post(`/api/venues/${venueId}/hosts`, { email }, listOf(venueHostSchema)),
    onSuccess: (hosts) => qc.setQueryData(queryKeys.venueHosts(venueId), hosts),
  });
}

/** DELETE /api/venues/{id}/hosts/{userId}. */
export function useRemoveVenueHost(venueId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => del(`/api/venues/${venueId}/hosts/${userId}`, noContent),
    onSuccess: (_r, userId) => qc.setQueryData(queryKeys.venueHosts(venueId), (old: { id: number }[] | undefined) => old?.filter((h) => h.id !== userId)),
  });
}
