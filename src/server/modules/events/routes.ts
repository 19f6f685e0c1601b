import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParams } from '@shared/schemas/common';
import { createEventBody, eventDetailSchema, eventSchema, participantSchema, userEventSchema } from '@shared/schemas/events';
import { requireRole, requireSelfOrAdmin, requireViewer } from '../../plugins/auth';
import * as events from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/api/events', { schema: { response: { 200: z.array(eventSchema) } } }, async () => events.listEvents(app.db));

  app.get('/api/events/upcoming', { schema: { response: { 200: z.array(eventSchema) } } }, async () => events.listUpcoming(app.db));

  app.get('/api/events/:id', { schema: { params: idParams, response: { 200: eventDetailSchema, ...errors } } }, async (req) =>
    events.eventDetail(app.db, req.params.id, await req.viewer()),
  );

  app.get('/api/events/:id/participants', { schema: { params: idParams, response: { 200: z.array(participantSchema), ...errors } } }, async (req) =>
    events.participants(app.db, req.params.id, await requireViewer(req)),
  );

  app.post('/api/events', { schema: { body: createEventBody, response: { 201: eventSchema, ...errors } } }, async (req, reply) => {
    const viewer = await requireRole(req, 'host');
    return reply.code(201).send(await events.createEvent(app.db, viewer, req.body));
  });

  app.get('/api/users/:id/events', { schema: { params: idParams, response: { 200: z.array(userEventSchema), ...errors } } }, async (req) => {
    await requireSelfOrAdmin(req, req.params.id);
    return events.userEvents(app.db, req.params.id);
  });

  app.get('/api/venues/:id/events', { schema: { params: idParams, response: { 200: z.array(eventSchema), ...errors } } }, async (req) => {
    await requireRole(req, 'host');
    return events.eventsAtVenue(app.db, req.params.id);
  });
};
