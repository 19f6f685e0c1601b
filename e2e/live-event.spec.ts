import { bookedGuest, DEMO, expectAccessible, newEvening, newMember, ok, signIn } from './helpers';
import { expect, test } from './fixtures';

/**
 * /live-event (docs/spec/organiser-tools.md §2.16, docs/product.md "The live evening"): during a
 * round, a checked-in guest sees whom they can log, logs a conversation by code or from the list,
 * answers yes/no, and their log shows it. Visitors and members without a ticket see a card
 * instead. The evening is a fresh one the demo host creates, so the journey does not depend on
 * the demo evening's state (live-evening.spec.ts ends that one).
 */

test('a guest logs the people they meet by code and from the list, answers yes/no, and sees it in their log', async ({ browser, page: host }) => {
  test.setTimeout(180_000);
  await signIn(host, DEMO.host);
  const event = await newEvening(host);
  const alice = await bookedGuest(browser, 'Alice Ashworth', event.id);
  const bilal = await bookedGuest(browser, 'Bilal Bradshaw', event.id);
  const live = `/live-event?event=${event.id}`;

  // Booked but not yet checked in: the page explains, and logging is closed.
  await alice.page.goto(live);
  await expect(alice.page.getByRole('heading', { level: 1, name: 'Live Connections' })).toBeVisible();
  await expect(alice.page.getByText(/You're not checked in yet/)).toBeVisible();

  // The host checks both in at the door and starts round 1.
  for (const g of [alice, bilal]) await ok(await host.request.post(`/api/events/${event.id}/checkin`, { data: { userId: g.id } }));
  await ok(await host.request.post(`/api/events/${event.id}/timer`, { data: { type: 'start_timer' } }));

  // Alice, during the round: the clock is live and her partner Bilal is in the list of guests to log.
  await alice.page.reload();
  await expect(alice.page.getByRole('heading', { name: 'Round 1' })).toBeVisible({ timeout: 15_000 });
  await expect(alice.page.getByText('Round in progress', { exact: true })).toBeVisible();
  await alice.page.getByRole('tab', { name: 'List' }).click();
  const guests = alice.page.getByRole('list', { name: 'Checked-in guests' });
  await expect(guests.getByRole('button', { name: `Log conversation with ${bilal.name}` })).toBeEnabled();
  await expect(guests.getByRole('listitem')).toHaveCount(1);
  await expectAccessible(alice.page);

  // Bilal reads out his personal code; Alice types it in (lower case is fine).
  await bilal.page.goto(live);
  await expect(bilal.page.getByRole('heading', { name: 'Round 1' })).toBeVisible({ timeout: 15_000 });
  const code = (await bilal.page.getByText('Personal code').locator('xpath=following-sibling::p[1]').innerText()).trim();
  expect(code).toMatch(/^[0-9A-F]{6}$/);

  await alice.page.getByRole('tab', { name: 'Code' }).click();
  await alice.page.getByLabel('Their personal code').fill(code.toLowerCase());
  await alice.page.getByRole('button', { name: 'Log connection' }).click();
  await expect(alice.page.getByText(`Logged ${bilal.name}`)).toBeVisible();

  // The decision card asks about Bilal; Alice says yes; her log shows him as a Match, by code, in round 1.
  await expect(alice.page.getByText(`Would you like to stay in touch with ${bilal.name}?`)).toBeVisible();
  await alice.page.getByRole('button', { name: 'Yes', exact: true }).click();
  await expect(alice.page.getByText(`You'd like to stay in touch with ${bilal.name}`)).toBeVisible();
  const aliceLog = alice.page.getByRole('heading', { name: /Your connections/ }).locator('xpath=ancestor::*[.//ul][1]');
  const bilalRow = aliceLog.getByRole('listitem').filter({ hasText: bilal.name });
  await expect(bilalRow).toContainText('Match');
  await expect(bilalRow).toContainText('Code');
  await expect(bilalRow).toContainText('Round 1');
  // Logged once: the list now marks him as done.
  await alice.page.getByRole('tab', { name: 'List' }).click();
  await expect(guests.getByRole('button', { name: new RegExp(`^${bilal.name}\\s*: already logged$`) })).toBeDisabled();

  // Bilal logs Alice from the list and says no: Declined in his log; Alice's answer is untouched.
  await bilal.page.getByRole('tab', { name: 'List' }).click();
  await bilal.page
    .getByRole('list', { name: 'Checked-in guests' })
    .getByRole('button', { name: `Log conversation with ${alice.name}` })
    .click();
  await expect(bilal.page.getByText(`Would you like to stay in touch with ${alice.name}?`)).toBeVisible();
  await bilal.page.getByRole('button', { name: 'No', exact: true }).click();
  const bilalLog = bilal.page.getByRole('heading', { name: /Your connections/ }).locator('xpath=ancestor::*[.//ul][1]');
  const aliceRow = bilalLog.getByRole('listitem').filter({ hasText: alice.name });
  await expect(aliceRow).toContainText('Declined');
  await expect(aliceRow).toContainText('List');
  await expectAccessible(bilal.page);

  // After a reload the logs come from the server as they are.
  await alice.page.reload();
  await expect(
    alice.page
      .getByRole('heading', { name: /Your connections/ })
      .locator('xpath=ancestor::*[.//ul][1]')
      .getByRole('listitem')
      .filter({ hasText: bilal.name }),
  ).toContainText('Match');
  await expect(alice.page.getByText(`Would you like to stay in touch with ${bilal.name}?`)).toHaveCount(0);

  await alice.page.context().close();
  await bilal.page.context().close();
});

test('a visitor sees a card with a login link, and a member without a ticket a guests-only card', async ({ browser, page }) => {
  await page.goto('/live-event');
  await expect(page.getByRole('heading', { level: 1, name: 'Live Connections' })).toBeVisible();
  await expect(page.getByText('Log in to join the live evening')).toBeVisible();
  const login = page.getByRole('main').getByRole('link', { name: 'Log in', exact: true });
  await expect(login).toHaveAttribute('href', '/login?next=%2Flive-event');
  await expectAccessible(page);
  await login.click();
  await expect(page).toHaveURL(/\/login\?next=%2Flive-event$/);

  // A member who has not booked the evening in the link sees why, and where to book.
  const upcoming = (await (await page.request.get('/api/events/upcoming')).json()) as { id: number; title: string }[];
  const evening = upcoming[0]!;
  const { page: member } = await newMember(browser, 'Nora Newcomer');
  await member.goto(`/live-event?event=${evening.id}`);
  await expect(member.getByText('This page is for guests of this evening')).toBeVisible();
  await expect(member.getByRole('link', { name: 'See the event' })).toHaveAttribute('href', `/events/${evening.id}`);
  await expectAccessible(member);
  await member.context().close();
});
