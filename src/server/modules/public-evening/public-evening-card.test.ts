import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { events as eventsTable } from '../../db/schema/index';
import { createEvent, eventBody } from '../../test/harness';
import {
  PUBLIC_URL,
  t,
  host,
  venueId,
  midday,
  winterId,
  summerId,
  evilId,
  fullId,
  endedId,
  insertEndedEvening,
  get,
  page,
  registerPublicEveningFixtures,
} from './public-evening.fixtures';

registerPublicEveningFixtures();

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
    const olderId = await insertEndedEvening('Long Ago', 50);
    const a = await get(`/api/events/${endedId}/card.png`);
    const b = await get(`/api/events/${olderId}/card.png`);
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
