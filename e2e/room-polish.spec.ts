import { mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { apiGuest, DEMO, expectAccessible, newEvening, newMember, ok, shot, signIn } from './helpers';
import { expect, test } from './fixtures';

/**
 * The guest side of the door and the room (issue 22), on a phone (390x844) and a desktop (1280x800):
 * each state a guest tripped over, with checks that fail when the layout breaks (a word split over
 * two lines, interest chips stacked one per line, anything wider than the screen) or the words are
 * wrong. Screenshots go to /tmp/room/ to be looked at.
 */

const SIZES = [
  ['phone', { width: 390, height: 844 }],
  ['desktop', { width: 1280, height: 800 }],
] as const;
const SHOTS = '/tmp/room';
mkdirSync(SHOTS, { recursive: true });

const TONIGHT_TITLE = 'Tonight at The Wine Bar';

/** Words (runs of non-space) in these elements that the browser split over two lines: a name broken as "Michae / l". */
async function brokenWords(elements: Locator): Promise<string[]> {
  return elements.evaluateAll((els) => {
    const broken: string[] = [];
    for (const el of els) {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (lines.size > 1) broken.push(m[0]);
        }
      }
    }
    return broken;
  });
}

/** Interest lists whose first two chips are not side by side (one chip per line beside a badge). */
async function stackedChips(scope: Locator): Promise<string[]> {
  return scope.locator('ul[aria-label^="Interests of"]').evaluateAll((lists) =>
    lists
      .filter((ul) => {
        const [a, b] = [...ul.children].map((li) => li.getBoundingClientRect());
        return a && b && Math.abs(a.top - b.top) > 2;
      })
      .map((ul) => ul.getAttribute('aria-label') ?? ''),
  );
}

/** Nothing on the page is wider than the screen (no sideways scrolling on a phone). */
async function fitsTheScreen(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

/** The element lies inside the viewport horizontally (a badge or notice pushed off the edge fails). */
async function insideWidth(page: Page, el: Locator) {
  const box = (await el.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width);
}

async function shoot(page: Page, name: string) {
  await shot(page, `${SHOTS}/${name}.png`, { fullPage: true });
}

test('/friend-groups: every name whole, interest chips in a row, and where the group met', async ({ page }) => {
  await signIn(page, DEMO.member);
  for (const [label, size] of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/friend-groups');
    const group = page.getByRole('region', { name: /^Group of \d+$/ }).first();
    await expect(group).toBeVisible();
    const members = group.getByRole('list', { name: 'Members' });
    await expect(members.getByText('Sarah Johnson')).toBeVisible();
    // The demo member, Sarah and Emma were all at the launch evening: that is where they met.
    await expect(group.getByRole('heading', { name: 'Where you met' })).toBeVisible();
    await expect(group.getByText('Wine Bar Speed Friendship')).toBeVisible();
    expect(await brokenWords(members.locator('p'))).toEqual([]);
    expect(await stackedChips(group)).toEqual([]);
    for (const badge of await members.getByText(/^Contact (Shared|not shared yet)$/).all()) await insideWidth(page, badge);
    await fitsTheScreen(page);
    await expectAccessible(page);
    await shoot(page, `friend-groups-${label}`);
  }
});

test('/missed-connections: the proposed evening is one the invitee can still book, and the choice survives a reload', async ({ page }) => {
  await signIn(page, DEMO.member);
  for (const [label, size] of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/missed-connections');
    const invitesFor = page.getByText('Invites are for').locator('..');
    await expect(invitesFor).toBeVisible();
    // Tonight's evening starts within the hour: too soon for anyone reading an invite to book it.
    await expect(invitesFor).not.toContainText(TONIGHT_TITLE);
    await page.getByRole('tab', { name: 'Follow-up events' }).click();
    await expect(page.getByRole('radio', { name: new RegExp(TONIGHT_TITLE) })).toHaveCount(0);
    // Choose another evening than the one proposed.
    const other = page.locator('label', { has: page.locator('input[type=radio]:not(:checked):not(:disabled)') }).first();
    const title = (await other.locator('span.text-lg').textContent())!;
    await other.click();
    await expect(page.getByRole('radio', { name: new RegExp(title) })).toBeChecked();
    await expect(page).toHaveURL(/[?&]followUp=\d+/);

    await page.reload();
    await expect(page.getByText('Invites are for').locator('..')).toContainText(title);
    await page.getByRole('tab', { name: 'Follow-up events' }).click();
    await expect(page.getByRole('radio', { name: new RegExp(title) })).toBeChecked();
    expect(await brokenWords(page.locator('fieldset label span.text-lg'))).toEqual([]);
    await fitsTheScreen(page);
    await expectAccessible(page);
    await shoot(page, `missed-connections-${label}`);
  }
});

test('/arrival days ahead: when arrival opens (an hour before the start), no tips for tonight; cancelling the unpaid demo booking says why nothing is refunded', async ({
  page,
}) => {
  const me = await signIn(page, DEMO.member);
  const mine = await ok<{ id: number; title: string; price: number }[]>(await page.request.get(`/api/users/${me.id}/events`));
  const thursday = mine.find((e) => e.title === 'Thursday Night Speed Friendship')!;
  expect(thursday.price).toBeGreaterThan(0);
  for (const [label, size] of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`/arrival?event=${thursday.id}`);
    const card = page.getByRole('region', { name: 'The Wine Bar' });
    await expect(card.getByText(/^Arrival from/)).toContainText('6:00 PM');
    await expect(card).toContainText('Check-in opens an hour before the 7:00 PM start');
    await expect(page.getByRole('heading', { name: 'Tips for tonight' })).toHaveCount(0);
    await expect(page.getByText(/first round soon/)).toHaveCount(0);
    await fitsTheScreen(page);
    await expectAccessible(page);
    await shoot(page, `arrival-days-ahead-${label}`);
  }

  // The demo booking of a £15 evening carries no payment: the dialog says so rather than "nothing to refund" alone.
  await page.setViewportSize(SIZES[0][1]);
  await page.goto(`/events/${thursday.id}`);
  await page.getByRole('button', { name: 'Cancel registration' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('No payment was taken for this place, so there is nothing to refund, though the evening costs £15.00.');
  await insideWidth(page, dialog);
  await shoot(page, 'cancel-unpaid-demo-phone');
  await dialog.getByRole('button', { name: 'Keep my place' }).click();
  await expect(page.getByRole('heading', { name: "You're registered" })).toBeVisible();
});

test('a seat held for the waitlist reads "1 seat held for the waitlist", not "Full" beside 5/6; cancelling confirms once', async ({
  browser,
  page: host,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signIn(host, DEMO.host);
  const evening = await newEvening(host, 'Held Seat Supper', 10, { seats: 6, ownVenue: true, endTime: '21:00', description: 'Short chats.' });
  const guests = await Promise.all(['Gina', 'Hal', 'Ida', 'Jon', 'Kay', 'Lou'].map((n) => apiGuest(baseURL!, evening.id, `${n} Guest`).then((g) => g.ctx)));
  const ann = await newMember(browser, 'Ann Waiting');
  await ok(await ann.page.request.post(`/api/events/${evening.id}/waitlist`));
  await ok(await guests[0]!.delete(`/api/events/${evening.id}/registration`));

  const viewer = await newMember(browser, 'Vic Viewer');
  for (const [label, size] of SIZES) {
    await viewer.page.setViewportSize(size);
    await viewer.page.goto(`/events/${evening.id}`);
    const held = viewer.page.getByText('1 seat held for the waitlist', { exact: true });
    await expect(held).toBeVisible();
    await expect(viewer.page.getByText('5/6', { exact: true })).toBeVisible();
    await expect(viewer.page.getByText('Full', { exact: true })).toHaveCount(0);
    await insideWidth(viewer.page, held);
    expect(await brokenWords(held)).toEqual([]);
    await fitsTheScreen(viewer.page);
    await expectAccessible(viewer.page);
    await shoot(viewer.page, `event-held-seat-${label}`);
  }
  await viewer.page.goto('/events');
  const card = viewer.page.locator('article', { has: viewer.page.getByRole('heading', { name: evening.title }) });
  await expect(card.getByText('1 seat held for the waitlist', { exact: true })).toBeVisible();
  await expect(card.getByText('Full', { exact: true })).toHaveCount(0);

  // One confirmation for a cancellation: the page's notice, not a banner, a toast and a sheet.
  const other = await newEvening(host, 'Cancel Once Club', 10, { seats: 6, ownVenue: true, endTime: '21:00', description: 'Short chats.' });
  await ok(await viewer.page.request.post(`/api/events/${other.id}/register`, { data: { userId: viewer.id, consentToShare: true } }));
  for (const [label, size] of SIZES) {
    if (label === 'desktop')
      await ok(await viewer.page.request.post(`/api/events/${other.id}/register`, { data: { userId: viewer.id, consentToShare: true } }));
    await viewer.page.setViewportSize(size);
    await viewer.page.goto(`/events/${other.id}`);
    await viewer.page.getByRole('button', { name: 'Cancel registration' }).click();
    await viewer.page.getByRole('dialog').getByRole('button', { name: 'Cancel registration' }).click();
    await expect(viewer.page.getByRole('dialog')).toHaveCount(0);
    const notice = viewer.page.getByRole('status').filter({ hasText: 'Registration cancelled' });
    await expect(notice).toBeVisible();
    await expect(notice).toBeFocused();
    await expect(viewer.page.getByText(/registration cancelled/i)).toHaveCount(1);
    await expect(viewer.page.locator('[data-sonner-toast]')).toHaveCount(0);
    await insideWidth(viewer.page, notice);
    await fitsTheScreen(viewer.page);
    await expectAccessible(viewer.page);
    await shoot(viewer.page, `cancelled-once-${label}`);
  }
  await Promise.all(guests.map((g) => g.dispose()));
});
