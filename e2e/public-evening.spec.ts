import type { Page } from '@playwright/test';
import { codeSentBy, expectAccessible, ok, shot, unique } from './helpers';
import { expect, test } from './fixtures';

/**
 * A stranger who scans a flyer or taps a shared link lands on the evening's public page: no
 * account, no cookie (docs/decisions/0045). The demo data's 'Northern Quarter Newcomers Night' is
 * weeks away and open; the launch night at The Wine Bar is over; 'Coffee & Conversation' is full.
 */

const NQ = 'Northern Quarter Newcomers Night';

interface ListedEvent {
  id: number;
  title: string;
  status: 'upcoming' | 'completed';
  spotsLeft: number;
  date: string;
}

async function demoEvenings(page: Page) {
  // A visitor's list holds only the evenings open for booking (issue 34); the launch night, over, is the demo evening.
  const list = await ok<ListedEvent[]>(await page.request.get('/api/events'));
  const byTitle = (title: string) => list.find((e) => e.title === title)!;
  const past = await ok<ListedEvent>(await page.request.get('/api/events/demo'));
  expect(past.status).toBe('completed');
  return { open: byTitle(NQ), past, full: byTitle('Coffee & Conversation') };
}

test('a visitor opens an evening, sees what, when, where and how much, and books through log in', async ({ page }, testInfo) => {
  const { open } = await demoEvenings(page);
  const path = `/events/${open.id}`;

  // What a messenger or a search engine reads: the server's own HTML, before any script.
  const raw = await page.request.get(`${path}?source=flyer`);
  expect(raw.status()).toBe(200);
  const html = await raw.text();
  expect(html).toContain(`<title>${NQ} · Speed Friendship</title>`);
  expect(html).toContain(`<meta property="og:title" content="${NQ}" />`);
  expect(html).toMatch(/"@type":"Event"/);
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)![1]!;
  const card = await page.request.get(new URL(image).pathname);
  expect(card.headers()['content-type']).toBe('image/png');

  await page.goto(`${path}?source=flyer`);
  await expect(page.getByRole('heading', { level: 1, name: NQ })).toBeVisible();
  const facts = page.locator('dl').first();
  await expect(facts.getByText(/^\w+day, \d{1,2} \w+ \d{4}$/)).toBeVisible();
  await expect(facts.getByText(/^\d{1,2}:\d\d [AP]M – \d{1,2}:\d\d [AP]M$/)).toBeVisible();
  await expect(facts.getByRole('link', { name: /Open in map/ })).toHaveAttribute('href', /^https:\/\/www\.openstreetmap\.org\//);
  await expect(page.getByText('£15.00')).toBeVisible();
  await expect(page.getByText(/\d+ spots? left/).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'What happens at an evening' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Private ratings' })).toBeVisible();
  const book = page.getByRole('link', { name: 'Book your place' });
  await expect(book).toBeVisible();
  // Nothing private: no guest list, no host tools.
  await expect(page.getByText(/Who's coming|Check guests in|Host control/)).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, testInfo.outputPath('public-evening-phone.png'), { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await shot(page, testInfo.outputPath('public-evening-desktop.png'), { fullPage: true });
  await expectAccessible(page);

  // Book: a sign-up begun elsewhere (its code never entered) waits with the next code; the code on
  // the log-in page, which names the evening, makes the account and goes straight on to the checkout.
  const email = unique('visitor');
  expect(
    (await page.request.post('/api/users', { data: { name: 'Vera Visitor', email, age: 29, bio: 'New in town.', interests: ['Walking'] } })).status(),
  ).toBe(202);
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${path}?source=flyer`);
  await page.getByRole('link', { name: 'Book your place' }).click();
  await expect(page).toHaveURL(new RegExp(`/login\\?next=${encodeURIComponent(`/checkout/${open.id}`)}$`));
  await page.getByLabel('Email address').fill(email);
  // The log-in mails a new code and the sign-up's is replaced: wait for the new one.
  const code = await codeSentBy(page.request, email, () => page.getByRole('button', { name: 'Continue' }).click());
  await page.getByLabel('Login code').fill(code);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(new RegExp(`/checkout/${open.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Registration' })).toBeVisible();
});

test('a past evening says it has ended, a full one offers the waitlist, an unknown one is not found', async ({ page }) => {
  const { past, full } = await demoEvenings(page);

  await page.goto(`/events/${past.id}`);
  await expect(page.getByRole('heading', { level: 1, name: past.title })).toBeVisible();
  await expect(page.getByText(/This evening has ended\./)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Book your place' })).toHaveCount(0);
  await expectAccessible(page);

  await page.goto(`/events/${full.id}`);
  await expect(page.getByRole('heading', { level: 1, name: full.title })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/events/${full.id}`)}`);

  const missing = await page.goto('/events/987654');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Event not found' })).toBeVisible();

  // What's next, and Back: the evenings a visitor can book, open without logging in (issue 34).
  // Last: a while on the site registers the service worker, whose pages all answer 200.
  await page.goto(`/events/${past.id}`);
  await expect(page.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/events');
  await page.getByRole('link', { name: "See what's next" }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('link', { name: NQ })).toHaveAttribute('href', `/events/${(await demoEvenings(page)).open.id}`);
  await expect(page.getByRole('link', { name: past.title })).toHaveCount(0);
  await expectAccessible(page);
});

// Issue 34: what a stranger looks for on the page itself (Luma and Eventbrite have it all).
test('a visitor saves the evening to a calendar, copies its link, sees who hosts and how many go, reads the FAQ and the refund rule', async ({
  page,
  context,
}) => {
  const { open } = await demoEvenings(page);
  const path = `/events/${open.id}`;
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: NQ })).toBeVisible();

  // Add to calendar: the public .ics of the evening, nobody's personal data.
  const ics = page.getByRole('link', { name: 'Add to calendar' });
  await expect(ics).toHaveAttribute('href', `/api/events/${open.id}/calendar.ics`);
  const file = await page.request.get(`/api/events/${open.id}/calendar.ics`);
  expect(file.status()).toBe(200);
  const body = await file.text();
  expect(body).toContain(`SUMMARY:${NQ}`);
  expect(body).not.toMatch(/@(?!speedfriendship)[\w.-]+\.\w+/); // no e-mail address but the UID's

  // Share: the phone's sheet where there is one, else Copy link; either way the page's link with its source.
  const share = page.getByRole('button', { name: /^(Share|Copy link)$/ });
  if ((await share.textContent())?.includes('Copy link')) {
    await share.click();
    await expect(page.getByRole('status').filter({ hasText: 'Link copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`/events/${open.id}\\?source=page-link$`));
  }

  // How many are going (a number, never who), and the host as their profile shows them.
  await expect(page.getByText(/^\d+ going$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your host' })).toBeVisible();

  // The FAQ opens by keyboard.
  const faq = page.getByText('Is this dating?');
  await faq.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText(/Speed Friendship is for making friends/)).toBeVisible();
  await expectAccessible(page);
  await shot(page, '/tmp/shots-34b/public-evening-phone.png', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, '/tmp/shots-34b/public-evening-desktop.png', { fullPage: true });

  // The footer leads to the refund rule, a page of its own.
  await page.getByRole('navigation', { name: 'About this site' }).getByRole('link', { name: 'Refunds' }).click();
  await expect(page).toHaveURL(/\/refunds$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cancellations and refunds' })).toBeVisible();
  await expect(page.getByRole('heading', { name: '24 hours or more before the start: a full refund' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, '/tmp/shots-34b/refunds-desktop.png', { fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, '/tmp/shots-34b/refunds-phone.png', { fullPage: true });
  await expectAccessible(page);
});
