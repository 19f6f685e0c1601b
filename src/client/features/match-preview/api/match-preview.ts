import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PreviewVisibility } from '@shared/schemas/match-preview';
import { get, post, put } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

// /profile loads this file (the opt-out) for its first paint: the schemas come by loader, fetched
// only in development (lib/api.ts), so zod stays out of that first paint (as features/auth/api/auth.ts).
const preview = () => import('@shared/schemas/match-preview');

/**
 * Match preview (docs/spec/organiser-tools.md §2.25): GET /api/events/{id}/preview (guests of the
 * evening), POST /api/events/{id}/reminder, and GET/PUT /api/me/preview-visibility (the opt-out).
 */

export const matchPreviewQuery = (eventId: number) =>
  queryOptions({
    queryKey: queryKeys.matchPreview(eventId),
    queryFn: () => get(`/api/events/${eventId}/preview`, () => preview().then((m) => m.previewResponse)),
  });
export const useMatchPreview = (eventId: number) => useQuery(matchPreviewQuery(eventId));

/** 'Set Event Reminder': e-mails the guest a reminder with the evening's .ics. */
export const useSendReminder = (eventId: number) =>
  useMutation({ mutationFn: () => post(`/api/events/${eventId}/reminder`, undefined, () => preview().then((m) => m.previewReminderResponse)) });

export const previewVisibilityQuery = queryOptions({
  queryKey: queryKeys.previewVisibility(),
  queryFn: () => get('/api/me/preview-visibility', () => preview().then((m) => m.previewVisibility)),
});
export const usePreviewVisibility = () => useQuery(previewVisibilityQuery);

/** PUT /api/me/preview-visibility; the previews that show the viewer's own status refresh after. */
export function useSetPreviewVisibility() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: PreviewVisibility) => put('/api/me/preview-visibility', body, () => preview().then((m) => m.previewVisibility)),
    onSuccess: (saved) => qc.setQueryData(queryKeys.previewVisibility(), saved),
    onSettled: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: queryKeys.previewVisibility() }),
        qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'events' && q.queryKey[2] === 'preview' }),
      ]),
  });
}
