import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminNoShowSchema, eveningNoShowsSchema, myNoShowsSchema } from '@shared/schemas/no-shows';
import { get, listOf, post } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** No-shows (GitHub issue 35, docs/decisions/0076-no-shows-have-a-cost.md). */

/** GET /api/no-shows/mine: the member's own record, and whether free bookings and waitlists are paused. */
export const useMyNoShows = (enabled = true) =>
  useQuery({ queryKey: queryKeys.myNoShows(), queryFn: () => get('/api/no-shows/mine', myNoShowsSchema), enabled, staleTime: 60_000 });

/** GET /api/no-shows/evenings (hosts and admins): evenings over, with counts only. */
export const useEveningNoShows = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.eveningNoShows(), queryFn: () => get('/api/no-shows/evenings', listOf(eveningNoShowsSchema)), enabled });

/** GET /api/admin/no-shows (admins). */
export const useAdminNoShows = (enabled: boolean) =>
  useQuery({ queryKey: queryKeys.adminNoShows(), queryFn: () => get('/api/admin/no-shows', listOf(adminNoShowSchema)), enabled });

/** POST /api/admin/no-shows/{id}/clear (admins), with the reason. */
export function useClearNoShow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) => post(`/api/admin/no-shows/${id}/clear`, { reason }, adminNoShowSchema),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.adminNoShows() });
      void qc.invalidateQueries({ queryKey: queryKeys.eveningNoShows() });
    },
  });
}
