import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, idParams } from '@shared/schemas/common';
import { previewReminderResponse, previewResponse, previewVisibility } from '@shared/schemas/match-preview';
import * as preview from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

/** /match-preview (docs/spec/organiser-tools.md §2.25): the guest's preview, its reminder, and the member's opt-out. */
export const matchPreviewRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.get('/api/events/:id/preview', { schema: { params: idParams, response: { 200: previewResponse, ...errors } } }, async (req, reply) => {
    const viewer = req.me;
    reply.header('cache-control', 'private, no-store');
    return preview.preview(app.db, req.params.id, viewer);
  });

  app.post('/api/events/:id/reminder', { schema: { params: idParams, response: { 200: previewReminderResponse, ...errors } } }, async (req) =>
    preview.sendReminder({ db: app.db, mailer: app.mailer, publicUrl }, req.params.id, req.me),
  );

  app.get('/api/me/preview-visibility', { schema: { response: { 200: previewVisibility, ...errors } } }, async (req, reply) => {
    const viewer = req.me;
    reply.header('cache-control', 'private, no-store');
    return preview.visibility(app.db, viewer);
  });

  app.put('/api/me/preview-visibility', { schema: { body: previewVisibility, response: { 200: previewVisibility, ...errors } } }, async (req) =>
    preview.setVisibility(app.db, req.me, req.body.visible),
  );
};
