import type { Locator, Page } from '@playwright/test';
import { DEMO, expectAccessible, logIn, signIn } from './helpers';
import { expect, test } from './fixtures';

/** 'Wednesday 14 May 2025' (browsers may add a comma after the weekday) for a London day some days ahead. */
function dayAhead(days: number): { label: RegExp; iso: string } {
  const at = new Date(Date.now() + days * 86_400_000);
  const parts = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/London' }).formatToParts(
    at,
  );
  const get = (t: string) => parts.find((p) => p.type === t)!.value;
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(at);
  return { label: new RegExp(`^${get('weekday')},? ${get('day')} ${get('month')} ${get('year')}`), iso };
}

/** Months from London's this month to the month of `iso` (YYYY-MM-DD). */
const monthsFromNow = (iso: string) => {
  const [y, m] = iso.split('-').map(Number);
  const [ty, tm] = dayAhead(0).iso.split('-').map(Number);
  return (y! - ty!) * 12 + (m! - tm!);
};

/** Open the date popover of a field and pick the day, moving on as many months as it is ahead. */
async function pickDay(page: Page, scope: Locator | Page, field: string, days: number) {
  const { label, iso } = dayAhead(days);
  await scope.getByRole('button', { name: new RegExp(`^${field}`) }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // It opens on this month, the first offered: no earlier month can be reached.
  const thisMonth = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'Europe/London' }).format(new Date());
  await expect(dialog.getByText(thisMonth, { exact: true })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /^Previous month/ })).toBeDisabled();
  // Yesterday is never pickable: shown disabled when it falls in this month, else in a month not offered.
  const yesterday = dialog.getByRole('button', { name: dayAhead(-1).label });
  if (monthsFromNow(dayAhead(-1).iso) === 0) await expect(yesterday).toBeDisabled();
  else await expect(yesterday).toHaveCount(0);
  for (let i = 0; i < monthsFromNow(iso); i++) await dialog.getByRole('button', { name: /^Next month/ }).click();
  await dialog.getByRole('button', { name: label }).click();
  await expect(dialog).toBeHidden();
}

test('a member sees that the organiser tools are for hosts only', async ({ page }) => {
  await page.goto('/create-event');
  await expect(page.getByRole('heading', { name: 'This page is for hosts only' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fcreate-event');

  await logIn(page, DEMO.member);
  for (const path of ['/create-event', '/venues', '/calendar']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'This page is for hosts only' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Create Event|Add Venue/ })).toHaveCount(0);
  }
  await expectAccessible(page);
  expect((await page.request.get('/api/venues')).status()).toBe(403);
});

test('a host adds a venue, schedules an evening there from the date popover and finds it listed', async ({ page }) => {
  test.setTimeout(150_000); // a long journey across three screens, with several accessibility checks
  const stamp = Date.now() % 1_000_000;
  const venueName = `The Rose Garden ${stamp}`;
  const title = `Garden Friendship Evening ${stamp}`;
  await signIn(page, DEMO.host);

  // /venues: the Add button waits for a name and a city; the new venue is active and not scheduled.
  await page.goto('/venues');
  await expect(page.getByRole('heading', { name: 'Venue Management', level: 1 })).toBeVisible();
  await expectAccessible(page);
  const form = page.getByRole('form', { name: 'Add new venue' });
  const add = form.getByRole('button', { name: 'Add Venue' });
  await expect(add).toBeDisabled();
  await expect(form.getByLabel('Capacity')).toHaveValue('40');
  await expect(form.getByLabel('Price per hour (£)')).toHaveValue('50');
  await form.getByLabel('Venue name').fill(venueName);
  await expect(add).toBeDisabled();
  await form.getByLabel('City', { exact: true }).fill('Whitefield');
  await form.getByLabel('Address').fill('7 Church Lane');
  const bar = form.getByRole('button', { name: 'Bar' });
  await bar.click();
  await expect(bar).toHaveAttribute('aria-pressed', 'true');
  await add.click();

  const card = page.getByRole('article', { name: venueName });
  await expect(card).toBeVisible();
  await expect(card.getByText('Active', { exact: true })).toBeVisible();
  await expect(card.getByText('Not scheduled')).toBeVisible();
  await expect(card.getByText('£50')).toBeVisible();
  await expect(form.getByLabel('Venue name')).toHaveValue('');
  await card.getByRole('button', { name: /View Events/ }).click();
  await expect(card.getByText('No events at this venue yet.')).toBeVisible();
  await expectAccessible(page);

  // Schedule Event opens /create-event with the venue filled in.
  await card.getByRole('link', { name: /Schedule Event/ }).click();
  await expect(page).toHaveURL(/\/create-event\?venue=\d+$/);
  await expect(page.getByLabel('Venue name')).toHaveValue(venueName);
  await expect(page.getByLabel('Venue address')).toHaveValue('7 Church Lane');
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('Whitefield');
  await expect(page.getByLabel('Start time')).toHaveValue('19:00');
  await expect(page.getByLabel('End time')).toHaveValue('22:00');
  await expect(page.getByLabel('Minimum age')).toHaveValue('25');
  await expect(page.getByLabel('Maximum age')).toHaveValue('40');
  await expect(page.getByLabel('Maximum participants')).toHaveValue('30');
  await expect(page.getByLabel('Price (£)')).toHaveValue('15');

  // The spec's messages, before anything is sent.
  await page.getByLabel('Maximum participants').fill('3');
  await page.getByLabel('Price (£)').fill('-1');
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event title is required')).toBeVisible();
  await expect(page.getByText('Event date is required')).toBeVisible();
  await expect(page.getByText('Please select a date')).toBeVisible();
  await expect(page.getByText('Must allow at least 6 participants')).toBeVisible();
  await expect(page.getByText('Price cannot be negative')).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel('Event title').fill(title);
  await page.getByLabel('Maximum participants').fill('24');
  await page.getByLabel('Price (£)').fill('12.5');
  await page.getByRole('button', { name: /^Event date/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await pickDay(page, page, 'Event date', 12);
  await expect(page.getByText('Please select a date')).toHaveCount(0);

  const created = page.waitForResponse((r) => r.url().endsWith('/api/events') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Create Event' }).click();
  const sent = (await created).request().postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({
    title,
    date: dayAhead(12).iso,
    startTime: '19:00',
    endTime: '22:00',
    price: 1250,
    maxParticipants: 24,
    status: 'upcoming',
    roundDuration: 300,
  });
  expect(sent.hostId).not.toBe(1);

  const status = page.getByRole('status').filter({ hasText: 'created successfully' });
  await expect(status).toHaveText(new RegExp(`Event "${title}" created successfully!`));
  await expect(page.getByLabel('Event title')).toHaveValue('');
  await expectAccessible(page);

  // The evening is listed on /events and opens from the success message's link.
  const link = status.getByRole('link', { name: 'View the event page' });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/events\/\d+$/);
  await page.goto('/events');
  await expect(page.getByText(title).first()).toBeVisible();
  await page.goto(href!);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // Its venue now shows the evening; the calendar books the slot.
  await page.goto('/venues');
  const after = page.getByRole('article', { name: venueName });
  await after.getByRole('button', { name: /View Events/ }).click();
  await expect(after.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  const venueId = (await after.getByRole('link', { name: /Schedule Event/ }).getAttribute('href'))!.split('=')[1];
  await page.goto(`/calendar?venue=${venueId}`);
  await expect(page.getByLabel('Venue', { exact: true })).toHaveValue(venueId!);

  // Manage Availability: blocking the booked evening is refused with the server's reason; a slot is added and removed.
  await page.getByRole('tab', { name: 'Manage Availability' }).click();
  const block = page.getByRole('form', { name: 'Block time' });
  await pickDay(page, block, 'Day', 12);
  await block.getByLabel('Reason').selectOption('staff_training');
  await block.getByRole('button', { name: 'Block Time' }).click();
  await expect(block.getByRole('alert')).toContainText('is booked at that time');
  const slot = page.getByRole('form', { name: 'Add an available slot' });
  await expect(slot.getByLabel('Maximum capacity')).toHaveValue('45');
  await pickDay(page, slot, 'Day', 13);
  await slot.getByRole('button', { name: 'Add Slot' }).click();
  const remove = page.getByRole('button', { name: /^Remove available slot/ });
  await expect(remove).toHaveCount(1);
  await expectAccessible(page);
  await remove.click();
  await expect(remove).toHaveCount(0);

  await page.getByRole('tab', { name: 'Live Bookings' }).click();
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expectAccessible(page);
});
