import { z } from 'zod';

/** GET /api/health/live: the process answers (no database asked; docs/decisions/0087). */
export const liveUp = z.object({ status: z.literal('alive') });

/** GET /api/health: the server answers and its database too. */
export const healthUp = z.object({ status: z.literal('ok'), database: z.literal('up') });

/** GET /api/health with status 503: the database is unreachable. */
export const healthDown = z.object({ status: z.literal('unavailable'), database: z.literal('down'), message: z.string() });

/**
 * GET /api/health/ready: this instance takes traffic (its database answers, it is not applying its
 * own migrations, it is not shutting down). Another process's migration does not count (docs/decisions/0087).
 */
export const readyUp = z.object({ status: z.literal('ready') });

/** GET /api/health/ready with status 503: why this instance should get no traffic now. */
export const readyDown = z.object({
  status: z.literal('not_ready'),
  reason: z.enum(['shutting_down', 'database_down', 'migrating']),
  message: z.string(),
});
export type ReadyDown = z.infer<typeof readyDown>;
