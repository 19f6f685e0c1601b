import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarUrlResponse, icsFile } from '@shared/schemas/calendar';
import { errorBody, idParams } from '@shared/schemas/common';
import * as cal from './service';

const icsName = (pattern: RegExp) =>
  z
    .string()
    .max(200)
    .regex(pattern, 'Not a calendar file')
    .transform((s) => s.replace(/\.ics$/, ''));
const ics = 'text/calendar; charset=utf-8';
/** An iCalendar answer, declared by its media type; the writer (src/server/lib/ical.ts) makes the text. */
const icsAnswer = { content: { 'text/calendar': { schema: icsFile } } };
const errors = { 400: errorBody, 401: errorBody, 404: errorBody };

/** iCalendar feeds that Google, Outlook and Apple calendars subscribe to, and one evening's file. */
export const calendarRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  app.get(
    '/api/calendar/members/:file',
    { schema: { params: z.object({ file: icsName(/^[a-f0-9]{32}\.ics$/) }), response: { 200: icsAnswer, ...errors } } },
    async (req, reply) =>
      reply
        .type(ics)
        .header('cache-control', 'private, max-age=300')
        .send(await cal.memberFeed(app.db, req.params.file, publicUrl)),
  );

  const venueFile = z
    .string()
    .max(20)
    .regex(/^[1-9]\d{0,8}\.ics$/, 'Not a calendar file')
    .transform((s) => Number(s.slice(0, -4)));
  app.get('/api/calendar/venues/:file', { schema: { params: z.object({ file: venueFile }), response: { 200: icsAnswer, ...errors } } }, async (req, reply) =>
    reply
      .type(ics)
      .header('cache-control', 'public, max-age=300')
      .send(await cal.venueFeed(app.db, req.params.file, publicUrl)),
  );

  /** "Add to calendar" on the event page: a plain download, for anyone who may see the evening. */
  app.get('/api/events/:id/calendar.ics', { schema: { params: idParams, response: { 200: icsAnswer, ...errors } } }, async (req, reply) =>
    reply
      .type(ics)
      .header('content-disposition', `attachment; filename="speed-friendship-${req.params.id}.ics"`)
      .header('cache-control', 'no-cache')
      .send(await cal.eventFile(app.db, req.params.id, publicUrl)),
  );

  app.get('/api/me/calendar', { schema: { response: { 200: calendarUrlResponse, ...errors } } }, async (req) => {
    const viewer = req.me;
    return { url: await cal.memberFeedUrl(app.db, viewer.id, publicUrl) };
  });
};
