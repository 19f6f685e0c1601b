import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EVENTS_PAGE } from '@shared/domain/events-page';
import type { PublicEvening } from '@shared/schemas/public-evening';
import { NO_ACCESS_FACTS } from '@shared/schemas/venue-access';
import { events as eventsTable } from '../../db/schema/index';
import { modulePreloads } from './routes';
import {
  buyTicket,
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  holdSeat,
  registerFor,
  signUp,
  signUpHost,
  withCookie,
  type TestContext,
} from '../../test/harness';

const PUBLIC_URL = 'https://friends.example.org';
/** A title that tries to break out of every place it is written: attributes, <title>, the JSON-LD script. */
const EVIL_TITLE = `Quiz "night" </script><script>alert('x')</script> & <b>friends</b>`;

let t: TestContext;
let clientDir: string;
let host: Awaited<ReturnType<typeof signUpHost>>;
let venueId: number;
/**
 * The evenings of this file on a default date (40 and more days ahead) run at midday: Winter Warmers
 * and Summer Social hold fixed dates at 19:00 in the same room, and a default date lands on one of
 * them on some days of the year (on 29 November, 46 days ahead is 14 January).
 */
const midday = { startTime: '12:00', endTime: '14:00' } as const;
let winterId: number;
let summerId: number;
let evilId: number;
let fullId: number;
let endedId: number;
const nextYear = new Date().getUTCFullYear() + 1;

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
  const start = new Date(Date.now() - 26 * 3_600_000);
  const [past] = await t.db
    .insert(eventsTable)
    .values({
      title: 'Last Week',
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
  endedId = past!.id;
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** Every request here is a visitor's: no cookie. */
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The head as a link preview reads it: <title>, and each <meta>'s content by name or property. */
function readHead(html: string) {
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

const iso = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/, 'ISO 8601 with an offset');
const schemaUrl = (name: string) => z.literal(`https://schema.org/${name}`);

/** The schema.org Event shape (https://schema.org/Event) with the properties a search engine's event result reads. */
const schemaOrgEvent = z.object({
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

async function page(id: number) {
  const res = await get(`/events/${id}`);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return readHead(res.body);
}

function jsonLd(h: ReturnType<typeof readHead>) {
  expect(h.scripts).toHaveLength(1);
  return schemaOrgEvent.parse(JSON.parse(h.scripts[0]!));
}

describe('the public evening page as the server sends it', () => {
  it('has the evening in <title>, the description, canonical, Open Graph and Twitter tags', async () => {
    const h = await page(winterId);
    const url = `${PUBLIC_URL}/events/${winterId}`;
    expect(h.title).toBe('Winter Warmers · Speed Friendship');
    expect(h.meta('og:title')).toBe('Winter Warmers');
    expect(h.meta('twitter:title')).toBe('Winter Warmers');
    expect(h.canonical).toBe(url);
    expect(h.meta('og:url')).toBe(url);
    expect(h.meta('og:type')).toBe('website');
    expect(h.meta('twitter:card')).toBe('summary_large_image');
    expect(h.meta('og:image')).toBe(`${PUBLIC_URL}/api/events/${winterId}/card.png`);
    expect(h.meta('twitter:image')).toBe(h.meta('og:image'));
    expect(h.meta('twitter:image:alt')).toMatch(new RegExp(`^Winter Warmers: [A-Z][a-z]+day,? 14 January ${nextYear}, 7:00 PM at The Wine Bar$`));
    expect(h.meta('twitter:image:alt')).toBe(h.meta('og:image:alt'));
    expect(h.meta('og:image:width')).toBe('1200');
    expect(h.meta('og:image:height')).toBe('630');
    // The description says when (London), where and how much; the site's own description is gone.
    const description = h.meta('description')!;
    expect(description).toContain(`14 January ${nextYear}, 7:00 PM at The Wine Bar, Prestwich.`);
    expect(description).toContain('£15.00');
    expect(h.meta('og:description')).toBe(description);
    expect(h.head).not.toContain('£15 includes your first drink');
    expect(h.meta('robots')).toBeUndefined();
    // The rest of the SPA's page is untouched: the painted header and the script (docs/decisions/0027).
    const res = await get(`/events/${winterId}?source=flyer`);
    expect(res.body).toContain('<div id="root">');
    expect(res.body).toContain('<script type="module" src="/main.tsx"></script>');
  });

  it("names the venue's area once when the venue's name already has it", async () => {
    const inn = (await createVenue(t.app, host.cookie, { name: 'The Church Inn, Prestwich', address: '1 Church Lane', city: 'Prestwich' })).id;
    const id = (
      await createEvent(t.app, host.cookie, eventBody(inn, { title: 'Inn Evening', date: `${nextYear}-02-11`, startTime: '19:30', endTime: '21:30' }))
    ).id;
    const description = (await page(id)).meta('description')!;
    expect(description).toContain(`11 February ${nextYear}, 7:30 PM at The Church Inn, Prestwich.`);
    expect(description).not.toContain('Prestwich, Prestwich');
  });

  it('carries schema.org Event JSON-LD with London offsets in winter and summer', async () => {
    const winter = jsonLd(await page(winterId));
    expect(winter.name).toBe('Winter Warmers');
    expect(winter.startDate).toBe(`${nextYear}-01-14T19:00:00+00:00`);
    expect(winter.endDate).toBe(`${nextYear}-01-14T21:30:00+00:00`);
    expect(winter.location).toMatchObject({
      name: 'The Wine Bar',
      address: { streetAddress: '12 Bury New Road', addressLocality: 'Prestwich' },
      geo: { latitude: 53.5333, longitude: -2.2833 },
    });
    expect(winter.offers).toMatchObject({
      price: '15.00',
      priceCurrency: 'GBP',
      availability: 'https://schema.org/InStock',
      url: `${PUBLIC_URL}/events/${winterId}`,
    });
    expect(winter.image).toEqual([`${PUBLIC_URL}/api/events/${winterId}/card.png`]);

    const summer = jsonLd(await page(summerId));
    expect(summer.startDate).toBe(`${nextYear}-07-15T19:30:00+01:00`);
    expect(summer.endDate).toBe(`${nextYear}-07-15T22:00:00+01:00`);
    expect(summer.offers.price).toBe('12.50');
    // Both name the same instant as the API's UTC date.
    const api = (await get(`/api/events/${summerId}/public`)).json<PublicEvening>();
    expect(Date.parse(summer.startDate)).toBe(Date.parse(api.date));
  });

  it('a full evening is sold out (join the waitlist); a free one costs 0.00', async () => {
    const h = await page(fullId);
    const ld = jsonLd(h);
    expect(ld.offers).toMatchObject({ availability: 'https://schema.org/SoldOut', price: '0.00' });
    expect(h.meta('description')).toContain('full: join the waitlist');
  });

  it('escapes a title with quotes, tags and </script> everywhere it is written', async () => {
    const res = await get(`/events/${evilId}`);
    expect(res.statusCode).toBe(200);
    // Nothing of the title appears unescaped: no injected element, no closed script.
    expect(res.body).not.toContain('<script>alert');
    expect(res.body).not.toContain('<b>friends</b>');
    expect(res.body.match(/<\/script>/g)).toHaveLength(3); // the JSON-LD's, the page's data and the app's own
    const h = readHead(res.body);
    expect(h.title).toBe(`${EVIL_TITLE} · Speed Friendship`);
    expect(h.meta('og:title')).toBe(EVIL_TITLE);
    const ld = jsonLd(h);
    expect(ld.name).toBe(EVIL_TITLE);
    expect(ld.description).toBe('Bring a "friend" </script>');
    // The page's own data, for the browser to draw at once: the API's answer, intact.
    const inline = /<script type="application\/json" id="sf-public-evening">([\s\S]*?)<\/script>/.exec(res.body)?.[1];
    expect(JSON.parse(inline!)).toEqual((await get(`/api/events/${evilId}/public`)).json());
  });

  it("preloads the visitor page's chunk for a visitor, not for a browser with a session", async () => {
    const preload = '<link rel="modulepreload" crossorigin href="/assets/public-evening-1.js" />';
    expect((await get(`/events/${winterId}`)).body).toContain(preload);
    const member = await t.app.inject({ method: 'GET', url: `/events/${winterId}`, headers: withCookie(host.cookie) });
    expect(member.statusCode).toBe(200);
    expect(member.body).not.toContain(preload);
    expect(readHead(member.body).meta('og:title')).toBe('Winter Warmers');
  });

  // Issue 34 (Lighthouse on the public page): the title, the page's largest text, waited for the scripts.
  it("paints a visitor's page title from the HTML, in the page shell after the header; not for a browser with a session", async () => {
    const res = await get(`/events/${winterId}`);
    const root = res.body.slice(res.body.indexOf('<div id="root">'));
    const h1 = /<h1 class="([^"]+)">([^<]*)<\/h1>/.exec(root);
    expect(h1?.[2]).toBe('Winter Warmers');
    // The classes of the app's own heading, so it paints where the app will draw it.
    expect(h1?.[1]).toBe('mt-3 text-3xl leading-tight font-bold break-words text-wine-900 sm:text-4xl');
    expect(root.indexOf('</header>')).toBeLessThan(root.indexOf('<h1'));
    // Marked, so a check waiting for the app's own screen can tell the two apart.
    expect(root).toContain('<main class="flex-1" data-prepaint="">');
    expect(root).toMatch(/<span class="[^"]*bg-emerald-100[^"]*">Open<\/span>/);
    expect((await get(`/events/${fullId}`)).body).toMatch(/<span class="[^"]*">Full<\/span><h1/);
    // Escaped like every other place the title is written.
    expect((await get(`/events/${evilId}`)).body).toContain(
      `<h1 class="mt-3 text-3xl leading-tight font-bold break-words text-wine-900 sm:text-4xl">Quiz &quot;night&quot; &lt;/script&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; &lt;b&gt;friends&lt;/b&gt;</h1>`,
    );
    const member = await t.app.inject({ method: 'GET', url: `/events/${winterId}`, headers: withCookie(host.cookie) });
    expect(member.body).not.toContain('<h1');
    expect((await get('/events/999999')).body).not.toContain('<h1');
  });

  it("paints /events' heading and line from the HTML for a visitor, with the list's chunk preloaded; a session gets the page as it is", async () => {
    const res = await get('/events');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const root = res.body.slice(res.body.indexOf('<div id="root">'));
    expect(root).toContain(`<h1 class="text-3xl font-bold text-wine-900">${EVENTS_PAGE.title}</h1><p class="text-muted">${EVENTS_PAGE.sub}</p>`);
    expect(EVENTS_PAGE.sub).toBe('Relaxed five-minute conversations with new people at cosy local venues.');
    expect(root.indexOf('</header>')).toBeLessThan(root.indexOf('<h1'));
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/open-events-1.js" />');
    expect(res.body).not.toContain('public-evening-1.js');
    const member = await t.app.inject({ method: 'GET', url: '/events', headers: withCookie(host.cookie) });
    expect(member.statusCode).toBe(200);
    expect(member.body).toContain('<div id="root">');
    expect(member.body).not.toContain('<h1');
    expect(member.body).not.toContain('open-events-1.js');
  });

  it('an ended evening says so, without JSON-LD; an unknown one is a 404 page', async () => {
    const h = await page(endedId);
    expect(h.title).toBe('Last Week · Speed Friendship');
    expect(h.meta('description')).toContain('This evening has ended.');
    expect(h.scripts).toHaveLength(0);

    for (const url of ['/events/999999', '/events/0', '/events/abc', '/events/99999999999']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const missing = readHead(res.body);
      expect(missing.title).toBe('Event not found · Speed Friendship');
      expect(missing.meta('robots')).toBe('noindex');
      expect(missing.meta('og:title')).toBeUndefined();
      expect(missing.scripts).toHaveLength(0);
    }
  });
});

describe('GET /api/events/{id}/public', () => {
  it('tells a visitor what the flyer says, and nothing private', async () => {
    // A guest books, so there is someone who must not show.
    const guest = await signUp(t.app, { name: 'Gina Guest' });
    const reg = await t.app.inject({
      method: 'POST',
      url: `/api/events/${fullId}/register`,
      headers: withCookie(guest.cookie),
      payload: { userId: guest.user.id },
    });
    expect([201, 409]).toContain(reg.statusCode);
    const res = await get(`/api/events/${winterId}/public`);
    expect(res.statusCode).toBe(200);
    const body = res.json<PublicEvening>();
    expect(Object.keys(body).sort()).toEqual(
      [
        'ageRangeMax',
        'ageRangeMin',
        'date',
        'description',
        'endTime',
        'endsAt',
        'going',
        'host',
        'hostFirstName',
        'id',
        'image',
        'maxParticipants',
        'price',
        'priceIncludes',
        'roundDuration',
        'spotsLeft',
        'startTime',
        'state',
        'title',
        'url',
        'venue',
      ].sort(),
    );
    expect(body).toMatchObject({
      title: 'Winter Warmers',
      state: 'open',
      spotsLeft: 20,
      price: 1500,
      hostFirstName: 'Hannah',
      url: `${PUBLIC_URL}/events/${winterId}`,
    });
    // How to get in is a venue's fact too (docs/decisions/0077): none told here.
    expect(body.venue).toEqual({
      name: 'The Wine Bar',
      address: '12 Bury New Road',
      city: 'Prestwich',
      latitude: 53.5333,
      longitude: -2.2833,
      access: NO_ACCESS_FACTS,
    });
    expect(res.body).not.toContain(host.user.email);
    expect(res.body).not.toContain('Host'); // the host's surname

    const full = (await get(`/api/events/${fullId}/public`)).json<PublicEvening>();
    expect(full).toMatchObject({ state: 'full', spotsLeft: 0 });
    expect(JSON.stringify(full)).not.toContain('Gina');
    expect((await get(`/api/events/${endedId}/public`)).json<PublicEvening>().state).toBe('ended');
  });

  it('answers 404 for an unknown evening and 400 for a bad id', async () => {
    expect((await get('/api/events/999999/public')).json()).toMatchObject({ message: 'Event not found' });
    expect((await get('/api/events/999999/public')).statusCode).toBe(404);
    expect((await get('/api/events/abc/public')).statusCode).toBe(400);
  });
});

// Issue 34: what a stranger looks for on an evening's page (how many are going, who hosts).
describe('the host and how many are going, on the public page', () => {
  it('counts the places taken, never who: a hold at checkout is not someone going', async () => {
    const rosa = await signUpHost(t, { name: 'Rosa Lind Quayle' });
    const hall = (await createVenue(t.app, rosa.cookie, { name: 'Going Hall', address: '1 Count Street', city: 'Bury' })).id;
    const free = (await createEvent(t.app, rosa.cookie, eventBody(hall, { title: 'Free Friends', price: 0 }))).id;
    const paid = (await createEvent(t.app, rosa.cookie, eventBody(hall, { title: 'Paid Friends', price: 1500 }))).id;
    expect((await get(`/api/events/${free}/public`)).json<PublicEvening>().going).toBe(0);

    const [ada, bea, cai] = [
      await signUp(t.app, { name: 'Ada Zephyrine' }),
      await signUp(t.app, { name: 'Bea Xanthe' }),
      await signUp(t.app, { name: 'Cai Yolanda' }),
    ];
    expect((await registerFor(t.app, free, ada)).statusCode).toBe(201);
    expect((await registerFor(t.app, free, bea)).statusCode).toBe(201);
    await buyTicket(t.app, paid, ada);
    expect((await holdSeat(t.app, paid, cai)).statusCode).toBe(200);

    const freePage = await get(`/api/events/${free}/public`);
    expect(freePage.json<PublicEvening>().going).toBe(2);
    const paidPage = await get(`/api/events/${paid}/public`);
    expect(paidPage.json<PublicEvening>()).toMatchObject({ going: 1, spotsLeft: 18 });
    for (const page of [freePage.body, paidPage.body]) for (const name of ['Ada', 'Bea', 'Cai', 'Zephyrine']) expect(page).not.toContain(name);
  });

  it("shows the host's first name, short bio and photo from their profile, and their other open evenings", async () => {
    const bio = `I run the quiz at the Church Inn and love a good walk. ${'Friendly words. '.repeat(20)}`;
    const rosa = await signUpHost(t, { name: 'Mira Tamsin Okafor', bio, profileImage: 'https://img.example.org/mira.jpg' });
    const hall = (await createVenue(t.app, rosa.cookie, { name: 'Host Hall', address: '2 Host Street', city: 'Bury' })).id;
    const first = (await createEvent(t.app, rosa.cookie, eventBody(hall, { title: 'First Friends', days: 10 }))).id;
    const second = (await createEvent(t.app, rosa.cookie, eventBody(hall, { title: 'Second Friends', days: 20 }))).id;
    const third = (await createEvent(t.app, rosa.cookie, eventBody(hall, { title: 'Third Friends', days: 30 }))).id;
    // Ended by the host: not an evening a visitor can go to any more.
    await t.db.update(eventsTable).set({ status: 'completed' }).where(eq(eventsTable.id, third));

    const res = await get(`/api/events/${first}/public`);
    const body = res.json<PublicEvening>();
    expect(body.hostFirstName).toBe('Mira');
    expect(body.host.image).toBe('https://img.example.org/mira.jpg');
    expect(body.host.bio!.startsWith('I run the quiz at the Church Inn')).toBe(true);
    expect(body.host.bio!.length).toBeLessThanOrEqual(281);
    expect(body.host.bio!.endsWith('…')).toBe(true);
    expect(body.host.moreEvenings).toEqual([{ id: second, title: 'Second Friends', date: expect.any(String) }]);
    // The profile promises others a first name: no surname, e-mail, age or user id.
    expect(res.body).not.toContain('Okafor');
    expect(res.body).not.toContain('Tamsin');
    expect(res.body).not.toContain(rosa.user.email);
    expect(JSON.stringify({ ...body.host, moreEvenings: [] })).not.toMatch(/"(id|age|email|userId)"\s*:\s*/);
    expect(Object.keys(body.host).sort()).toEqual(['bio', 'image', 'moreEvenings']);

    // A host without a bio or photo: the page gets nulls, not empty strings.
    const plain = (await get(`/api/events/${winterId}/public`)).json<PublicEvening>();
    expect(plain.host.image).toBeNull();
  });
});

// Issue 33: a right-to-left override made the card draw "live" for "evil" (docs/decisions/0064).
describe('titles and names with bidirectional overrides and zero-width characters', () => {
  it('an evening titled with U+202E, by a host named with it, shows the text as typed, without them', async () => {
    const rose = await signUpHost(t, { name: '\u202EesoR\u202C\u200B Host' });
    expect(rose.user.name).toBe('esoR Host');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${rose.user.id}`,
      headers: withCookie(rose.cookie),
      payload: { name: 'Ro\u200Bse\u2066 Host\u2069\uFEFF', age: 30, bio: 'Hi', contactInfo: '07700 900123', interests: ['Chess'] },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ name: string }>().name).toBe('Rose Host');
    const roseVenue = (await createVenue(t.app, rose.cookie, { name: 'The Tea Room', city: 'Prestwich' })).id;
    const evening = await createEvent(t.app, rose.cookie, eventBody(roseVenue, { title: 'Quiz \u202Elive\u202C night', description: 'Bring\u200D a friend' }));
    expect(evening.title).toBe('Quiz live night');
    const shown = (await get(`/api/events/${evening.id}/public`)).json<PublicEvening>();
    expect(shown).toMatchObject({ title: 'Quiz live night', description: 'Bring a friend', hostFirstName: 'Rose' });
    // The page's head says the same.
    const page = await get(`/events/${evening.id}`);
    expect(page.body).toContain('<title>Quiz live night');
    expect(page.body).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B-\u200F\uFEFF]/);
  });

  it('refuses a title made only of invisible characters as empty', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: withCookie(host.cookie),
      payload: eventBody(venueId, { title: '\u202E\u200B\uFEFF' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('Event title is required');
  });
});

/** Width and height from a PNG's IHDR chunk. */
function pngSize(buf: Buffer) {
  expect(buf.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  expect(buf.subarray(12, 16).toString('ascii')).toBe('IHDR');
  return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
}

describe('the link-preview card', () => {
  it('the og:image answers a 1200x630 PNG whose QR code opens the public page', async () => {
    const image = (await page(winterId)).meta('og:image')!;
    const res = await get(new URL(image).pathname);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const bytes = res.rawPayload;
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    // Decoded back to pixels, the card's QR code reads as the evening's public address.
    const img = await loadImage(bytes);
    const canvas = createCanvas(img.width, img.height);
    const ctx = canvas.getContext('2d');
    ctx.drawImage(img, 0, 0);
    const pixels = ctx.getImageData(0, 0, img.width, img.height);
    const qr = jsQR(pixels.data, pixels.width, pixels.height);
    expect(qr?.data).toBe(`${PUBLIC_URL}/events/${winterId}`);
  });

  it('is cached: an ETag, a 304 for it, the same bytes again; another evening has another card', async () => {
    const first = await get(`/api/events/${summerId}/card.png`);
    expect(first.headers['cache-control']).toMatch(/public, max-age=\d+/);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"card-[\w-]+"$/);
    const again = await get(`/api/events/${summerId}/card.png`);
    expect(again.headers.etag).toBe(etag);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    const notModified = await get(`/api/events/${summerId}/card.png`, { 'if-none-match': etag });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
    const other = await get(`/api/events/${evilId}/card.png`);
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
    // An edit to what the card shows draws a new one.
    await t.db.update(eventsTable).set({ title: 'Summer Social, Renamed' }).where(eq(eventsTable.id, summerId));
    const renamed = await get(`/api/events/${summerId}/card.png`, { 'if-none-match': etag });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.headers.etag).not.toBe(etag);
  });

  it('stays under 100 KB with a three-line title and a long address (ARCHITECTURE budget)', async () => {
    const long = await createEvent(
      t.app,
      host.cookie,
      eventBody(venueId, {
        title: 'An Extraordinarily Long Midsummer Evening of Speed Friendship, Board Games and Wine Tasting for Everyone',
        price: 1999,
        ...midday,
      }),
    );
    const res = await get(`/api/events/${long.id}/card.png`);
    expect(res.statusCode).toBe(200);
    expect(pngSize(res.rawPayload)).toEqual({ width: 1200, height: 630 });
    expect(res.rawPayload.length).toBeLessThan(100_000);
  });

  // Issue 33: any ended evening's card could be asked for, each a new drawing (docs/decisions/0066).
  it('every ended evening shows one shared card, whose code opens the home page', async () => {
    const start = new Date(Date.now() - 50 * 3_600_000);
    const [older] = await t.db
      .insert(eventsTable)
      .values({
        title: 'Long Ago',
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
    const a = await get(`/api/events/${endedId}/card.png`);
    const b = await get(`/api/events/${older!.id}/card.png`);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.headers.etag).toBe(a.headers.etag);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    const img = await loadImage(a.rawPayload);
    const canvas = createCanvas(img.width, img.height);
    canvas.getContext('2d').drawImage(img, 0, 0);
    const qr = jsQR(canvas.getContext('2d').getImageData(0, 0, img.width, img.height).data, img.width, img.height);
    expect(qr?.data).toBe(`${PUBLIC_URL}/`);
  });

  it('draws at most 10 new cards a minute for one address; drawn cards and other addresses are not held back', async () => {
    const loop = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers, remoteAddress: '203.0.113.9' });
    const drawn = await get(`/api/events/${winterId}/card.png`);
    expect(drawn.statusCode).toBe(200);
    // Five link previews at once for one new card count as one drawing.
    await t.db.update(eventsTable).set({ title: 'Looped burst' }).where(eq(eventsTable.id, fullId));
    const burst = await Promise.all(Array.from({ length: 5 }, () => loop(`/api/events/${fullId}/card.png`)));
    expect(burst.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) {
      // Each edit of the title is a card not drawn yet.
      await t.db
        .update(eventsTable)
        .set({ title: `Looped ${i}` })
        .where(eq(eventsTable.id, fullId));
      answers.push((await loop(`/api/events/${fullId}/card.png`)).statusCode);
    }
    expect(answers).toEqual([...Array<number>(9).fill(200), 429]);
    const refused = await loop(`/api/events/${fullId}/card.png`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json<{ message: string }>().message).toBe('Lots of new cards have been asked for from here. Please try again in a minute.');
    // A card already drawn still comes, to this address too; another address gets the new card.
    expect((await loop(`/api/events/${winterId}/card.png`)).statusCode).toBe(200);
    expect((await get(`/api/events/${fullId}/card.png`)).statusCode).toBe(200);
    await t.db.update(eventsTable).set({ title: 'Sold Out Soirée' }).where(eq(eventsTable.id, fullId));
  });

  it('answers 404 for an unknown evening and 400 for a bad id', async () => {
    expect((await get('/api/events/999999/card.png')).statusCode).toBe(404);
    expect((await get('/api/events/-1/card.png')).statusCode).toBe(400);
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('the sitemap lists the public pages and the evenings open to visitors, not ended ones', async () => {
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    for (const p of ['/', '/events', '/about', '/host-program', '/privacy', '/refunds']) expect(locs).toContain(`${PUBLIC_URL}${p}`);
    for (const id of [winterId, summerId, evilId, fullId]) expect(locs).toContain(`${PUBLIC_URL}/events/${id}`);
    expect(locs).not.toContain(`${PUBLIC_URL}/events/${endedId}`);
    expect(locs.some((l) => l?.includes('/profile') || l?.includes('/api/'))).toBe(false);
  });

  it('robots.txt points to the sitemap and keeps crawlers off private paths', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const lines = res.body.split('\n');
    expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    for (const p of ['/api/', '/profile', '/host-control', '/check-in', '/checkout/', '/my-matches']) expect(lines).toContain(`Disallow: ${p}`);
    // Link previews may still fetch the cards.
    expect(lines).toContain('Allow: /api/events/*/card.png');
  });

  it('robots.txt, which anyone reads, does not point to the admin screens', async () => {
    const res = await get('/robots.txt');
    for (const hidden of ['/stats123', '/admin-stats', '/waitlist-dashboard']) expect(res.body).not.toContain(hidden);
  });
});

describe('the chunks the page preloads', () => {
  it("preloads the visitor page's chunks from the build's manifest, less what the entry loads", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sf-manifest-'));
    try {
      expect(modulePreloads(dir)).toBe('');
      mkdirSync(path.join(dir, '.vite'));
      const manifest = {
        'main.tsx': { file: 'assets/client-1.js', isEntry: true, imports: ['_react-1.js'] },
        '_react-1.js': { file: 'assets/react-1.js' },
        '_query-scope-1.js': { file: 'assets/query-scope-1.js', name: 'query-scope', imports: ['_react-1.js', '_query-1.js'] },
        '_query-1.js': { file: 'assets/query-1.js' },
        'app/routes/public-evening.tsx': {
          file: 'assets/public-evening-1.js',
          src: 'app/routes/public-evening.tsx',
          isDynamicEntry: true,
          imports: ['_react-1.js', '_keys-1.js'],
        },
        '_keys-1.js': { file: 'assets/keys-1.js' },
        'app/routes/profile.tsx': { file: 'assets/profile-1.js', src: 'app/routes/profile.tsx', isDynamicEntry: true },
      };
      writeFileSync(path.join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
      const hrefs = [...modulePreloads(dir).matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)" \/>/g)].map((m) => m[1]);
      expect(hrefs.sort()).toEqual(['/assets/keys-1.js', '/assets/public-evening-1.js', '/assets/query-1.js', '/assets/query-scope-1.js']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
