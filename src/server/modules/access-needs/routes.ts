import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessNeedsBody, accessNeedsSchema } from '@shared/schemas/access-needs';
import { errorBody, idParams } from '@shared/schemas/common';
import { perPerson } from '../../plugins/per-person-limit';
import * as accessNeeds from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

/**
 * A booked guest's note of what would help them on the night (issue 39, docs/decisions/0086): their
 * own, read and changed here; the evening's hosts see it at the door (modules/door).
 */
export const accessNeedsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/events/:id/access-needs', { schema: { params: idParams, response: { 200: accessNeedsSchema, ...errors } } }, async (req, reply) => {
    const viewer = req.me;
    reply.header('cache-control', 'private, no-store');
    return accessNeeds.mine(app.db, viewer, req.params.id);
  });

  app.put(
    '/api/events/:id/access-needs',
    {
      // Counted per member once the note is valid: bad input is a 400 that costs nothing.
      config: perPerson('accessNeeds'),
      schema: { params: idParams, body: accessNeedsBody, response: { 200: accessNeedsSchema, ...errors } },
    },
    async (req) => accessNeeds.save(app.db, req.me, req.params.id, req.body.note, app.now()),
  );
};
