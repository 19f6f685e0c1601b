import { expect, test, type Browser, type Page } from '@playwright/test';
import { DEMO, expectAccessible, logIn } from './helpers';

/** A guest in their own browser, signed in and checked in to the evening. */
async function guest(browser: Browser, email: string, eventId: number) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await logIn(page, email);
  await page.goto(`/events/${eventId}`);
  await page.getByRole('button', { name: 'Check In' }).click();
  await expect(page.getByText('Checked In').first()).toBeVisible();
  return page;
}

/** Rate this round's partner 'Amazing connection!' if the guest has one (one guest sits out). */
async function rateIfPaired(page: Page, round: number) {
  const sentence = page.getByText(new RegExp(`Round ${round}: talk to`));
  const bye = page.getByText(/sit out/i);
  await expect(sentence.or(bye).first()).toBeVisible({ timeout: 15_000 });
  if (!(await sentence.first().isVisible())) return false;
  await page.getByRole('radio', { name: /Amazing connection!/ }).check({ force: true });
  await page.getByRole('button', { name: /Submit Rating/ }).click();
  await expect(page.getByText('Rating Submitted').first()).toBeVisible();
  return true;
}

test('a host and three guests run two rounds, rate, match, and see contacts after release', async ({ browser, page }) => {
  test.setTimeout(240_000);
  await logIn(page, DEMO.host);
  const upcoming = (await (await page.request.get('/api/events/upcoming')).json()) as { id: number; title: string }[];
  const eventId = upcoming.find((e) => e.title.startsWith('Tonight'))!.id;

  const sarah = await guest(browser, 'sarah@speedfriendship.test', eventId);
  const michael = await guest(browser, 'michael@speedfriendship.test', eventId);
  const emma = await guest(browser, 'emma@speedfriendship.test', eventId);
  const guests = [sarah, michael, emma];

  // The host's controls on the event page; a guest sees no controls.
  await page.goto(`/events/${eventId}?admin=true`);
  await expect(sarah.getByRole('button', { name: 'Start Round' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Start Round' }).click();
  for (const g of guests) await expect(g.getByText(/Round 1/).first()).toBeVisible({ timeout: 15_000 });
  const paired1 = await Promise.all(guests.map((g) => rateIfPaired(g, 1)));
  expect(paired1.filter(Boolean)).toHaveLength(2);
  await expectAccessible(sarah);

  await page.getByRole('button', { name: 'Next Round' }).click();
  const paired2 = await Promise.all(guests.map((g) => rateIfPaired(g, 2)));
  expect(paired2.filter(Boolean)).toHaveLength(2);

  await page.getByRole('button', { name: 'End Event Now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'End Event Now' }).click();

  // Before release: waiting for the host, and no contact details anywhere.
  await emma.goto('/my-matches');
  await expect(emma.getByText('Waiting for Host').first()).toBeVisible();
  await expect(emma.getByText('sarah@speedfriendship.test')).toHaveCount(0);

  // The host releases contacts from the matching dashboard.
  await page.goto('/matching-dashboard');
  await page.getByLabel('Event').selectOption(String(eventId));
  await page.getByRole('button', { name: 'Calculate Matches' }).click();
  await expect(page.getByText('Emma Wilson').first()).toBeVisible();
  await page.getByRole('button', { name: 'Release contacts' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Release contacts' }).click();

  // Emma met both others and everyone chose 5: she has two matches with contacts.
  await expect(emma.getByRole('heading', { name: 'Your Matches' })).toBeVisible({ timeout: 15_000 });
  await expect(emma.getByText('sarah@speedfriendship.test').first()).toBeVisible();
  await expect(emma.getByText('michael@speedfriendship.test').first()).toBeVisible();
  await sarah.goto('/my-matches');
  await expect(sarah.getByText('emma@speedfriendship.test').first()).toBeVisible();
  // Sarah and Michael never met: no match, so no contact.
  await expect(sarah.getByText('michael@speedfriendship.test')).toHaveCount(0);
  await expectAccessible(sarah);
});
