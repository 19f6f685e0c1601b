import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicEvening } from '@shared/schemas/public-evening';
import type { VenueAccess } from '@shared/schemas/venue-access';
import { createEvent, createTestApp, createVenue, eventBody, signUpHost, withCookie, type TestContext } from '../../test/harness';

/**
 * How to get in (issue 39, docs/decisions/0077-venues-say-how-to-get-in.md) on the public evening
 * page as the server sends it: in the Place's amenityFeature of the JSON-LD, and in the page's own
 * data the browser draws the "Getting in" block from.
 */

const PUBLIC_URL = 'https://friends.example.org';

let t: TestContext;
let clientDir: string;
let host: Awaited<ReturnType<typeof signUpHost>>;

beforeAll(async () => {
  // The SPA's real index.html, as the build serves it (its head is what the server rewrites).
  clientDir = mkdtempSync(path.join(tmpdir(), 'sf-venue-access-'));
  copyFileSync(fileURLToPath(new URL('../../../client/index.html', import.meta.url)), path.join(clientDir, 'index.html'));
  mkdirSync(path.join(clientDir, '.vite'));
  writeFileSync(
    path.join(clientDir, '.vite', 'manifest.json'),
    JSON.stringify({ 'app/routes/public-evening.tsx': { file: 'assets/public-evening-1.js', src: 'app/routes/public-evening.tsx', isDynamicEntry: true } }),
  );
  t = await createTestApp({ clientDir, env: { PUBLIC_URL } });
  host = await signUpHost(t, { name: 'Hannah Host' });
}, 120_000);
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

/** The visitor's page: its JSON-LD and its inline data. */
async function page(id: number) {
  const res = await t.app.inject({ method: 'GET', url: `/events/${id}` });
  expect(res.statusCode).toBe(200);
  const ld = [...res.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
  const inline = /<script type="application\/json" id="sf-public-evening">([\s\S]*?)<\/script>/.exec(res.body)?.[1];
  expect(ld).toHaveLength(1);
  return { event: ld[0]! as { location: Record<string, unknown>; isAccessibleForFree?: boolean }, data: JSON.parse(inline!) as PublicEvening, html: res.body };
}

async function eveningAt(access: Partial<VenueAccess> | null, price = 1500) {
  const venue = await createVenue(t.app, host.cookie, { name: 'The Wine Bar', city: 'Prestwich' });
  if (access) {
    const res = await t.app.inject({ method: 'PATCH', url: `/api/venues/${venue.id}`, headers: withCookie(host.cookie), payload: { access } });
    expect(res.statusCode, res.body).toBe(200);
  }
  return (await createEvent(t.app, host.cookie, eventBody(venue.id, { price }))).id;
}

describe('the public evening page says how to get in', () => {
  it("lists the told facts as the Place's amenityFeature, and the page's data carries them", async () => {
    const id = await eveningAt({
      stepFree: 'yes',
      accessibleToilet: true,
      hearingLoop: false,
      seating: ['chairs', 'standing'],
      noise: 'quiet',
      transport: 'Bus 135 stops at the door',
    });
    const { event, data } = await page(id);
    expect(event.location.amenityFeature).toEqual([
      { '@type': 'LocationFeatureSpecification', name: 'Step-free entrance', value: true },
      { '@type': 'LocationFeatureSpecification', name: 'Accessible toilet', value: true },
      { '@type': 'LocationFeatureSpecification', name: 'Hearing loop', value: false },
      { '@type': 'LocationFeatureSpecification', name: 'Seating', value: 'Chairs and standing room' },
      { '@type': 'LocationFeatureSpecification', name: 'Noise', value: 'Quiet' },
      { '@type': 'LocationFeatureSpecification', name: 'Public transport', value: 'Bus 135 stops at the door' },
    ]);
    // Nothing is claimed that was not told (no quiet space, lighting, parking; no public access).
    expect(JSON.stringify(event)).not.toMatch(/Quiet space|Lighting|parking|publicAccess/);
    expect(event.isAccessibleForFree).toBe(false);
    expect(data.venue.access).toMatchObject({ stepFree: 'yes', hearingLoop: false, quietSpace: null, seating: ['chairs', 'standing'] });
  });

  it('"with help" is said as it was told, not as a yes', async () => {
    const { event } = await page(await eveningAt({ stepFree: 'with_help' }, 0));
    expect(event.location.amenityFeature).toEqual([{ '@type': 'LocationFeatureSpecification', name: 'Step-free entrance', value: 'With help' }]);
    expect(event.isAccessibleForFree).toBe(true);
  });

  it('a venue that has told nothing has no amenityFeature at all', async () => {
    const { event, data } = await page(await eveningAt(null));
    expect(event.location).not.toHaveProperty('amenityFeature');
    expect(Object.values(data.venue.access!).every((v) => v === null)).toBe(true);
  });

  it('free text is escaped in the page: no element can be written into it', async () => {
    const notes = 'Side door </script><img src=x onerror=alert(1)> & ramp';
    const { event, data, html } = await page(await eveningAt({ notes }));
    expect(html).not.toContain('<img src=x');
    expect(event.location.amenityFeature).toEqual([{ '@type': 'LocationFeatureSpecification', name: 'More about getting in', value: notes }]);
    expect(data.venue.access?.notes).toBe(notes);
  });
});
