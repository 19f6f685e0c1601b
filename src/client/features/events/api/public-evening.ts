import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PublicEvening } from '@shared/schemas/public-evening';
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

/**
 * The evening the server wrote into the page it sent (modules/public-evening/head.ts), when it is
 * this one: the page then draws at once, without a round trip for its data.
 */
function inlinedEvening(eventId: number): PublicEvening | undefined {
  const el = typeof document === 'undefined' ? null : document.getElementById('sf-public-evening');
  if (!el?.textContent) return undefined;
  try {
    const value = JSON.parse(el.textContent) as PublicEvening;
    return value.id === eventId ? value : undefined;
  } catch {
    return undefined;
  }
}

export const usePublicEvening = (eventId: number) =>
  useQuery({ ...publicEveningQuery(eventId), initialData: () => inlinedEvening(eventId), staleTime: 30_000 });
