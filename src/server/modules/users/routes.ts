import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParams, noContent } from '@shared/schemas/common';
import { updateUserBody, userExport, userListItem, userSchema, userStats } from '@shared/schemas/users';
import { registerAnswersBody } from '@shared/schemas/register';
import { assertSelf } from '../../plugins/auth';
import * as users from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody };

/** The account's own routes. Signing up (POST /api/users) is the way in, so it lives with the auth module's routes. */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/users', { config: { access: { role: 'admin' } }, schema: { response: { 200: z.array(userListItem), ...errors } } }, async () =>
    users.listUsers(app.db),
  );

  app.get(
    '/api/users/:id',
    { config: { access: { selfOrAdmin: 'id' } }, schema: { params: idParams, response: { 200: userSchema, ...errors } } },
    async (req) => {
      const viewer = req.me;
      return users.withOwnAnswers(app.db, await users.getUser(app.db, req.params.id), viewer.id);
    },
  );

  app.put(
    '/api/users/:id',
    { config: { access: { selfOrAdmin: 'id' } }, schema: { params: idParams, body: updateUserBody, response: { 200: userSchema, ...errors } } },
    async (req) => {
      const viewer = req.me;
      return users.withOwnAnswers(app.db, await users.updateUser(app.db, req.params.id, req.body), viewer.id);
    },
  );

  // The registration wizard (/register, docs/spec/organiser-tools.md §2.18): only the member themself.
  app.put('/api/users/:id/answers', { schema: { params: idParams, body: registerAnswersBody, response: { 200: userSchema, ...errors } } }, async (req) => {
    assertSelf(req.me, req.params.id);
    return users.saveAnswers(app.db, req.params.id, req.body);
  });

  app.delete(
    '/api/users/:id',
    { config: { access: { selfOrAdmin: 'id' } }, schema: { params: idParams, response: { 204: noContent, ...errors } } },
    async (req, reply) => {
      const viewer = req.me;
      await users.deleteUser(app.db, req.params.id);
      if (viewer.id === req.params.id) await reply.endSession();
      return reply.code(204).send();
    },
  );

  app.get(
    '/api/users/:id/export',
    { config: { access: { selfOrAdmin: 'id' } }, schema: { params: idParams, response: { 200: userExport, ...errors } } },
    async (req, reply) => {
      const data = await users.exportUser(app.db, req.params.id);
      return reply
        .header('content-disposition', `attachment; filename="speed-friendship-data-${req.params.id}.json"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  app.get(
    '/api/users/:id/stats',
    { config: { access: { selfOrAdmin: 'id' } }, schema: { params: idParams, response: { 200: userStats, ...errors } } },
    async (req) => {
      return users.userStats(app.db, req.params.id);
    },
  );
};
