/** Set-up shared by the parts of the former public-evening.test.ts (split by what they test, issue 40). */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { z } from 'zod';
import { events as eventsTable } from '../../db/schema/index';
import { createEvent, createTestApp, createVenue, eventBody, signUpHost, type TestContext } from '../../test/harness';

export const PUBLIC_URL = 'https://friends.example.org';
/** A title that tries to break out of every place it is written: attributes, <title>, the JSON-LD script. */
export const EVIL_TITLE = `Quiz "night" </script><script>alert('x')</script> & <b>friends</b>`;

export let t: TestContext;
export let clientDir: string;
export let host: Awaited<ReturnType<typeof signUpHost>>;
export let venueId: number;
/**
 * The evenings of this file on a default date (40 and more days ahead) run at midday: Winter Warmers
 * and Summer Social hold fixed dates at 19:00 in the same room, and a default date lands on one of
 * them on some days of the year (on 29 November, 46 days ahead is 14 January).
 */
export const midday = { startTime: '12:00', endTime: '14:00' } as const;
export let winterId: number;
export let summerId: number;
export let evilId: number;
export let fullId: number;
export let endedId: number;

/** An evening that started `hoursAgo` hours ago and is over, written straight into the database (the API refuses a start in the past). */
export async function insertEndedEvening(title: string, hoursAgo: number) {
  const start = new Date(Date.now() - hoursAgo * 3_600_000);
  const [row] = await t.db
    .insert(eventsTable)
    .values({
      title,
      date: start,
      endsAt: new Date(start.getTime() + 7_200_000),
      startTime: '19:00',
      endTime: '21:00',
      venue: 'The Wine Bar',
      venueId,
      ageRangeMin: 18,
      ageRangeMax: 65,
      maxParticipants: 12,
      hostId: host.user.id,
    })
    .returning({ id: eventsTable.id });
  return row!.id;
}
export const nextYear = new Date().getUTCFullYear() + 1;

/** Every request here is a visitor's: no cookie. */
export const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

export const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The head as a link preview reads it: <title>, and each <meta>'s content by name or property. */
export function readHead(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = (key: string) => {
    const found = [...head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)" \/>/g)].filter((m) => m[1] === key).map((m) => decode(m[2]!));
    expect(found.length, `one ${key}`).toBeLessThanOrEqual(1);
    return found[0];
  };
  const title = decode(/<title>([\s\S]*?)<\/title>/.exec(head)?.[1] ?? '');
  const canonical = /<link rel="canonical" href="([^"]+)" \/>/.exec(head)?.[1];
  const scripts = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  return { head, title, meta, canonical: canonical && decode(canonical), scripts };
}

export const iso = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/, 'ISO 8601 with an offset');
export const schemaUrl = (name: string) => z.literal(`https://schema.org/${name}`);

/** The schema.org Event shape (https://schema.org/Event) with the properties a search engine's event result reads. */
export const schemaOrgEvent = z.object({
  '@context': z.literal('https://schema.org'),
  '@type': z.literal('Event'),
  name: z.string().min(1),
  description: z.string().min(1),
  startDate: iso,
  endDate: iso,
  eventStatus: schemaUrl('EventScheduled'),
  eventAttendanceMode: schemaUrl('OfflineEventAttendanceMode'),
  location: z.object({
    '@type': z.literal('Place'),
    name: z.string().min(1),
    address: z.object({
      '@type': z.literal('PostalAddress'),
      streetAddress: z.string().min(1),
      addressLocality: z.string().min(1),
      addressCountry: z.literal('GB'),
    }),
    geo: z.object({ '@type': z.literal('GeoCoordinates'), latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
  }),
  image: z.array(z.url()).min(1),
  url: z.url(),
  offers: z.object({
    '@type': z.literal('Offer'),
    url: z.url(),
    price: z.string().regex(/^\d+\.\d{2}$/, 'a decimal string'),
    priceCurrency: z.literal('GBP'),
    availability: z.union([schemaUrl('InStock'), schemaUrl('SoldOut')]),
    validFrom: iso,
  }),
  organizer: z.object({ '@type': z.literal('Organization'), name: z.string().min(1), url: z.url() }),
});

export async function page(id: number) {
  const res = await get(`/events/${id}`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return readHead(res.body);
}

export function jsonLd(h: ReturnType<typeof readHead>) {
  expect(h.scripts).toHaveLength(1);
  return schemaOrgEvent.parse(JSON.parse(h.scripts[0]!));
}

/** The set-up every part of public-evening.test.ts shares; call once at the top of each part. */
export function registerPublicEveningFixtures() {
  beforeAll(async () => {
    // The SPA's real index.html, as the build serves it (its head is what the server rewrites).
    clientDir = mkdtempSync(path.join(tmpdir(), 'sf-public-evening-'));
    copyFileSync(fileURLToPath(new URL('../../../client/index.html', import.meta.url)), path.join(clientDir, 'index.html'));
    mkdirSync(path.join(clientDir, '.vite'));
    writeFileSync(
      path.join(clientDir, '.vite', 'manifest.json'),
      JSON.stringify({
        'app/routes/public-evening.tsx': { file: 'assets/public-evening-1.js', src: 'app/routes/public-evening.tsx', isDynamicEntry: true },
        'app/routes/open-events.tsx': { file: 'assets/open-events-1.js', src: 'app/routes/open-events.tsx', isDynamicEntry: true },
      }),
    );
    t = await createTestApp({ clientDir, env: { PUBLIC_URL } });
    host = await signUpHost(t, { name: 'Hannah Marie Host' });
    venueId = (
      await createVenue(t.app, host.cookie, { name: 'The Wine Bar', address: '12 Bury New Road', city: 'Prestwich', latitude: 53.5333, longitude: -2.2833 })
    ).id;
    winterId = (
      await createEvent(t.app, host.cookie, eventBody(venueId, { title: 'Winter Warmers', date: `${nextYear}-01-14`, startTime: '19:00', endTime: '21:30' }))
    ).id;
    summerId = (
      await createEvent(
        t.app,
        host.cookie,
        eventBody(venueId, { title: 'Summer Social', date: `${nextYear}-07-15`, startTime: '19:30', endTime: '22:00', price: 1250 }),
      )
    ).id;
    evilId = (await createEvent(t.app, host.cookie, eventBody(venueId, { title: EVIL_TITLE, description: 'Bring a "friend" </script>', ...midday }))).id;
    fullId = (await createEvent(t.app, host.cookie, eventBody(venueId, { title: 'Sold Out Soirée', maxParticipants: 6, price: 0, ...midday }))).id;
    await t.db.update(eventsTable).set({ seatsTaken: 6, participantCount: 6 }).where(eq(eventsTable.id, fullId));
    endedId = await insertEndedEvening('Last Week', 26);
  });
  afterAll(async () => {
    await t.close();
    rmSync(clientDir, { recursive: true, force: true });
  });
}
