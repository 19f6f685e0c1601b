import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BARRIER_REPORTS_PER_HOUR, barrierReportBody, barrierReportCreated, barrierReportList } from '@shared/schemas/accessibility';
import { errorBody } from '@shared/schemas/common';
import * as barriers from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 429: errorBody };

/** The accessibility statement's barrier reports (docs/decisions/0078). */
export const accessibilityRoutes: FastifyPluginAsyncZod<{ publicUrl: string; adminEmails: readonly string[]; reportsPerHour?: number }> = async (app, opts) => {
  const deps = (): barriers.BarrierDeps => ({ db: app.db, mailer: app.mailer, publicUrl: opts.publicUrl, adminEmails: opts.adminEmails, log: app.log });

  // Anyone may tell us about a barrier: a visitor who cannot sign in is the one most likely to need to.
  app.post(
    '/api/accessibility/reports',
    {
      config: { rateLimit: { max: opts.reportsPerHour ?? BARRIER_REPORTS_PER_HOUR, timeWindow: '1 hour' } },
      schema: { body: barrierReportBody, response: { 201: barrierReportCreated, ...errors } },
    },
    async (req, reply) => reply.code(201).send(await barriers.report(deps(), await req.viewer(), req.body)),
  );

  app.get('/api/accessibility/reports', { schema: { response: { 200: barrierReportList, ...errors } } }, async (req, reply) => {
    const viewer = req.me;
    reply.header('cache-control', 'private, no-store');
    return barriers.list(app.db, viewer);
  });
};
