import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailField } from '@shared/schemas/users';
import { mailOutbox } from '../../db/schema/index';

/** Development only: read the outbox the mail plugin writes when no SMTP server is set. */
export const devRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/dev/outbox', { schema: { querystring: z.object({ to: emailField }) } }, async (req) => {
    const rows = await app.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, createdAt: mailOutbox.createdAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, req.query.to))
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(50);
    return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  });
};
