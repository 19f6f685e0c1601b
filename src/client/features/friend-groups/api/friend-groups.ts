import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/**
 * GET /api/me/groups: the signed-in member's community groups, cliques of mutual matches across their
 * evenings (/friend-groups, and the groups of one evening on /matches).
 */
export const myGroupsQuery = queryOptions({
  queryKey: queryKeys.myGroups(),
  queryFn: () => get('/api/me/groups', () => import('@shared/schemas/friend-groups').then((m) => m.myGroupsSchema)),
});

export const useMyGroups = (enabled = true) => useQuery({ ...myGroupsQuery, enabled });
