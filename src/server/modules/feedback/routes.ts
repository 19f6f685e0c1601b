import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, idParams } from '@shared/schemas/common';
import {
  emojiFeedbackBody,
  emojiFeedbackList,
  emojiReactionSchema,
  feedbackFormBody,
  feedbackInsightsSchema,
  feedbackUserParams,
  myFeedbackSchema,
  savedFeedbackSchema,
} from '@shared/schemas/feedback';
import * as feedback from './service';
import { perPerson } from '../../plugins/per-person-limit';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 429: errorBody };

/**
 * Event feedback (docs/spec/organiser-tools.md §2.27, §7): the emoji widget's three calls as the
 * spec names them, the full form (GET/PUT .../feedback/form) and the insights for the host.
 */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/events/:id/feedback',
    {
      config: { ...perPerson('feedback'), idempotent: true },
      schema: { params: idParams, body: emojiFeedbackBody, response: { 200: emojiReactionSchema, ...errors } },
    },
    async (req) => feedback.react(app.db, req.me, req.params.id, req.body),
  );

  app.get('/api/events/:id/feedback', { schema: { params: idParams, response: { 200: emojiFeedbackList, ...errors } } }, async (req) =>
    feedback.reactions(app.db, req.params.id),
  );

  app.get('/api/events/:id/feedback/user/:userId', { schema: { params: feedbackUserParams, response: { 200: emojiReactionSchema, ...errors } } }, async (req) =>
    feedback.reactionOf(app.db, req.me, req.params.id, req.params.userId),
  );

  app.get('/api/events/:id/feedback/form', { schema: { params: idParams, response: { 200: myFeedbackSchema, ...errors } } }, async (req) =>
    feedback.myFeedback(app.db, req.me, req.params.id, app.now()),
  );

  app.put(
    '/api/events/:id/feedback/form',
    {
      config: { ...perPerson('feedback'), idempotent: true },
      schema: { params: idParams, body: feedbackFormBody, response: { 200: savedFeedbackSchema, 201: savedFeedbackSchema, ...errors } },
    },
    async (req, reply) => {
      const saved = await feedback.saveFeedback(app.db, req.me, req.params.id, req.body, app.now());
      return reply.code(saved.created ? 201 : 200).send(saved);
    },
  );

  app.get('/api/events/:id/feedback/insights', { schema: { params: idParams, response: { 200: feedbackInsightsSchema, ...errors } } }, async (req) =>
    feedback.insights(app.db, req.me, req.params.id),
  );
};
