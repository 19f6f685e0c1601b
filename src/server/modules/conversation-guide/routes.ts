import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParams } from '@shared/schemas/common';
import { conversationGuideSchema, guideSettingBodySchema, guideSettingSchema, nextQuestionSchema } from '@shared/schemas/conversation-guide';
import { perPerson } from '../../plugins/per-person-limit';
import * as guide from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/**
 * The conversation guide (issue 36, docs/decisions/0081): a checked-in guest's question for the round
 * under way, the next one, and the host's setting for the evening. Phones ask after the bell; the
 * bell itself carries nothing of it.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/events/:id/conversation-guide', { schema: { params: idParams, response: { 200: conversationGuideSchema, ...errors } } }, async (req, reply) => {
    reply.header('cache-control', 'private, no-store');
    return guide.myQuestion(app.db, req.me, req.params.id);
  });

  app.post(
    '/api/events/:id/conversation-guide/next',
    {
      // Counted per person (a room shares one Wi-Fi), and bounded per round by the service.
      config: perPerson('guideQuestions'),
      schema: { params: idParams, body: nextQuestionSchema, response: { 200: conversationGuideSchema, ...errors } },
    },
    async (req) => guide.nextQuestion(app.db, req.me, req.params.id, req.body),
  );

  app.put(
    '/api/events/:id/conversation-guide/setting',
    { schema: { params: idParams, body: guideSettingBodySchema, response: { 200: z.object({ setting: guideSettingSchema }), ...errors } } },
    async (req) => {
      const done = await guide.setSetting(app.db, req.me, req.params.id, req.body.setting);
      // Open phones read their question again (docs/decisions/0081): off hides it, a new depth applies from the next question.
      await app.live.publish(req.params.id, 'guide_updated');
      return done;
    },
  );
};

export const conversationGuideRoutes = fp(plugin, { name: 'conversation-guide', dependencies: ['live-runtime'], encapsulate: true });
