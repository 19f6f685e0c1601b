import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@shared/schemas/common';
import { shareAnalytics, shareEventBody, shareEventRecorded } from '@shared/schemas/share';
import { requireViewer } from '../../plugins/auth';
import * as share from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/**
 * The share generator (/share, docs/spec/organiser-tools.md §2.1): every Copy and Share is
 * recorded (anyone, visitors too; a per-address limit keeps the counts honest), and the figures
 * are for hosts and admins.
 */
export const shareRoutes: FastifyPluginAsyncZod<{ rateLimit?: number }> = async (app, opts) => {
  app.post(
    '/api/share/events',
    {
      config: { rateLimit: { max: opts.rateLimit ?? 60, timeWindow: '1 minute' } },
      schema: { body: shareEventBody, response: { 201: shareEventRecorded, ...errors } },
    },
    async (req, reply) => reply.code(201).send(await share.recordShare(app.db, await req.viewer(), req.body)),
  );

  app.get('/api/share/analytics', { schema: { response: { 200: shareAnalytics, ...errors } } }, async (req) =>
    share.analytics(app.db, await requireViewer(req)),
  );
};
