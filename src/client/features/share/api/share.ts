import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { shareAnalytics, shareEventRecorded, type ShareEventBody } from '@shared/schemas/share';
import { get, post } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/**
 * The share generator's server side (/share, docs/spec/organiser-tools.md §2.1): every Copy and
 * Share is recorded (anyone may), and the Share Analytics tab reads the real figures (hosts and
 * admins only).
 */

/** GET /api/share/analytics[?eventId=]: every evening, or one. */
export const shareAnalyticsQuery = (eventId: number | null = null) =>
  queryOptions({
    queryKey: [...queryKeys.shareAnalytics(), eventId ?? 'all'] as const,
    queryFn: () => get(eventId === null ? '/api/share/analytics' : `/api/share/analytics?eventId=${eventId}`, shareAnalytics),
  });

export const useShareAnalytics = (enabled: boolean, eventId: number | null = null) =>
  useQuery({ ...shareAnalyticsQuery(eventId), enabled, placeholderData: (prev) => prev });

/** POST /api/share/events {platform, action, template, eventId?}; the figures are re-read afterwards. */
export function useRecordShare() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ShareEventBody) => post('/api/share/events', body, shareEventRecorded),
    onSettled: () => qc.invalidateQueries({ queryKey: queryKeys.shareAnalytics() }),
  });
}
