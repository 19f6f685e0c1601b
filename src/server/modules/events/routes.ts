import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, idParams } from '@shared/schemas/common';
import {
  badgesResponse,
  createEventBody,
  eventDetailSchema,
  eventListSchema,
  eventSchema,
  participantSchema,
  updateEventBody,
  userEventSchema,
} from '@shared/schemas/events';
import { listCacheMsFrom } from '../../env';
import { microCache } from '../../lib/micro-cache';
import * as events from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

const plugin: FastifyPluginAsyncZod<{ listCacheMs?: number }> = async (app, opts) => {
  // The listings are the hottest public read: one query and one serialisation (through the
  // response schema) per second at most, per instance (LIST_CACHE_MS; 0 = every request loads,
  // concurrent ones still share one query).
  const ttl = opts.listCacheMs ?? listCacheMsFrom();
  const serialize = (list: z.output<typeof eventListSchema>) => JSON.stringify(eventListSchema.encode(list));
  const all = microCache(ttl, () => events.listEvents(app.db), serialize);
  const upcoming = microCache(ttl, () => events.listUpcoming(app.db), serialize);
  // Visitors get the listings without the host's user id (issue 33), from the members' listings;
  // GET /api/events only the evenings they may book (issue 34), as /events shows a visitor.
  const allForVisitors = microCache(ttl, async () => events.openToVisitors(await all(), app.now()).map(events.forVisitor), serialize);
  const upcomingForVisitors = microCache(ttl, async () => (await upcoming()).map(events.forVisitor), serialize);
  const caches = [all, upcoming, allForVisitors, upcomingForVisitors];
  // Any API write clears this instance's listings before its answer leaves, so the writer's
  // next read is fresh (other instances catch up within a second).
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.method !== 'GET' && req.method !== 'HEAD' && !req.url.startsWith('/api/auth/')) {
      for (const cache of caches) cache.clear();
    }
    return payload;
  });
  /** One route's serializer for its two listings: each value's body as made when it was loaded. */
  const either = (members: typeof all, visitors: typeof all) => () => (data: unknown) => (visitors.holds(data) ? visitors : members).serializer()(data);

  app.get('/api/events', { schema: { response: { 200: eventListSchema } }, serializerCompiler: either(all, allForVisitors) }, async (req) =>
    (await req.viewer()) ? all() : allForVisitors(),
  );

  app.get('/api/events/upcoming', { schema: { response: { 200: eventListSchema } }, serializerCompiler: either(upcoming, upcomingForVisitors) }, async (req) =>
    (await req.viewer()) ? upcoming() : upcomingForVisitors(),
  );

  app.get('/api/events/demo', { schema: { response: { 200: eventSchema, ...errors } } }, async (req) => {
    const demo = await events.demoEvent(app.db);
    return (await req.viewer()) ? demo : events.forVisitor(demo);
  });

  app.get('/api/events/:id', { schema: { params: idParams, response: { 200: eventDetailSchema, ...errors } } }, async (req) =>
    events.eventDetail(app.db, req.params.id, await req.viewer()),
  );

  app.get('/api/events/:id/participants', { schema: { params: idParams, response: { 200: z.array(participantSchema), ...errors } } }, async (req) =>
    events.participants(app.db, req.params.id, req.me),
  );

  app.get('/api/events/:id/badges', { schema: { params: idParams, response: { 200: badgesResponse, ...errors } } }, async (req) =>
    events.badges(app.db, req.params.id, req.me),
  );

  app.post(
    '/api/events',
    { config: { access: { role: 'host' } }, schema: { body: createEventBody, response: { 201: eventSchema, ...errors } } },
    async (req, reply) => {
      const viewer = req.me;
      return reply.code(201).send(await events.createEvent(app.db, viewer, req.body, app.now()));
    },
  );

  // What the price includes, changed by the evening's host (or an admin) once it is on sale.
  app.patch('/api/events/:id', { schema: { params: idParams, body: updateEventBody, response: { 200: eventSchema, ...errors } } }, async (req) =>
    events.updateEvent(app.db, req.me, req.params.id, req.body),
  );

  app.get(
    '/api/users/:id/events',
    { config: { access: { selfOrAdmin: 'id' } }, schema: { params: idParams, response: { 200: z.array(userEventSchema), ...errors } } },
    async (req) => {
      return events.userEvents(app.db, req.params.id);
    },
  );

  app.get(
    '/api/venues/:id/events',
    { config: { access: { role: 'host' } }, schema: { params: idParams, response: { 200: z.array(eventSchema), ...errors } } },
    async (req) => {
      return events.eventsAtVenue(app.db, req.params.id);
    },
  );
};

/** Not encapsulated, so its write hook also sees writes made by the ticket routes. */
export const eventRoutes = fp(plugin, { name: 'event-routes' });
