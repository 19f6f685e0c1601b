import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { venueSchema, type VenueBody } from '@shared/schemas/venues';
import { get, listOf, post } from '../api';
import { queryKeys } from '../query-keys';

/*
 * The venues two features read: the list and adding a venue (venues' screens, and events' create-event
 * form, which books one). The rest of venues' queries are in features/venues/api/venues.ts.
 */

/** GET /api/venues: every venue (hosts only), by name. */
export const venuesQuery = queryOptions({
  queryKey: queryKeys.venues,
  queryFn: () => get('/api/venues', listOf(venueSchema)),
});

export const useVenues = (enabled = true) => useQuery({ ...venuesQuery, enabled });

/** POST /api/venues; the list is refetched. */
export function useCreateVenue() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: VenueBody) => post('/api/venues', body, venueSchema),
    onSuccess: (venue) => {
      qc.setQueryData(venuesQuery.queryKey, (old) => (old ? [...old.filter((v) => v.id !== venue.id), venue] : old));
      void qc.invalidateQueries({ queryKey: venuesQuery.queryKey, exact: true });
    },
  });
}
