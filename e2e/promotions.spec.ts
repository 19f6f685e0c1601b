import { readFile } from 'node:fs/promises';
import jsQR from 'jsqr';
import { expectAccessible, ok } from './helpers';
import { pngDimensions, pngPixels } from './png';
import { expect, test } from './fixtures';

/**
 * /promotions (docs/spec/organiser-tools.md §2.5, docs/product.md: flyers download as real PNG
 * files): each Download saves a PNG of the right size whose QR code opens the next evening's page.
 */

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
  await expect(page.getByText('Flyers for the next evening', { exact: true })).toBeVisible();
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

    // The QR code printed on the flyer opens the evening's public page, counted for the flyer (PUBLIC_URL).
    const pixels = pngPixels(png);
    const code = jsQR(pixels.data, pixels.width, pixels.height);
    expect(code?.data, `QR code on ${flyer.file}`).toBe(`${baseURL}/events/${next!.id}?source=flyer-qr`);
  }

  // The wide cover scales to the phone: nothing scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await expectAccessible(page);
});

test("Copy Link puts the evening's public link on the clipboard, not the site's root", async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const upcoming = await ok<{ id: number; date: string }[]>(await page.request.get('/api/events/upcoming'));
  const next = upcoming.filter((e) => new Date(e.date).getTime() > Date.now()).sort((a, b) => Date.parse(a.date) - Date.parse(b.date))[0]!;
  await page.goto('/promotions');
  await page.getByRole('button', { name: 'Copy Link for Instagram Story' }).click();
  await expect(page.getByText('Link Copied!')).toBeVisible();
  await expect(page.getByText('Event registration link copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/events/${next.id}?source=flyer-link`);
});
