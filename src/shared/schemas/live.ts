import { z } from 'zod';
import { roundAssignment, timerStateFields } from '../realtime';
import { eventSchema } from './events';

/* ---- the live evening: timer, rotation, rounds, the host dashboard ---- */

/** GET /api/events/{id}/timer: the timer state for a page's first paint (the socket keeps it current). */
export const timerSyncSchema = timerStateFields.extend({ type: z.literal('timer_sync') });
export type TimerSync = z.infer<typeof timerSyncSchema>;

/** POST /api/events/{id}/timer: the state after a host command. */
export const timerUpdateSchema = timerStateFields.extend({ type: z.literal('timer_update') });

/** One round of GET /api/events/{id}/rotation/me: 'Round n: talk to NAME at table T'; partner null is a bye. */
export const myRoundSchema = roundAssignment;
export type MyRound = z.infer<typeof myRoundSchema>;

/** One row of GET /api/events/{id}/rotation (hosts): a pair at a table, or a bye (b null). */
export const rotationRowSchema = z.object({
  round: z.number(),
  table: z.number().nullable(),
  a: z.object({ id: z.number(), name: z.string() }),
  b: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type RotationRow = z.infer<typeof rotationRowSchema>;

// Defined beside the socket's messages, which carry them too (../realtime.ts); exported here as before.
export { ROUND_STATUSES, roundRecordSchema, type RoundRecord } from '../realtime';

/** One row of GET /api/live/events (hosts): an evening with its real timer state and counts. */
export const liveDashboardRowSchema = z.object({
  event: eventSchema,
  timer: timerSyncSchema,
  checkedIn: z.number(),
  completedRounds: z.number(),
});
export type LiveDashboardRow = z.infer<typeof liveDashboardRowSchema>;
