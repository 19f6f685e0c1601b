import { queryOptions, useQuery } from '@tanstack/react-query';
import { get } from '@client/lib/api';

/** GET /api/me/calendar: the signed-in member's own iCalendar feed (a secret URL). */
export const myCalendarQuery = queryOptions({
  queryKey: ['me', 'calendar'] as const,
  queryFn: () => get<{ url: string }>('/api/me/calendar'),
});

export const useMyCalendar = () => useQuery(myCalendarQuery);
