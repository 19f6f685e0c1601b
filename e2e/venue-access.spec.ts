import type { Page } from '@playwright/test';
import { axeViolations, DEMO, newEvening, ok, shot, signIn } from './helpers';
import { expect, test } from './fixtures';

/**
 * Venues that say how to get in (issue 39, docs/decisions/0077-venues-say-how-to-get-in.md): a host
 * tells a venue's access facts on /venues, and a visitor reads them on the public page of an
 * evening there, and in its JSON-LD.
 */

/** No WCAG 2.2 A/AA violation on the page as it is now. */
async function expectWcag22(page: Page) {
  await page.locator('h1').first().waitFor();
  expect(await axeViolations(page, ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])).toEqual([]);
}

test('a host tells how to get into a venue; a visitor sees it on the evening’s public page', async ({ page, browser }, testInfo) => {
  test.setTimeout(150_000); // two screens at two sizes, each checked with axe, on busy cores
  const stamp = Date.now() % 1_000_000;
  const venueName = `Mill Hall ${stamp}`;
  await signIn(page, DEMO.host);
  const venue = await ok<{ id: number }>(
    await page.request.post('/api/venues', { data: { name: venueName, address: '4 Mill Lane', city: 'Whitefield', capacity: 30 } }),
  );

  // /venues: nothing told yet, so guests would see nothing; its host tells it.
  await page.goto('/venues');
  const card = page.getByRole('article', { name: venueName });
  await expect(card.getByRole('list', { name: 'Getting in' })).toHaveCount(0);
  await card.getByRole('button', { name: `Tell guests how to get in to ${venueName}` }).click();
  const form = page.getByRole('form', { name: `How to get into ${venueName}` });
  const pick = (group: string, label: string) => form.getByRole('group', { name: group }).getByText(label, { exact: true }).click();
  await pick('Step-free entrance', 'With help');
  await pick('Accessible toilet', 'Yes');
  await pick('Hearing loop', 'No');
  await pick('Quiet space to take a break', 'Yes');
  await pick('Seating (choose all there are)', 'Chairs');
  await pick('Seating (choose all there are)', 'High stools');
  await pick('Noise', 'Lively');
  await form.getByLabel('Nearest accessible parking').fill('Two blue-badge bays in Mill Lane, 20 m from the door');
  await form.getByLabel('Public transport').fill('Tram to Whitefield, then a 6-minute flat walk');
  await form.getByLabel('More about getting in').fill('One step at the door: ring the bell and staff bring the ramp.');
  await expectWcag22(page);
  await shot(page, testInfo.outputPath('venue-access-form-phone.png'), { fullPage: true });
  await form.getByRole('button', { name: 'Save how to get in' }).click();
  await expect(page.getByText(`How to get into ${venueName} saved`)).toBeVisible();
  const told = card.getByRole('list', { name: 'Getting in' });
  await expect(told.getByText('Step-free entrance with help: ask the venue')).toBeVisible();
  await expect(told.getByText('Chairs and high stools')).toBeVisible();
  await expectWcag22(page);
  await shot(card, testInfo.outputPath('venue-card-phone.png'));
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(card, testInfo.outputPath('venue-card-desktop.png'));

  // An evening there, open to visitors.
  const evening = await newEvening(page, 'Step-free Social', 9, { venueId: venue.id, endTime: '21:30', description: 'Short conversations in a quiet hall.' });

  // A visitor (no account) on a phone: the server's HTML carries the facts in its JSON-LD ...
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const guest = await visitor.newPage();
  const html = await (await guest.request.get(`/events/${evening.id}`)).text();
  const ld = JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as { location: { amenityFeature: unknown[] } };
  expect(ld.location.amenityFeature).toContainEqual({ '@type': 'LocationFeatureSpecification', name: 'Step-free entrance', value: 'With help' });
  expect(ld.location.amenityFeature).toContainEqual({ '@type': 'LocationFeatureSpecification', name: 'Hearing loop', value: false });
  expect(ld.location.amenityFeature).toHaveLength(9);

  // ... and the page says it in plain words.
  await guest.goto(`/events/${evening.id}`);
  const gettingIn = guest.getByRole('region', { name: 'Getting in' });
  await expect(gettingIn).toBeVisible();
  await expect(gettingIn.getByRole('listitem')).toHaveText([
    'Step-free entrance with help: ask the venue',
    'Accessible toilet',
    'No hearing loop',
    'A quiet space to take a break',
    'Chairs and high stools',
    'Some background noise',
    'Nearest accessible parkingTwo blue-badge bays in Mill Lane, 20 m from the door',
    'Public transportTram to Whitefield, then a 6-minute flat walk',
    'More about getting inOne step at the door: ring the bell and staff bring the ramp.',
  ]);
  await expectWcag22(guest);
  await shot(gettingIn, testInfo.outputPath('getting-in-phone.png'));
  // The whole page from its top (a sticky header or Book card would otherwise be drawn where the page was scrolled to).
  await guest.evaluate(() => window.scrollTo(0, 0));
  await shot(guest, testInfo.outputPath('public-evening-getting-in-phone.png'), { fullPage: true });
  await guest.setViewportSize({ width: 1280, height: 900 });
  await guest.evaluate(() => window.scrollTo(0, 0));
  await shot(guest, testInfo.outputPath('public-evening-getting-in-desktop.png'), { fullPage: true });
  await expectWcag22(guest);
  await visitor.close();
});
