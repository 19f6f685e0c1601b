import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@shared/schemas/common';
import { shareAnalytics, shareAnalyticsQuery, shareLinks, shareEventBody, shareEventRecorded, visitBody, visitRecorded } from '@shared/schemas/share';
import * as share from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * The share generator (/share, docs/spec/organiser-tools.md §2.1): every Copy and Share is
 * recorded (anyone, visitors too; a per-address limit keeps the counts honest), and the figures
 * are for hosts and admins.
 */
export const shareRoutes: FastifyPluginAsyncZod<{ rateLimit?: number; visitRateLimit?: number; publicUrl: string }> = async (app, opts) => {
  // The site's public address, for the links that flyers and Copy Link hand out (PUBLIC_URL).
  app.get('/api/share/links', { schema: { response: { 200: shareLinks } } }, () => ({ publicUrl: opts.publicUrl }));

  // A visit to an evening's page through one of our links (anyone; once per session per evening;
  // per-address limit). Reported by browsers, so the analytics say so (docs/decisions/0047).
  app.post(
    '/api/share/visits',
    {
      config: { rateLimit: { max: opts.visitRateLimit ?? 30, timeWindow: '1 minute' } },
      schema: { body: visitBody, response: { 200: visitRecorded, ...errors } },
    },
    async (req) => share.recordVisit(app.db, req.body),
  );

  app.post(
    '/api/share/events',
    {
      config: { rateLimit: { max: opts.rateLimit ?? 60, timeWindow: '1 minute' } },
      schema: { body: shareEventBody, response: { 201: shareEventRecorded, ...errors } },
    },
    async (req, reply) => reply.code(201).send(await share.recordShare(app.db, await req.viewer(), req.body)),
  );

  app.get('/api/share/analytics', { schema: { querystring: shareAnalyticsQuery, response: { 200: shareAnalytics, ...errors } } }, async (req) =>
    share.analytics(app.db, req.me, req.query.eventId ?? null),
  );
};
