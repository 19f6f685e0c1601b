import { describe, expect, it } from 'vitest';
import { PUBLIC_URL, winterId, summerId, evilId, fullId, endedId, get, registerPublicEveningFixtures } from './public-evening.fixtures';

registerPublicEveningFixtures();

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
