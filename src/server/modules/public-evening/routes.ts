import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBody, ID_MAX, idParams } from '@shared/schemas/common';
import { cardPng, notModified, publicEveningSchema, textFile } from '@shared/schemas/public-evening';
import { eveningPath } from '@shared/domain/public-evening';
import { cardCache, cardContent, cardTag, endedCardContent } from './card';
import { eveningHead, missingHead, withHead } from './head';
import { eveningTop, eventsTop, withPrepaint } from './prepaint';
import { SESSION_COOKIE } from '../../plugins/auth';
import * as service from './service';

const errors = { 400: errorBody, 404: errorBody };

/**
 * The public pages of the site besides the evenings (the router's screens open to a visitor):
 * what the sitemap lists. /events is the list of evenings a visitor may book (issue 34).
 */
export const PUBLIC_PAGES = [
  '/',
  '/events',
  '/about',
  '/waitlist-signup',
  '/host-program',
  '/wine-wallop',
  '/privacy',
  '/refunds',
  '/accessibility-statement',
] as const;

/**
 * Paths a crawler has no business on: the API (but the evenings' cards, which link previews
 * fetch), the socket, sign-in, and the signed-in or organiser screens a public page links to.
 * robots.txt is read by anyone, so it names no admin screen (/stats123, /admin-stats,
 * /waitlist-dashboard): nothing public links there, and they answer only an admin (issue 34).
 */
export const PRIVATE_PATHS = [
  '/api/',
  '/ws',
  '/login',
  '/profile',
  '/checkout/',
  '/matches',
  '/my-matches',
  '/host-control',
  '/check-in',
  '/messaging',
  '/notifications',
  '/dashboard',
  '/matching-dashboard',
  '/create-event',
  '/venues',
  '/calendar',
  '/timer',
  '/live-event',
  '/arrival',
  '/badges',
  '/match-preview',
  '/missed-connections',
  '/feedback',
  '/share',
  '/promotions',
] as const;

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Allow: /api/events/*/card.png',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const xmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);

export function sitemapXml(publicUrl: string, evenings: { id: number; createdAt: Date }[]): string {
  const url = (loc: string, extra = '') => `  <url><loc>${xmlEscape(loc)}</loc>${extra}</url>`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...PUBLIC_PAGES.map((p) => url(`${publicUrl}${p}`)),
    ...evenings.map((e) => url(`${publicUrl}${eveningPath(e.id)}`, `<lastmod>${e.createdAt.toISOString()}</lastmod>`)),
    '</urlset>',
    '',
  ].join('\n');
}

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
  isEntry?: boolean;
}

/**
 * The chunks a visitor's /events/{id} loads after the entry, by source module or chunk name (the
 * query scope is a shared chunk, known by its name only).
 */
const PUBLIC_PAGE_CHUNKS = ['app/routes/public-evening.tsx', 'query-scope'];

/** The chunks a visitor's /events (the evenings open for booking) loads after the entry. */
const EVENTS_PAGE_CHUNKS = ['app/routes/open-events.tsx', 'query-scope'];

/**
 * `<link rel="modulepreload">` for the chunks of the visitor's page that the entry script would
 * only ask for once it has run (the query scope, the page and what they import, less what the
 * entry loads anyway), from the build's .vite/manifest.json; '' without a manifest.
 */
export function modulePreloads(clientDir: string, entries: readonly string[] = PUBLIC_PAGE_CHUNKS): string {
  const file = path.join(clientDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return '';
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>;
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const i of manifest[key].imports ?? []) walk(i, into);
  };
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) walk(key, entry);
  const wanted = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (entries.some((e) => e === key || e === chunk.src || e === chunk.name)) walk(key, wanted);
  return [...wanted]
    .filter((key) => !entry.has(key))
    .map((key) => `<link rel="modulepreload" crossorigin href="/${manifest[key]!.file}" />`)
    .join('\n    ');
}

/** '/events/12' (and '/events/12/', '/events/12?source=flyer') → 12; anything else → null. */
function pageId(raw: string): number | null {
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= ID_MAX ? Number(raw) : null;
}

/**
 * The public evening (docs/decisions/0045): its JSON for the page, its link-preview card, the page's
 * HTML with its own head (when the built client is served), the sitemap and robots.txt. All public.
 */
export const publicEveningRoutes: FastifyPluginAsyncZod<{ publicUrl: string; indexHtmlFile: string | null }> = async (app, opts) => {
  const { publicUrl } = opts;
  const cards = cardCache();

  app.get('/api/events/:id/public', { schema: { params: idParams, response: { 200: publicEveningSchema, ...errors } } }, async (req) =>
    service.publicEvening(app.db, req.params.id, publicUrl, app.now()),
  );

  app.get(
    '/api/events/:id/card.png',
    { schema: { params: idParams, response: { 200: { content: { 'image/png': { schema: cardPng } } }, 304: notModified, ...errors, 429: errorBody } } },
    async (req, reply) => {
      const evening = await service.publicEvening(app.db, req.params.id, publicUrl, app.now());
      // Every ended evening shares one card: old evenings cost no drawing (docs/decisions/0066).
      const content = evening.state === 'ended' ? endedCardContent(publicUrl) : cardContent(evening);
      const tag = cardTag(content);
      const etag = `"card-${tag}"`;
      // Messengers fetch the card once per share; an edited title or time gives a new ETag at once.
      reply.header('cache-control', 'public, max-age=300, must-revalidate').header('etag', etag);
      if (req.headers['if-none-match'] === etag) return reply.code(304).send();
      // A card not drawn yet costs a drawing: a few per address per minute, across instances.
      const png = cards.peek(tag) ?? cards.draw(content, () => service.countCardDrawing(app.db, req.ip));
      return reply.type('image/png').send(await png);
    },
  );

  app.get('/robots.txt', { schema: { response: { 200: { content: { 'text/plain': { schema: textFile } } } } } }, async (_req, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(publicUrl)),
  );

  app.get('/sitemap.xml', { schema: { response: { 200: { content: { 'application/xml': { schema: textFile } } } } } }, async (_req, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(sitemapXml(publicUrl, await service.openEvenings(app.db))),
  );

  if (!opts.indexHtmlFile) return;
  // The SPA's page, read once (a new build restarts the server); each evening gets its own head.
  const indexHtml = readFileSync(opts.indexHtmlFile, 'utf8');
  const preloads = modulePreloads(path.dirname(opts.indexHtmlFile));
  const eventsPreloads = modulePreloads(path.dirname(opts.indexHtmlFile), EVENTS_PAGE_CHUNKS);

  // /events: the app's page, the list of evenings; a visitor's gets its heading painted from the HTML and
  // its chunks preloaded (docs/decisions/0073). A browser with a session gets the member's list: the page as it is.
  app.get('/events', { schema: { response: { 200: { content: { 'text/html': { schema: textFile } } } } } }, async (req, reply) => {
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (req.cookies[SESSION_COOKIE]) return reply.send(indexHtml);
    const html = eventsPreloads ? indexHtml.replace('</head>', () => `  ${eventsPreloads}\n  </head>`) : indexHtml;
    return reply.send(withPrepaint(html, eventsTop()));
  });
  app.get(
    '/events/:id',
    {
      schema: {
        params: z.object({ id: z.string() }),
        response: { 200: { content: { 'text/html': { schema: textFile } } }, 404: { content: { 'text/html': { schema: textFile } } } },
      },
    },
    async (req, reply) => {
      const id = pageId(req.params.id);
      const evening = id === null ? null : await service.findPublicEvening(app.db, id, publicUrl, app.now());
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
      // No such evening: the app shows its 'Event not found', with a 404 for crawlers.
      if (!evening) return reply.code(404).send(withHead(indexHtml, missingHead()));
      const head = eveningHead(evening, publicUrl);
      // A browser with a session gets the member's page (app/router.tsx): it needs none of the visitor's chunks,
      // and none of the visitor's page painted ahead of the script.
      const visitor = !req.cookies[SESSION_COOKIE];
      if (!visitor) return reply.send(withHead(indexHtml, head));
      return reply.send(withPrepaint(withHead(indexHtml, preloads ? { ...head, tags: `${head.tags}\n    ${preloads}` } : head), eveningTop(evening)));
    },
  );
};
