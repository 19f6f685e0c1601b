import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dayField, errorBody, idParam, idParams, noContent } from '@shared/schemas/common';
import { slotBody, slotSchema, venueBody, venueHostBody, venueHostSchema, venuePatchBody, venueSchema } from '@shared/schemas/venues';
import { londonDay } from '@shared/domain/time';
import * as venues from './service';

const errors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody, 409: errorBody };
const day = dayField('Expected a day as YYYY-MM-DD');

export const venueRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.get('/api/venues', { config: { access: { role: 'host' } }, schema: { response: { 200: z.array(venueSchema), ...errors } } }, async (req) => {
    const viewer = req.me;
    return venues.listVenues(app.db, publicUrl, viewer);
  });

  app.post(
    '/api/venues',
    { config: { access: { role: 'host' } }, schema: { body: venueBody, response: { 201: venueSchema, ...errors } } },
    async (req, reply) => {
      const viewer = req.me;
      return reply.code(201).send(await venues.createVenue(app.db, viewer, req.body, publicUrl));
    },
  );

  app.patch(
    '/api/venues/:id',
    { config: { access: { role: 'host' } }, schema: { params: idParams, body: venuePatchBody, response: { 200: venueSchema, ...errors } } },
    async (req) => {
      const viewer = req.me;
      return venues.updateVenue(app.db, viewer, req.params.id, req.body, publicUrl);
    },
  );

  app.get(
    '/api/venues/:id/slots',
    {
      config: { access: { role: 'host' } },
      schema: { params: idParams, querystring: z.object({ from: day.optional(), to: day.optional() }), response: { 200: z.array(slotSchema), ...errors } },
    },
    async (req) => {
      const from = req.query.from ?? londonDay(new Date());
      const to = req.query.to ?? londonDay(new Date(Date.now() + 62 * 86_400_000));
      return venues.slots(app.db, req.params.id, from, to);
    },
  );

  app.post(
    '/api/venues/:id/slots',
    { config: { access: { role: 'host' } }, schema: { params: idParams, body: slotBody, response: { 201: slotSchema, ...errors } } },
    async (req, reply) => {
      const viewer = req.me;
      return reply.code(201).send(await venues.addSlot(app.db, viewer, req.params.id, req.body));
    },
  );

  app.delete(
    '/api/venues/:id/slots/:slotId',
    { config: { access: { role: 'host' } }, schema: { params: z.object({ id: idParam, slotId: idParam }), response: { 204: noContent, ...errors } } },
    async (req, reply) => {
      const viewer = req.me;
      await venues.removeSlot(app.db, viewer, req.params.id, req.params.slotId);
      return reply.code(204).send();
    },
  );

  // Co-hosts: hosts the owner adds, who may edit the venue, its slots and blocks.
  app.get(
    '/api/venues/:id/hosts',
    { config: { access: { role: 'host' } }, schema: { params: idParams, response: { 200: z.array(venueHostSchema), ...errors } } },
    async (req) => {
      const viewer = req.me;
      return venues.coHosts(app.db, viewer, req.params.id);
    },
  );

  app.post(
    '/api/venues/:id/hosts',
    { config: { access: { role: 'host' } }, schema: { params: idParams, body: venueHostBody, response: { 200: z.array(venueHostSchema), ...errors } } },
    async (req) => {
      const viewer = req.me;
      return venues.addCoHost(app.db, viewer, req.params.id, req.body.email);
    },
  );

  app.delete(
    '/api/venues/:id/hosts/:userId',
    { config: { access: { role: 'host' } }, schema: { params: z.object({ id: idParam, userId: idParam }), response: { 204: noContent, ...errors } } },
    async (req, reply) => {
      const viewer = req.me;
      await venues.removeCoHost(app.db, viewer, req.params.id, req.params.userId);
      return reply.code(204).send();
    },
  );
};
