import type { Page } from '@playwright/test';
import { axeViolations, DEMO, logIn, signIn } from './helpers';
import { expect, test } from './fixtures';

/**
 * Events, checkout and tickets with the built-in test payment provider and the demo data:
 * 'Tonight at The Wine Bar' starts ~45 minutes after the data loads (check-in is open, no refund),
 * 'Northern Quarter Newcomers Night' is weeks away (full refund).
 */

const NQ = 'Northern Quarter Newcomers Night';
const TONIGHT = 'Tonight at The Wine Bar';

interface Mail {
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string }[];
}

/** axe on every screen of this journey as it is: dialogs and any toast on screen included. */
async function accessible(page: Page) {
  expect(await axeViolations(page)).toEqual([]);
}

async function openCheckout(page: Page, title: string) {
  await page.goto('/events');
  await page.getByRole('link', { name: `Register £15.00 for ${title}` }).click();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Registration' })).toBeVisible();
  await expect(page.getByText('Test mode: no real payment')).toBeVisible();
  await expect(page.getByText(/Your seat is held for \d\d:\d\d/)).toBeVisible();
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiry date').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay £15.00' }).click();
}

test('browse, pay with the test card, get the ticket e-mail, cancel and get the refund', async ({ page }) => {
  await logIn(page, DEMO.member);
  // After login, members land on the events.
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('tab', { name: 'Upcoming', selected: true })).toBeVisible();
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { name: NQ }) });
  await expect(card.getByText('Ages 21-35')).toBeVisible();
  await expect(card.getByText(/\d+\/40 participants/)).toBeVisible();
  await expect(card.getByText(/\d+ spots left/)).toBeVisible();
  await expect(card.getByText('Open', { exact: true })).toBeVisible();
  await accessible(page);

  // My Events: the demo member's upcoming registration and the completed launch evening.
  await page.getByRole('tab', { name: 'My Events' }).click();
  await expect(page.getByRole('heading', { name: 'Thursday Night Speed Friendship' })).toBeVisible();
  await expect(page.getByText('Completed', { exact: true }).first()).toBeVisible();
  await accessible(page);

  // Event page, then checkout.
  await page.getByRole('tab', { name: 'Upcoming' }).click();
  await card.getByRole('link', { name: /View Details/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: NQ })).toBeVisible();
  await accessible(page);
  await page.getByRole('link', { name: /Register £15.00/ }).click();
  await expect(page.getByText('Includes: Venue access and a welcome drink')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to event' })).toHaveAttribute('href', /\/events\/\d+$/);
  await accessible(page);

  await payWith(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/events\/\d+\?payment=success$/);
  await expect(page.getByText('Payment Successful').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: "You're registered" })).toBeVisible();
  await expect(page.getByText('Paid £15.00')).toBeVisible();
  await expect(page.getByRole('heading', { name: /Who's coming/ })).toBeVisible();
  await accessible(page);

  // The ticket e-mail: QR code and calendar file.
  let ticket: Mail | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(DEMO.member)}`)).json()) as Mail[];
      ticket = mails.find((m) => m.subject.startsWith(`Your ticket: ${NQ}`));
      return ticket;
    })
    .toBeTruthy();
  expect(ticket!.text).toContain('£15.00 paid');
  expect(ticket!.attachments.map((a) => a.filename)).toEqual(expect.arrayContaining(['ticket-qr.png', 'speed-friendship.ics']));

  // Cancel weeks ahead: the dialog states the rule, the server confirms the refund.
  await page.getByRole('button', { name: 'Cancel registration' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText("you'll get a full refund of £15.00")).toBeVisible();
  await accessible(page);
  await dialog.getByRole('button', { name: 'Cancel registration' }).click();
  // One confirmation (issue 22): the dialog closes and the page's notice, focused, says what the server did.
  await expect(dialog).toHaveCount(0);
  const notice = page.getByRole('status').filter({ hasText: 'Registration cancelled' });
  await expect(notice).toContainText('Your place is cancelled and £15.00 will be refunded to your card within 5-10 working days.');
  await expect(notice).toBeFocused();
  await expect(page.getByText(/will be refunded/)).toHaveCount(1);
  await accessible(page);
  await expect(page.getByRole('link', { name: /Register £15.00/ })).toBeVisible();
  await expect(page.locator('main').getByText('Payment Successful')).toHaveCount(0);
});

test('pay for tonight and cancel without a refund', async ({ page }) => {
  await signIn(page, DEMO.member);
  await openCheckout(page, TONIGHT);
  await payWith(page, '4242424242424242');
  await expect(page).toHaveURL(/\?payment=success$/);
  await accessible(page);

  // Less than 24 hours before the start: no refund, said before and after. (Checking in, after which
  // no cancel is offered, is the live evening's journey: a member left checked in here would change its room.)
  await page.getByRole('button', { name: 'Cancel registration' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('so there is no refund')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel registration' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Registration cancelled' })).toContainText(
    'As the event starts in less than 24 hours, there is no refund.',
  );
});

test('a declined card shows Payment Failed and keeps the seat held', async ({ page }) => {
  await signIn(page, DEMO.member);
  await openCheckout(page, NQ);

  // Checked before sending.
  await page.getByRole('button', { name: 'Pay £15.00' }).click();
  await expect(page.getByText('Enter your card number')).toBeVisible();

  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByText('Payment Failed')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(page).toHaveURL(/\/checkout\/\d+$/);
  await expect(page.getByText(/Your seat is held for \d\d:\d\d/)).toBeVisible();
  await accessible(page);
});
