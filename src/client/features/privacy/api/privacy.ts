import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

const schemas = () => import('@shared/schemas/privacy');

/** GET /api/privacy: what the server keeps for how long (RETENTION_DAYS, SESSION_DAYS), for the /privacy page. */
export const privacyFactsQuery = () =>
  queryOptions({
    queryKey: queryKeys.privacyFacts(),
    queryFn: () => get('/api/privacy', () => schemas().then((m) => m.privacyFacts)),
    staleTime: 5 * 60_000,
  });

export const usePrivacyFacts = () => useQuery(privacyFactsQuery());
