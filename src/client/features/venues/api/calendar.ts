import { queryOptions, useQuery } from '@tanstack/react-query';
import { calendarUrlResponse } from '@shared/schemas/calendar';
import { get } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/me/calendar: the signed-in member's own iCalendar feed (a secret URL). */
export const myCalendarQuery = queryOptions({
  queryKey: queryKeys.myCalendar(),
  queryFn: () => get('/api/me/calendar', calendarUrlResponse),
});

export const useMyCalendar = () => useQuery(myCalendarQuery);
