import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UpdateUserBody } from '@shared/schemas/users';
import { del, get, put } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { forgetUser } from '@client/lib/session';

// /profile loads this file for its first paint: the schemas come by loader, fetched only in
// development (lib/api.ts), so zod stays out of that first paint (as features/auth/api/auth.ts).
const users = () => import('@shared/schemas/users');

/** The member's own profile. Their registrations are a shared query (@client/lib/queries). */

/** GET /api/users/{id}: the member's own profile. */
export const userQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.user(id),
    queryFn: () => get(`/api/users/${id}`, () => users().then((m) => m.userSchema)),
  });

/** GET /api/users/{id}/stats: events attended, connections, average rating (null when unrated). */
export const userStatsQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.userStats(id),
    queryFn: () => get(`/api/users/${id}/stats`, () => users().then((m) => m.userStats)),
  });

export const useUser = (id: number) => useQuery(userQuery(id));
export const useUserStats = (id: number) => useQuery(userStatsQuery(id));

/** PUT /api/users/{id}; the answer becomes the cached profile. */
export function useUpdateProfile(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => put(`/api/users/${id}`, body, () => users().then((m) => m.userSchema)),
    onSuccess: (user) => {
      qc.setQueryData(userQuery(id).queryKey, user);
    },
  });
}

/** GET /api/users/{id}/export, saved as a JSON file through a temporary blob link. */
export function useExportData(id: number) {
  return useMutation({
    mutationFn: async () => {
      const data = await get(`/api/users/${id}/export`, () => users().then((m) => m.userExport));
      const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `speed-friendship-data-${id}.json`;
      link.rel = 'noopener';
      document.body.append(link);
      link.click();
      link.remove();
      // Give the browser a moment to start the download before the URL goes away.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}

/**
 * DELETE /api/users/{id}. On success the caller's `leave` runs first (navigate away), then the
 * local sign-in keys and every cached query are cleared, so no screen refetches the deleted account.
 */
export function useDeleteAccount(id: number, leave: () => void | Promise<void>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => del(`/api/users/${id}`, () => import('@shared/schemas/common').then((m) => m.noContent)),
    onSuccess: async () => {
      await leave();
      forgetUser();
      qc.clear();
    },
  });
}
