import { queryOptions, useQuery } from '@tanstack/react-query';
import { badgesResponse } from '@shared/schemas/events';
import { get } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/**
 * GET /api/events/{id}/badges (docs/spec/organiser-tools.md §2.8): the other guests of the evening
 * as badges, and the viewer's own interests for the ice breakers. Guests and hosts of the event only.
 */
export const badgesQuery = (eventId: number) =>
  queryOptions({
    queryKey: [...queryKeys.event(eventId), 'badges'] as const,
    queryFn: () => get(`/api/events/${eventId}/badges`, badgesResponse),
  });

export const useBadges = (eventId: number) => useQuery(badgesQuery(eventId));
