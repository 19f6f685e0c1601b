import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody } from '@shared/schemas/common';
import { myNarrationSchema, narrationSettingsSchema } from '@shared/schemas/narration';
import * as narration from './service';

const errors = { 400: errorBody, 401: errorBody };

/** The signed-in member's voice narration settings (/accessibility, docs/spec/organiser-tools.md §2.13). */
export const narrationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/me/narration', { schema: { response: { 200: myNarrationSchema, ...errors } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return narration.mySettings(app.db, req.me);
  });

  app.put('/api/me/narration', { schema: { body: narrationSettingsSchema, response: { 200: myNarrationSchema, ...errors } } }, async (req) =>
    narration.saveMySettings(app.db, req.me, req.body),
  );
};
