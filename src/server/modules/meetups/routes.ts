import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, idParams } from '@shared/schemas/common';
import { meetupAnswersBody, meetupSchema, myMeetupsSchema, proposeMeetupBody } from '@shared/schemas/meetups';
import { perPerson } from '../../plugins/per-person-limit';
import * as meetups from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

/** Meet-up polls (GitHub issue 36 "Meet again", docs/decisions/0082-meet-ups-decided-by-everyone.md): signed-in members, their own groups only. */
export const meetupRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, opts) => {
  const deps = (): meetups.MeetupDeps => ({ db: app.db, mailer: app.mailer, publicUrl: opts.publicUrl, now: app.now() });

  app.get('/api/meetups', { schema: { response: { 200: myMeetupsSchema, ...errors } } }, async (req, reply) => {
    const viewer = req.me;
    reply.header('cache-control', 'private, no-store');
    return meetups.mine(deps(), viewer);
  });

  // Proposals reach every member of the group: limited per person (plugins/per-person-limit.ts).
  app.post(
    '/api/meetups',
    { config: perPerson('meetups'), schema: { body: proposeMeetupBody, response: { 201: meetupSchema, ...errors } } },
    async (req, reply) => reply.code(201).send(await meetups.propose(deps(), req.me, req.body)),
  );

  app.get('/api/meetups/:id', { schema: { params: idParams, response: { 200: meetupSchema, ...errors } } }, async (req, reply) => {
    const viewer = req.me;
    reply.header('cache-control', 'private, no-store');
    return meetups.one(deps(), viewer, req.params.id);
  });

  app.put('/api/meetups/:id/answers', { schema: { params: idParams, body: meetupAnswersBody, response: { 200: meetupSchema, ...errors } } }, async (req) =>
    meetups.answer(deps(), req.me, req.params.id, req.body),
  );

  app.post('/api/meetups/:id/withdraw', { schema: { params: idParams, response: { 200: meetupSchema, ...errors } } }, async (req) =>
    meetups.withdraw(deps(), req.me, req.params.id),
  );
};
