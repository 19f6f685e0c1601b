import type { Page } from '@playwright/test';
import { bookedGuest, DEMO, expectAccessible, newEvening, ok, shot, signIn } from './helpers';
import { expect, test } from './fixtures';

/**
 * No-shows have a cost (GitHub issue 35, docs/decisions/0076-no-shows-have-a-cost.md): a member books
 * two free evenings and comes to neither; as the host ends each, its no-shows are recorded (the
 * sweep, every minute on each instance, records the evenings nobody ended). The member's profile shows the record, and the page of a
 * third free evening says why and until when they cannot book it, instead of a Register button. An
 * admin clears one with a reason on the members screen; the member sees it cleared and can book again.
 */

// A day of its own for each evening (the demo host's venue takes one booking at a time), also when a retry loads this file again.
let days = 20 + Math.floor(Math.random() * 300);

const desktop = { width: 1280, height: 900 };
const phone = { width: 390, height: 844 };

/** The host ends the evening from its timer (before it even started: it is over). */
async function endEvening(host: Page, eventId: number) {
  await ok(await host.request.post(`/api/events/${eventId}/timer`, { data: { type: 'end_event' } }));
}

test('two no-shows pause free bookings until a date the evening page shows; an admin clears one with a reason', async ({ browser, page: host }, testInfo) => {
  test.setTimeout(240_000); // a hang detector (docs/decisions/0106): several contexts, pages and screenshots
  await signIn(host, DEMO.host);
  const missedA = await newEvening(host, 'Missed evening', days++);
  const missedB = await newEvening(host, 'Missed again', days++);
  const next = await newEvening(host, 'Next free evening', days++);

  const nadia = await bookedGuest(browser, 'Nadia Noshow', missedA.id);
  await ok(await nadia.page.request.post(`/api/events/${missedB.id}/register`, { data: { userId: nadia.id, consentToShare: true } }));
  await endEvening(host, missedA.id);
  await endEvening(host, missedB.id);

  // Ending an evening records its no-shows (the sweep is for evenings nobody ended): both are
  // recorded, and free bookings are paused.
  expect((await ok<{ noShows: unknown[]; pause: unknown }>(await nadia.page.request.get('/api/no-shows/mine'))).pause).not.toBeNull();

  // The evening page says why and until when, where the Register button would be.
  await nadia.page.goto(`/events/${next.id}`);
  const notice = nadia.page.getByRole('note', { name: 'Booking paused' });
  await expect(notice).toContainText('You missed 2 evenings you had booked in six months');
  await expect(notice).toContainText("can't book free evenings or join a waitlist until");
  await expect(nadia.page.getByRole('button', { name: 'Register free' })).toHaveCount(0);
  await expectAccessible(nadia.page);
  await shot(nadia.page, testInfo.outputPath('event-notice-phone.png'), { fullPage: true });
  await nadia.page.setViewportSize(desktop);
  await shot(nadia.page, testInfo.outputPath('event-notice-desktop.png'), { fullPage: true });

  // Her profile lists both evenings.
  await nadia.page.goto('/profile');
  const record = nadia.page.locator('#no-shows');
  await expect(record.getByText(missedA.title)).toBeVisible();
  await expect(record.getByText(missedB.title)).toBeVisible();
  await expect(record.getByText('No-show', { exact: true })).toHaveCount(2);
  await expectAccessible(nadia.page);
  await record.scrollIntoViewIfNeeded();
  await shot(nadia.page, testInfo.outputPath('profile-record-desktop.png'), { fullPage: true });
  await nadia.page.setViewportSize(phone);
  await shot(nadia.page, testInfo.outputPath('profile-record-phone.png'), { fullPage: true });

  // An admin clears one, with a reason, on the members screen.
  const adminContext = await browser.newContext({ viewport: desktop });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin);
  await admin.goto('/admin-stats');
  const panel = admin.getByRole('region', { name: 'No-shows' });
  await panel.getByRole('button', { name: `Clear the no-show of Nadia Noshow at ${missedB.title}` }).click();
  const dialog = admin.getByRole('dialog', { name: "Clear Nadia Noshow's no-show" });
  // No reason: the form says so before sending.
  await dialog.getByRole('button', { name: 'Clear no-show' }).click();
  await expect(dialog.getByText('Please give a reason')).toBeVisible();
  await dialog.getByLabel('Reason').fill('Was in hospital that week (note seen)');
  await expectAccessible(admin);
  await shot(admin, testInfo.outputPath('admin-clear-desktop.png'));
  await dialog.getByRole('button', { name: 'Clear no-show' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText('Was in hospital that week (note seen)')).toBeVisible();
  await expectAccessible(admin);
  await shot(admin, testInfo.outputPath('admin-cleared-desktop.png'), { fullPage: true });
  await admin.setViewportSize(phone);
  await shot(admin, testInfo.outputPath('admin-cleared-phone.png'), { fullPage: true });
  await adminContext.close();

  // Nadia sees it cleared, with the reason, and can book the next free evening.
  await nadia.page.goto('/profile');
  await expect(record.getByText('Was in hospital that week (note seen)')).toBeVisible();
  await nadia.page.goto(`/events/${next.id}`);
  await nadia.page.getByRole('button', { name: 'Register free' }).click();
  // Booked: the page shows her ticket (the passing toast may be gone by the time it is looked for).
  await expect(nadia.page.getByRole('region', { name: "You're registered" })).toBeVisible();

  // The host sees counts on the dashboard, never who.
  await host.goto('/dashboard');
  const counts = host.getByRole('region', { name: 'No-shows at your evenings' });
  const rowB = counts.getByRole('listitem').filter({ hasText: missedB.title });
  await expect(rowB).toContainText("1 of 1 booked didn't come");
  await expect(rowB).toContainText('(1 cleared)');
  await expect(counts).not.toContainText('Nadia');
  await expectAccessible(host);
  await shot(counts, testInfo.outputPath('host-counts-phone.png'));

  // /privacy says the rule with the server's numbers.
  await nadia.page.goto('/privacy#privacy-no-shows');
  const rule = nadia.page.getByRole('region', { name: 'No-shows' });
  await expect(rule).toContainText('With 2 no-shows in six months, you cannot book free evenings or join a waitlist for 30 days from the latest.');
  await expectAccessible(nadia.page);
});
