import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { blockList, blockState, removeGuestResult, reportCreated, reportList, suspensionResult, type ReportBody } from '@shared/schemas/safety';
import { del, get, post, put } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/**
 * Safety tools (GitHub issue 21, docs/decisions/0041, 0042): the member's blocks, reports, the
 * reports screen for hosts and admins, suspension, and removing a guest from a running evening.
 */

export const useMyBlocks = (enabled = true) => useQuery({ queryKey: queryKeys.myBlocks(), queryFn: () => get('/api/me/blocks', blockList), enabled });

/** Block or unblock; everything that shows people refetches (previews, badges, groups, missed connections, the evening). */
export function useBlock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, blocked }: { userId: number; blocked: boolean }) =>
      blocked ? post('/api/me/blocks', { userId }, blockState) : del(`/api/me/blocks/${userId}`, blockState),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: queryKeys.myBlocks() });
      void qc.invalidateQueries({ queryKey: queryKeys.events });
      void qc.invalidateQueries({ queryKey: queryKeys.myGroups() });
      void qc.invalidateQueries({ queryKey: queryKeys.myMatches() });
    },
  });
}

export const useReport = () => useMutation({ mutationFn: (body: ReportBody) => post('/api/reports', body, reportCreated) });

export const useReports = (enabled: boolean) => useQuery({ queryKey: queryKeys.reports(), queryFn: () => get('/api/reports', reportList), enabled });

export function useMarkHandled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => post(`/api/reports/${id}/handled`),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.reports() }),
  });
}

export function useSuspend() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, suspended }: { userId: number; suspended: boolean }) => put(`/api/users/${userId}/suspension`, { suspended }, suspensionResult),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.reports() }),
  });
}

export function useRemoveGuest(eventId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => post(`/api/events/${eventId}/guests/${userId}/removal`, undefined, removeGuestResult),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.event(eventId) }),
  });
}
