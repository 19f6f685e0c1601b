import { apiGuest, DEMO, expectAccessible, newEvening, newMember, ok, shot, signIn } from './helpers';
import { expect, test } from './fixtures';

/**
 * A full evening's waitlist (docs/decisions/0016): a member joins the line on the event page, a
 * guest cancels, the first in line gets the e-mail and the held seat with its countdown, and books
 * it; the host sees who is still waiting.
 */

test('a full evening: join the waitlist, a guest cancels, the held seat is offered and booked', async ({ browser, page: host, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(host, DEMO.host);
  const evening = await newEvening(host, 'Snug Supper Club', 10, { seats: 6, ownVenue: true, endTime: '21:00', description: 'Six seats round one table.' });
  const guests = await Promise.all(['Gina', 'Hal', 'Ida', 'Jon', 'Kay', 'Lou'].map((n) => apiGuest(baseURL!, evening.id, `${n} Guest`).then((g) => g.ctx)));

  const ann = await newMember(browser, 'Ann Waiting');
  const ben = await newMember(browser, 'Ben Behind');
  await ann.page.goto(`/events/${evening.id}`);
  await expect(ann.page.getByText(/This evening is full\. Join the waitlist/)).toBeVisible();
  await ann.page.getByRole('button', { name: 'Join the waitlist', exact: true }).click();
  await expect(ann.page.getByText("You're number 1 on the waitlist")).toBeVisible();
  await expectAccessible(ann.page);
  await shot(ann.page, testInfo.outputPath('waitlist-phone.png'), { fullPage: true });

  await ben.page.goto(`/events/${evening.id}`);
  await ben.page.getByRole('button', { name: 'Join the waitlist', exact: true }).click();
  await expect(ben.page.getByText("You're number 2 on the waitlist")).toBeVisible();

  // Gina gives her place up: it goes to Ann, not to whoever refreshes first.
  await ok(await guests[0]!.delete(`/api/events/${evening.id}/registration`));
  await expect
    .poll(async () =>
      ((await (await host.request.get(`/api/dev/outbox?to=${encodeURIComponent(ann.email)}`)).json()) as { subject: string }[]).map((m) => m.subject),
    )
    .toContain(`A place has opened at ${evening.title}`);

  await ann.page.reload();
  await expect(ann.page.getByText('A place has opened for you')).toBeVisible();
  await expect(ann.page.getByText(/^11:5\d:\d\d$/)).toBeVisible();
  await expectAccessible(ann.page);
  await shot(ann.page, testInfo.outputPath('offer-phone.png'), { fullPage: true });

  // Someone new cannot take the held seat.
  const late = await newMember(browser, 'Lee Late');
  await late.page.goto(`/events/${evening.id}`);
  await expect(late.page.getByRole('button', { name: 'Join the waitlist', exact: true })).toBeVisible();

  await ann.page.getByRole('button', { name: `Register free for ${evening.title}` }).click();
  await expect(ann.page.getByRole('heading', { name: "You're registered" })).toBeVisible();

  await ben.page.reload();
  await expect(ben.page.getByText("You're number 1 on the waitlist")).toBeVisible();

  await host.goto(`/events/${evening.id}`);
  const line = host.getByRole('list', { name: 'People on the waitlist' });
  await expect(line.getByRole('listitem')).toHaveText(['1.Ben BehindWaiting']);
  await host.setViewportSize({ width: 1280, height: 900 });
  await shot(host, testInfo.outputPath('host-waitlist-desktop.png'), { fullPage: true });
  await Promise.all(guests.map((g) => g.dispose()));
});
