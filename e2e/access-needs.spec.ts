import { bookedGuest, DEMO, expectAccessible, newEvening, shot, signIn } from './helpers';
import { expect, test } from './fixtures';

/**
 * What would help a guest on the night (issue 39, docs/decisions/0086-access-needs-at-booking.md): a
 * booked guest tells the hosts under their ticket; the host sees it beside the guest at /check-in;
 * another guest never does.
 */
test('a guest tells the hosts what would help; the host sees it beside them at the door, nobody else does', async ({ browser, page: host }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(host, DEMO.host);
  const evening = await newEvening(host, 'Quiet table evening', 19);
  const lena = await bookedGuest(browser, 'Lena Lipreader', evening.id);
  const omar = await bookedGuest(browser, 'Omar Other', evening.id);

  // Under her ticket: asked, optional, and who sees it.
  await lena.page.goto(`/events/${evening.id}`);
  const card = lena.page.getByRole('region', { name: 'Anything that would help you on the night?' });
  await expect(card).toBeVisible();
  await expect(card.getByText(/Only this evening's hosts see it/)).toBeVisible();
  await card.getByLabel('What would help you (optional)').fill('I lip-read: a quiet table, please.');
  await expectAccessible(lena.page);
  await shot(lena.page, testInfo.outputPath('access-needs-phone.png'), { fullPage: true });
  await card.getByRole('button', { name: 'Save for the hosts' }).click();
  await expect(card.getByText("You told this evening's hosts:")).toBeVisible();
  await expect(card.getByText('I lip-read: a quiet table, please.')).toBeVisible();
  await lena.page.reload();
  await expect(lena.page.getByText('I lip-read: a quiet table, please.')).toBeVisible();

  // The host at the door: beside Lena, not beside Omar.
  await host.goto(`/check-in?event=${evening.id}`);
  const guests = host.getByRole('list', { name: 'Guests' });
  const lenaRow = guests.getByRole('listitem').filter({ hasText: 'Lena Lipreader' });
  await expect(lenaRow.getByText('I lip-read: a quiet table, please.')).toBeVisible();
  await expect(guests.getByRole('listitem').filter({ hasText: 'Omar Other' }).getByText('Would help:')).toHaveCount(0);
  await expectAccessible(host);
  await host.setViewportSize({ width: 1280, height: 900 });
  await shot(host, testInfo.outputPath('access-needs-check-in-desktop.png'), { fullPage: true });

  // Another guest of the evening never sees it, on any page of the evening.
  for (const path of [`/events/${evening.id}`, `/api/events/${evening.id}`, `/api/events/${evening.id}/participants`]) {
    const res = await omar.page.request.get(path);
    expect(await res.text()).not.toContain('lip-read');
  }
});
