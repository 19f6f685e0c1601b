import { z } from 'zod';

/** An iCalendar file (RFC 5545), served as text/calendar: a subscription feed or one evening. */
export const icsFile = z.string().describe('text/calendar');

/** GET /api/me/calendar: the signed-in member's own feed (a secret URL). */
export const calendarUrlResponse = z.object({ url: z.string() });
