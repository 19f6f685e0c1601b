import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParams } from '@shared/schemas/common';
import {
  activeHostSchema,
  hostApplicationBody,
  hostApplicationSchema,
  hostDeclineBody,
  hostMessageBody,
  hostMessageSent,
  myHostProgramSchema,
} from '@shared/schemas/host-program';
import * as hostProgram from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/**
 * The host programme (/host-program, docs/spec/organiser-tools.md §2.24): members apply, admins
 * review (approve grants the host role; message e-mails the applicant), everyone sees the active hosts.
 */
export const hostProgramRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, opts) => {
  const deps = (): hostProgram.HostProgramDeps => ({ db: app.db, mailer: app.mailer, publicUrl: opts.publicUrl, now: () => app.now() });

  app.get('/api/host-program/hosts', { schema: { response: { 200: z.array(activeHostSchema), ...errors } } }, async () => hostProgram.activeHosts(deps()));

  app.get('/api/host-program/me', { schema: { response: { 200: myHostProgramSchema, ...errors } } }, async (req) => hostProgram.mine(app.db, req.me));

  app.get('/api/host-program/applications', { schema: { response: { 200: z.array(hostApplicationSchema), ...errors } } }, async (req) =>
    hostProgram.list(app.db, req.me),
  );

  app.post(
    '/api/host-program/applications',
    { schema: { body: hostApplicationBody, response: { 201: hostApplicationSchema, ...errors } } },
    async (req, reply) => reply.code(201).send(await hostProgram.apply(app.db, req.me, req.body)),
  );

  app.post('/api/host-program/applications/:id/approve', { schema: { params: idParams, response: { 200: hostApplicationSchema, ...errors } } }, async (req) =>
    hostProgram.approve(deps(), req.me, req.params.id),
  );

  app.post(
    '/api/host-program/applications/:id/decline',
    { schema: { params: idParams, body: hostDeclineBody, response: { 200: hostApplicationSchema, ...errors } } },
    async (req) => hostProgram.decline(deps(), req.me, req.params.id, req.body.reason),
  );

  app.post('/api/host-program/applications/:id/withdraw', { schema: { params: idParams, response: { 200: hostApplicationSchema, ...errors } } }, async (req) =>
    hostProgram.withdraw(app.db, req.me, req.params.id),
  );

  app.post(
    '/api/host-program/applications/:id/message',
    { schema: { params: idParams, body: hostMessageBody, response: { 200: hostMessageSent, ...errors } } },
    async (req) => hostProgram.message(deps(), req.me, req.params.id, req.body.text),
  );
};
