import { readFile } from 'node:fs/promises';
import { inflateSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import jsQR from 'jsqr';
import { expectAccessible, ok } from './helpers';

/**
 * /promotions (docs/spec/organiser-tools.md §2.5, docs/product.md: flyers download as real PNG
 * files): each Download saves a PNG of the right size whose QR code opens the next evening's page.
 */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk, which follows the signature (bytes 16-23). */
function pngDimensions(png: Buffer) {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE), 'PNG signature').toBe(true);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The pixels of an 8-bit RGB or RGBA PNG as RGBA (enough to read the QR code back). */
function pngPixels(png: Buffer) {
  const { width, height } = pngDimensions(png);
  const bitDepth = png[24];
  const colourType = png[25];
  expect(bitDepth).toBe(8);
  const channels = colourType === 6 ? 4 : colourType === 2 ? 3 : 0;
  expect(channels, `colour type ${colourType}`).toBeGreaterThan(0);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length; ) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = new Uint8ClampedArray(width * height * 4);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const cur = new Uint8Array(stride);
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? cur[i - channels]! : 0;
      const b = prev[i]!;
      const c = i >= channels ? prev[i - channels]! : 0;
      const x = line[i]!;
      let value: number;
      if (filter === 0) value = x;
      else if (filter === 1) value = x + a;
      else if (filter === 2) value = x + b;
      else if (filter === 3) value = x + ((a + b) >> 1);
      else {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        value = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      cur[i] = value & 0xff;
    }
    for (let px = 0; px < width; px++) {
      for (let k = 0; k < 4; k++) out[(y * width + px) * 4 + k] = k < channels ? cur[px * channels + k]! : 255;
    }
    prev = cur;
  }
  return { width, height, data: out };
}

const FLYERS = [
  { name: 'Social Post', file: 'social-post.png', width: 400, height: 400 },
  { name: 'Instagram Story', file: 'instagram-story.png', width: 300, height: 533 },
  { name: 'Facebook Cover', file: 'facebook-cover.png', width: 820, height: 312 },
];

test('each flyer downloads as a real PNG of its size, with a QR code to the next evening', async ({ page, baseURL }, testInfo) => {
  // The next evening, as the page chooses it: the soonest upcoming one not yet started.
  const upcoming = await ok<{ id: number; title: string; date: string }[]>(await page.request.get('/api/events/upcoming'));
  const next = upcoming.filter((e) => new Date(e.date).getTime() > Date.now()).sort((a, b) => Date.parse(a.date) - Date.parse(b.date))[0];
  expect(next, 'the demo data has an upcoming evening').toBeTruthy();

  await page.goto('/promotions');
  await expect(page.getByRole('heading', { level: 1, name: 'Promotional Materials' })).toBeVisible();
  await expect(page.getByText('Flyers for your next evening', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: next!.title })).toBeVisible();

  for (const flyer of FLYERS) {
    const region = page.getByRole('region', { name: flyer.name });
    // The preview is the PNG itself, with a text alternative naming the evening.
    await expect(region.getByRole('img', { name: new RegExp(`^${flyer.name} flyer, ${flyer.width} by ${flyer.height}: `) })).toBeVisible();
    await expect(region.getByRole('img', { name: new RegExp(next!.title) })).toBeVisible();

    const button = region.getByRole('button', { name: `Download ${flyer.name}` });
    await expect(button).toBeEnabled();
    const downloading = page.waitForEvent('download');
    await button.click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(flyer.file);
    const path = await download.path();
    const png = await readFile(path);
    await download.saveAs(testInfo.outputPath(flyer.file));

    const size = pngDimensions(png);
    expect([`${flyer.width}x${flyer.height}`, `${flyer.width * 2}x${flyer.height * 2}`]).toContain(`${size.width}x${size.height}`);
    await expect(page.getByText(`${flyer.file} downloaded`)).toBeVisible();

    // The QR code printed on the flyer opens the evening's page.
    const pixels = pngPixels(png);
    const code = jsQR(pixels.data, pixels.width, pixels.height);
    expect(code?.data, `QR code on ${flyer.file}`).toBe(`${baseURL}/events/${next!.id}`);
  }

  // The wide cover scales to the phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
});

test('Copy Link puts the site address on the clipboard', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await page.goto('/promotions');
  await page.getByRole('button', { name: 'Copy Link for Instagram Story' }).click();
  await expect(page.getByText('Link Copied!')).toBeVisible();
  await expect(page.getByText('Event registration link copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(new URL(baseURL!).origin);
});
