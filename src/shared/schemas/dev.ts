import { z } from 'zod';

/** One mail of GET /api/dev/outbox (development only), newest first. */
export const outboxMail = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number() })),
  createdAt: z.string(),
});
export type OutboxMail = z.infer<typeof outboxMail>;
