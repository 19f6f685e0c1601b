import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EVENTS_PAGE } from '@shared/domain/events-page';
import type { PublicEvening } from '@shared/schemas/public-evening';
import { modulePreloads } from './routes';
import { createEvent, createVenue, eventBody, withCookie } from '../../test/harness';
import {
  PUBLIC_URL,
  EVIL_TITLE,
  t,
  host,
  winterId,
  summerId,
  evilId,
  fullId,
  endedId,
  nextYear,
  get,
  readHead,
  page,
  jsonLd,
  registerPublicEveningFixtures,
} from './public-evening.fixtures';

registerPublicEveningFixtures();

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
