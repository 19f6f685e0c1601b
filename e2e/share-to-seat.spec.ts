import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import jsQR from 'jsqr';
import { codeSentBy, DEMO, expectAccessible, joinByApi, latestCode, ok, shot, signIn, unique } from './helpers';
import { pngPixels } from './png';
import { expect, test } from './fixtures';

/**
 * The loop from share to seat (issue 20, docs/decisions/0047): the host downloads a flyer from
 * /promotions, its QR code opens the evening's public page with `?source=flyer-qr`; a stranger
 * who scanned it signs up, lands on that evening's checkout, pays with the test card, and the
 * host's analytics count one more visit, signup and seat for the flyer's QR code on that evening.
 */

async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay £/ }).click();
}

test('a flyer QR code to a booked seat, counted for the flyer', async ({ browser, baseURL }) => {
  // Three browsers, a flyer drawn and decoded, a payment, two axe checks and the host's analytics: two minutes.
  test.setTimeout(120_000);
  // The host downloads the Social Post flyer of the next evening and reads its QR code.
  const hostContext = await browser.newContext();
  const host = await hostContext.newPage();
  await signIn(host, DEMO.host);
  // A paid evening with seats (other journeys add free evenings that may come sooner): its flyers.
  const upcoming = await ok<{ id: number; price: number; maxParticipants: number; participantCount: number }[]>(await host.request.get('/api/events/upcoming'));
  const paid = upcoming.filter((e) => e.price > 0 && e.participantCount < e.maxParticipants);
  expect(paid.length, 'the demo has a paid evening with seats').toBeGreaterThan(0);
  // What the flyer's QR code has brought to it so far: the demo's members who came by flyer count
  // for the evenings they booked, so the figures below are these plus one each.
  type Figures = { sources: { source: string; visits: number; signups: number; seats: number }[] };
  const flyerFigures = async () =>
    (await ok<Figures>(await host.request.get(`/api/share/analytics?eventId=${paid[0]!.id}`))).sources.find((r) => r.source === 'flyer-qr')!;
  const before = await flyerFigures();
  await host.goto(`/promotions?event=${paid[0]!.id}`);
  const region = host.getByRole('region', { name: 'Social Post' });
  const button = region.getByRole('button', { name: 'Download Social Post' });
  await expect(button).toBeEnabled();
  const downloading = host.waitForEvent('download');
  await button.click();
  const png = await readFile(await (await downloading).path());
  const pixels = pngPixels(png);
  const scanned = jsQR(pixels.data, pixels.width, pixels.height)?.data;
  expect(scanned, 'the flyer carries a QR code').toBeTruthy();
  const url = new URL(scanned!);
  // The evening's public page on the site's public address, with the flyer's source.
  expect(url.origin).toBe(new URL(baseURL!).origin);
  const match = /^\/events\/(\d+)$/.exec(url.pathname);
  expect(match, `QR code opens an evening's page: ${scanned}`).toBeTruthy();
  expect(url.searchParams.get('source')).toBe('flyer-qr');
  const eventId = Number(match![1]);
  expect(eventId).toBe(paid[0]!.id);

  // A stranger scans it on their phone: no account, no cookie.
  const visitorContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const visitor = await visitorContext.newPage();
  const visitReported = visitor.waitForResponse((r) => r.url().endsWith('/api/share/visits') && r.request().method() === 'POST');
  await visitor.goto(scanned!);
  expect((await visitReported).status()).toBe(200);

  // Book: the public evening page sends a visitor to log in, with the way back to this evening's checkout.
  const checkout = `/checkout/${eventId}`;
  await visitor
    .getByRole('link', { name: /^Book/ })
    .or(visitor.getByRole('button', { name: /^Book/ }))
    .first()
    .click();
  // One way in (issue 34, docs/decisions/0070): the log-in page names the evening; a new address
  // gives its code, then a first name and age, on the same screen.
  await expect(visitor).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(checkout)}$`));
  const screens = [new URL(scanned!).pathname, '/login'];
  let typed = 0;
  await expect(visitor.getByRole('heading', { level: 1, name: /^Book / })).toBeVisible();
  await expectAccessible(visitor);
  const email = unique('flyer');
  await visitor.getByLabel('Email address').fill(email);
  typed++;
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await visitor.getByLabel('Login code').fill(await latestCode(visitor.request, email));
  typed++;
  await visitor.getByRole('button', { name: 'Log In' }).click();
  await expect(visitor.getByRole('heading', { name: /^Create your account to book / })).toBeVisible();
  await expectAccessible(visitor);
  await visitor.getByLabel('First name').fill('Quinn');
  await visitor.getByLabel('Age').fill('31');
  typed += 2;
  await visitor.getByRole('button', { name: 'Create my account' }).click();

  // Straight on to that evening's checkout, never left on /.
  await expect(visitor).toHaveURL(new RegExp(`${checkout}$`));
  await expect(visitor.getByRole('heading', { level: 1, name: 'Complete Registration' })).toBeVisible();
  screens.push(new URL(visitor.url()).pathname);
  await payWith(visitor, '4242 4242 4242 4242');
  // From the flyer to a paid seat: three screens, four typed fields besides the card form (README).
  expect(screens).toEqual([`/events/${eventId}`, '/login', checkout]);
  expect(typed).toBe(4);
  await expect(visitor).toHaveURL(new RegExp(`/events/${eventId}\\?payment=success$`));
  await expect(visitor.getByRole('heading', { name: "You're registered" })).toBeVisible();

  // The server agrees: one seat for a member who came from the flyer's QR code.
  const after = { source: 'flyer-qr', visits: before.visits + 1, signups: before.signups + 1, seats: before.seats + 1 };
  expect(await flyerFigures()).toEqual(after);

  // The host's analytics on /share, for that evening: one more visit, signup and seat from the flyer's QR code.
  await host.goto('/share');
  await host.getByRole('tab', { name: 'Share Analytics' }).click();
  await host.getByRole('combobox', { name: 'Evening', exact: true }).selectOption(String(eventId));
  const row = host.locator('tr[data-source="flyer-qr"]');
  await expect(row.getByRole('cell')).toHaveText([after.visits, after.signups, after.seats].map(String));
  await expect(host.getByText(/Visits are self-reported by browsers/)).toBeVisible();

  // On a phone (390 px) the table fits: the 'Seats booked' column is not cut off (issue 34).
  await host.setViewportSize({ width: 390, height: 844 });
  const table = host.getByRole('region', { name: 'Sources table' });
  await table.scrollIntoViewIfNeeded();
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  const seats = (await host.getByRole('columnheader', { name: 'Seats booked' }).boundingBox())!;
  const tableBox = (await table.boundingBox())!;
  expect(seats.x + seats.width).toBeLessThanOrEqual(tableBox.x + tableBox.width + 0.5);
  await shot(host, test.info().outputPath('sources-table-390.png'));

  await visitorContext.close();
  await hostContext.close();
});

test('the same way in with an e-mail that already has an account: the code, then straight on to the checkout', async ({ browser }) => {
  const setup = await browser.newContext();
  const upcoming = await ok<{ id: number; price: number; maxParticipants: number; participantCount: number }[]>(
    await setup.request.get('/api/events/upcoming'),
  );
  const evening = upcoming.find((e) => e.price > 0 && e.participantCount < e.maxParticipants)!;
  const { email } = await joinByApi(setup.request, { name: 'Kim Known', age: 36 });
  await setup.close();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await context.newPage();
  await phone.goto(`/events/${evening.id}?source=flyer-qr`);
  await phone.getByRole('link', { name: /^Book/ }).first().click();
  await phone.getByLabel('Email address').fill(email);
  // The sign-up's code is used already: wait for the log-in's new one, not read that.
  const code = await codeSentBy(phone.request, email, () => phone.getByRole('button', { name: 'Continue' }).click());
  await phone.getByLabel('Login code').fill(code);
  await phone.getByRole('button', { name: 'Log In' }).click();
  // No name or age asked: the account exists.
  await expect(phone).toHaveURL(new RegExp(`/checkout/${evening.id}$`));
  await expect(phone.getByRole('heading', { level: 1, name: 'Complete Registration' })).toBeVisible();
  await context.close();
});
