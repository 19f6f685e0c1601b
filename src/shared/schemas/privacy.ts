import { z } from 'zod';

/**
 * GET /api/privacy: the figures the public /privacy page states (docs/decisions/0044), from the
 * server's own configuration so the page never promises what the server does not do.
 */
export const privacyFacts = z.object({
  /** Days after an evening's end when its ratings and arrival reports are deleted (RETENTION_DAYS). */
  retentionDays: z.number(),
  /** How long a login lasts (SESSION_DAYS). */
  sessionDays: z.number(),
  /** Hours after an evening when matches' contacts are released if the host has not. */
  autoReleaseHours: z.number(),
  /** The no-show rule (NO_SHOW_LIMIT, NO_SHOW_WINDOW_DAYS, NO_SHOW_PAUSE_DAYS) and how long a no-show is kept (docs/decisions/0076). */
  noShows: z.object({ limit: z.number(), windowDays: z.number(), pauseDays: z.number(), keptDays: z.number() }),
});
export type PrivacyFacts = z.infer<typeof privacyFacts>;
