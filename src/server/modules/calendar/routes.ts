import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireViewer } from '../../plugins/auth';
import * as cal from './service';

const icsFile = (pattern: RegExp) => z.string().max(200).regex(pattern, 'Not a calendar file').transform((s) => s.replace(/\.ics$/, ''));

/** iCalendar feeds that Google, Outlook and Apple calendars subscribe to. */
export const calendarRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const ics = 'text/calendar; charset=utf-8';

  app.get('/api/calendar/members/:file', { schema: { params: z.object({ file: icsFile(/^[a-f0-9]{32}\.ics$/) }) } }, async (req, reply) =>
    reply.type(ics).header('cache-control', 'private, max-age=300').send(await cal.memberFeed(app.db, req.params.file, publicUrl)),
  );

  const venueFile = z.string().max(20).regex(/^[1-9]\d{0,8}\.ics$/, 'Not a calendar file').transform((s) => Number(s.slice(0, -4)));
  app.get('/api/calendar/venues/:file', { schema: { params: z.object({ file: venueFile }) } }, async (req, reply) =>
    reply.type(ics).header('cache-control', 'public, max-age=300').send(await cal.venueFeed(app.db, req.params.file, publicUrl)),
  );

  app.get('/api/me/calendar', async (req) => {
    const viewer = await requireViewer(req);
    return { url: await cal.memberFeedUrl(app.db, viewer.id, publicUrl) };
  });
};
