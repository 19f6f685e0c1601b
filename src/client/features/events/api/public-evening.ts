import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

// The schema comes by loader, fetched only in development (lib/api.ts), as for the other event queries.
const publicEvening = () => import('@shared/schemas/public-evening');

/** GET /api/events/{id}/public: what a visitor may see of an evening (docs/decisions/0045). */
export const publicEveningQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.publicEvening(eventId),
    queryFn: () => get(`/api/events/${eventId}/public`, () => publicEvening().then((m) => m.publicEveningSchema)),
  });

export const usePublicEvening = (eventId: number) => useQuery(publicEveningQuery(eventId));
