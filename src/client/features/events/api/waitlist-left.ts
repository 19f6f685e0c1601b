import { z } from 'zod';

/** DELETE /api/events/{id}/waitlist's answer (loaded by ./events.ts, in development only, like the shared schemas). */
export const waitlistLeft = z.object({ left: z.literal(true) });
