import { queryOptions, useQuery } from '@tanstack/react-query';
import { userListItem } from '@shared/schemas/users';
import { get, listOf } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/users: admins only (401 visitor, 403 member). */
export const allUsersQuery = queryOptions({
  queryKey: queryKeys.allUsers(),
  queryFn: () => get('/api/users', listOf(userListItem)),
});

export function useAllUsers(enabled: boolean) {
  return useQuery({ ...allUsersQuery, enabled });
}
