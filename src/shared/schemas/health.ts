import { z } from 'zod';

/** GET /api/health: the server answers and its database too. */
export const healthUp = z.object({ status: z.literal('ok'), database: z.literal('up') });
export type HealthUp = z.infer<typeof healthUp>;

/** GET /api/health with status 503: the database is unreachable. */
export const healthDown = z.object({ status: z.literal('unavailable'), database: z.literal('down'), message: z.string() });
export type HealthDown = z.infer<typeof healthDown>;
