import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, idParams } from '@shared/schemas/common';
import {
  inviteBlockBody,
  inviteBlockParams,
  inviteBlockState,
  missedConnectionsQuery,
  missedConnectionsResponse,
  receivedInvites,
  sendAllInvitesBody,
  sendInviteBody,
  sentAllInvites,
  sentInvite,
  stopInvitesBody,
  stoppedInvites,
} from '@shared/schemas/missed-connections';
import * as missedConnections from './service';
import { perPerson } from '../../plugins/per-person-limit';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody, 429: errorBody };

/**
 * Missed connections and follow-up invites (/missed-connections, docs/spec/organiser-tools.md §2.26):
 * the guest's list after an evening, sending invites (stored and e-mailed), the invites a member
 * received, and stopping invites from a person (from the e-mail's link without logging in, or from the list).
 */
export const missedConnectionsRoutes: FastifyPluginAsyncZod<{ publicUrl: string; rateLimit?: number }> = async (app, opts) => {
  const deps = (log: { error(obj: unknown, msg?: string): void }) => ({ db: app.db, mailer: app.mailer, publicUrl: opts.publicUrl, now: app.now(), log });

  app.get(
    '/api/events/:id/missed-connections',
    { schema: { params: idParams, querystring: missedConnectionsQuery, response: { 200: missedConnectionsResponse, ...errors } } },
    async (req) => missedConnections.missedConnections(app.db, req.me, req.params.id, req.query.followUp, app.now()),
  );

  app.post(
    '/api/events/:id/invites',
    { config: perPerson('invites'), schema: { params: idParams, body: sendInviteBody, response: { 200: sentInvite, 201: sentInvite, ...errors } } },
    async (req, reply) => {
      const viewer = req.me;
      const sent = await missedConnections.sendInvite(deps(req.log), viewer, req.params.id, req.body);
      return reply.code(sent.alreadySent ? 200 : 201).send(sent);
    },
  );

  app.post(
    '/api/events/:id/invites/all',
    { config: perPerson('inviteAll'), schema: { params: idParams, body: sendAllInvitesBody, response: { 200: sentAllInvites, ...errors } } },
    async (req) => missedConnections.sendAll(deps(req.log), req.me, req.params.id, req.body),
  );

  app.post(
    '/api/invites/stop',
    {
      config: { rateLimit: { max: opts.rateLimit ?? 30, timeWindow: '1 minute' } },
      schema: { body: stopInvitesBody, response: { 200: stoppedInvites, ...errors } },
    },
    async (req) => missedConnections.stopByToken(app.db, req.body.token),
  );

  app.get('/api/me/invites', { schema: { response: { 200: receivedInvites, ...errors } } }, async (req) => missedConnections.received(app.db, req.me));

  app.post('/api/me/invite-blocks', { schema: { body: inviteBlockBody, response: { 200: inviteBlockState, ...errors } } }, async (req) =>
    missedConnections.block(app.db, req.me, req.body.userId),
  );

  app.delete('/api/me/invite-blocks/:userId', { schema: { params: inviteBlockParams, response: { 200: inviteBlockState, ...errors } } }, async (req) =>
    missedConnections.unblock(app.db, req.me, req.params.userId),
  );
};
