import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBody, idParams } from '@shared/schemas/common';
import { arrivalCheckInBody, arrivalReportBody, arrivalSchema } from '@shared/schemas/arrival';
import * as arrival from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };

/** The guest's arrival (/arrival, guests of the event): docs/spec/organiser-tools.md §2.20-2.21. */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const deps = (): arrival.ArrivalDeps => ({
    db: app.db,
    now: () => app.now(),
    publishCheckins: (eventId, userIds, states) => app.live.publishRoom({ eventId, kind: 'checkins_updated', userIds, ...(states ? { states } : {}) }),
  });

  app.get('/api/events/:id/arrival', { schema: { params: idParams, response: { 200: arrivalSchema, ...errors } } }, async (req) =>
    arrival.arrival(app.db, req.me, req.params.id),
  );

  app.post('/api/events/:id/arrival', { schema: { params: idParams, body: arrivalReportBody, response: { 200: arrivalSchema, ...errors } } }, async (req) =>
    arrival.reportArrival(deps(), req.me, req.params.id, req.body),
  );

  app.post(
    '/api/events/:id/arrival/check-in',
    { schema: { params: idParams, body: arrivalCheckInBody, response: { 200: arrivalSchema, ...errors } } },
    async (req) => arrival.arrivalCheckIn(deps(), req.me, req.params.id, req.body.position),
  );
};

/** Tells the host's door through `app.live`: the live runtime comes first (docs/decisions/0056). */
export const arrivalRoutes = fp(plugin, { name: 'arrival', dependencies: ['live-runtime'], encapsulate: true });
