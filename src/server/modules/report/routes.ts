import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParams } from '@shared/schemas/common';
import { countedVisitSchema, eveningReportSchema, reportTrendSchema } from '@shared/schemas/report';
import * as report from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };
/** The CSV's text, declared by its media type. */
const csvAnswer = { content: { 'text/csv': { schema: z.string() } } };

/**
 * The host's evening report (GitHub issue 36, docs/decisions/0084-the-hosts-evening-report.md): the
 * report and its CSV for the evening's host and admins, the rates across a host's evenings for
 * /dashboard, and the count of visits to an evening's public page (anyone; rate-limited per address).
 */
export const reportRoutes: FastifyPluginAsyncZod<{ visitRateLimit?: number }> = async (app, opts) => {
  app.get('/api/events/:id/report', { schema: { params: idParams, response: { 200: eveningReportSchema, ...errors } } }, async (req, reply) => {
    const viewer = req.me;
    reply.header('cache-control', 'private, no-store');
    return report.report(app.db, viewer, req.params.id, app.now());
  });

  app.get('/api/events/:id/report.csv', { schema: { params: idParams, response: { 200: csvAnswer, ...errors } } }, async (req, reply) => {
    const r = await report.report(app.db, req.me, req.params.id, app.now());
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${report.csvName(r)}"`)
      .header('cache-control', 'private, no-store')
      .send(report.toCsv(r));
  });

  app.get('/api/reports/trends', { schema: { response: { 200: z.array(reportTrendSchema), ...errors } } }, async (req, reply) => {
    const viewer = req.me;
    reply.header('cache-control', 'private, no-store');
    return report.trends(app.db, viewer, app.now());
  });

  // Anyone: a tab opened the evening's page. Counted, not stored: one counter per evening and day.
  app.post(
    '/api/events/:id/visits',
    {
      // Counted once the id is valid (preHandler): a malformed request is a 400 that costs nothing.
      config: { rateLimit: { max: opts.visitRateLimit ?? 30, timeWindow: '1 minute', hook: 'preHandler' as const } },
      schema: { params: idParams, response: { 200: countedVisitSchema, ...errors } },
    },
    async (req) => report.recordVisit(app.db, await req.viewer(), req.params.id, app.now()),
  );
};
