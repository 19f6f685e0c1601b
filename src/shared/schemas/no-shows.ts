import { z } from 'zod';
import { CLEAR_REASON_MAX, CLEAR_REASON_MIN } from '../domain/no-shows';
import { storedText } from './common';

/** No-shows (GitHub issue 35, docs/decisions/0076-no-shows-have-a-cost.md). */

/** The rule's numbers, from the server's settings (NO_SHOW_LIMIT, NO_SHOW_WINDOW_DAYS, NO_SHOW_PAUSE_DAYS). */
export const noShowRuleSchema = z.object({ limit: z.number(), windowDays: z.number(), pauseDays: z.number() });

/** Free bookings and waitlists paused until `until` (ISO instant); `message` says why and until when. */
export const noShowPauseSchema = z.object({ until: z.string(), count: z.number(), message: z.string() });
export type NoShowPauseView = z.infer<typeof noShowPauseSchema>;

/** A no-show cleared by an admin: when and why (who did it is for admins). */
export const noShowClearedSchema = z.object({ at: z.string(), reason: z.string() });

/** One evening the member booked and missed. */
export const myNoShowSchema = z.object({
  id: z.number(),
  eventId: z.number(),
  eventTitle: z.string(),
  venue: z.string(),
  /** The evening's start (ISO instant). */
  eveningAt: z.string(),
  cleared: noShowClearedSchema.nullable(),
});

/** GET /api/no-shows/mine: the member's own record, and the pause it makes, if any. */
export const myNoShowsSchema = z.object({
  noShows: z.array(myNoShowSchema),
  pause: noShowPauseSchema.nullable(),
  rule: noShowRuleSchema,
});
export type MyNoShows = z.infer<typeof myNoShowsSchema>;

/** GET /api/no-shows/evenings: for a host, each of their evenings over with its no-shows counted (no names). */
export const eveningNoShowsSchema = z.object({
  eventId: z.number(),
  title: z.string(),
  date: z.string(),
  booked: z.number(),
  noShows: z.number(),
  cleared: z.number(),
});
export type EveningNoShows = z.infer<typeof eveningNoShowsSchema>;

/** GET /api/admin/no-shows: every no-show kept, with the member, for admins. */
export const adminNoShowSchema = myNoShowSchema.extend({
  userId: z.number(),
  name: z.string(),
  email: z.string(),
  cleared: noShowClearedSchema.extend({ byName: z.string().nullable() }).nullable(),
  /** The member's free bookings and waitlists are paused now, until then (ISO). */
  pausedUntil: z.string().nullable(),
});
export type AdminNoShow = z.infer<typeof adminNoShowSchema>;

/** POST /api/admin/no-shows/{id}/clear. */
export const clearNoShowBody = z.object({
  reason: storedText({ error: 'Please give a reason' })
    .trim()
    .min(CLEAR_REASON_MIN, 'Please give a reason (at least 3 characters)')
    .max(CLEAR_REASON_MAX, `Please keep the reason under ${CLEAR_REASON_MAX} characters`),
});
