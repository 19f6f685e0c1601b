import { bookedGuest, DEMO, expectAccessible, newEvening, ok, shot, signIn } from './helpers';
import { expect, test } from './fixtures';

/**
 * The conversation guide (issue 36, docs/decisions/0081): during a round, two guests who share an
 * interest see a question about it under "Round 1: talk to NAME", the same on both phones, with a
 * follow-up hint; "Another question" gives the next; the host turns the guide off on /host-control
 * and it disappears from the guest's screen. A fresh evening of the demo host's.
 */
test('two guests who share an interest are asked about it, ask for another, and the host turns the guide off', async ({ browser, page: host }, testInfo) => {
  test.setTimeout(300_000);
  await signIn(host, DEMO.host);
  const event = await newEvening(host, 'Conversation guide evening', 17);
  // Both sign up with the same interests (helpers.newMember): walking and board games.
  const alice = await bookedGuest(browser, 'Alice Ashworth', event.id);
  const bilal = await bookedGuest(browser, 'Bilal Bradshaw', event.id);
  for (const g of [alice, bilal]) await ok(await host.request.post(`/api/events/${event.id}/checkin`, { data: { userId: g.id } }));

  await alice.page.goto(`/timer?event=${event.id}`);
  await bilal.page.goto(`/events/${event.id}`);
  await ok(await host.request.post(`/api/events/${event.id}/timer`, { data: { type: 'start_timer' } }));

  // Alice's timer: whom to talk to, and under it the question about what they share.
  await expect(alice.page.getByText(/Round 1: talk to Bilal Bradshaw/)).toBeVisible({ timeout: 15_000 });
  const guide = alice.page.getByRole('region', { name: 'A question to start' });
  await expect(guide).toBeVisible();
  const question = guide.getByText(/^You both like (walking|board games)\. /);
  await expect(question).toBeVisible();
  const opening = (await question.innerText()).trim();
  await expect(guide.getByText(/^Then: Ask /)).toBeVisible();

  // Bilal's event page shows the same question.
  await expect(bilal.page.getByText(/Round 1: talk to Alice Ashworth/)).toBeVisible({ timeout: 15_000 });
  await expect(bilal.page.getByRole('region', { name: 'A question to start' }).getByText(opening, { exact: true })).toBeVisible();
  await expectAccessible(alice.page);
  await expectAccessible(bilal.page);
  await shot(alice.page, testInfo.outputPath('timer-question-phone.png'), { fullPage: true });
  await shot(bilal.page, testInfo.outputPath('event-question-phone.png'), { fullPage: true });

  // Another question: a different one, numbered, with its own hint.
  await guide.getByRole('button', { name: 'Another question' }).click();
  const second = alice.page.getByRole('region', { name: 'Question 2' });
  await expect(second).toBeVisible();
  await expect(second.getByText(opening, { exact: true })).toHaveCount(0);
  await expect(second.getByText(/^Then: Ask /)).toBeVisible();
  await alice.page.setViewportSize({ width: 1280, height: 800 });
  await shot(alice.page, testInfo.outputPath('timer-question-desktop.png'), { fullPage: true });
  await bilal.page.setViewportSize({ width: 1280, height: 800 });
  await bilal.page.reload();
  await expect(bilal.page.getByRole('region', { name: 'Question 2' })).toBeVisible({ timeout: 15_000 });
  await shot(bilal.page, testInfo.outputPath('event-question-desktop.png'), { fullPage: true });

  // The host turns the guide off on the console: the question leaves Alice's screen without a reload.
  await host.setViewportSize({ width: 1280, height: 800 });
  await host.goto(`/host-control?event=${event.id}`);
  const setting = host.getByRole('group', { name: 'Conversation guide' });
  await expect(setting.getByRole('radio', { name: /Light/ })).toBeChecked();
  await expectAccessible(host);
  await shot(host, testInfo.outputPath('host-guide-desktop.png'), { fullPage: true });
  await setting.getByRole('radio', { name: /Off/ }).check();
  await expect(setting.getByRole('radio', { name: /Off/ })).toBeChecked();
  await expect(alice.page.getByText(/Round 1: talk to Bilal Bradshaw/)).toBeVisible();
  await expect(second).toHaveCount(0);
  await expect(alice.page.getByRole('button', { name: 'Another question' })).toHaveCount(0);
  await host.setViewportSize({ width: 390, height: 844 });
  await shot(host, testInfo.outputPath('host-guide-phone.png'), { fullPage: true });
});
