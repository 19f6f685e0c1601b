import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserListItem } from '@shared/schemas/users';
import { get } from '@client/lib/api';

/** GET /api/users: admins only (401 visitor, 403 member). */
export const allUsersQuery = queryOptions({
  queryKey: ['users', 'all'] as const,
  queryFn: () => get<UserListItem[]>('/api/users'),
});

export function useAllUsers(enabled: boolean) {
  return useQuery({ ...allUsersQuery, enabled });
}
