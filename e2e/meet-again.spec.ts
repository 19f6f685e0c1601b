import type { Page } from '@playwright/test';
import { bookedGuest, DEMO, expectAccessible, newEvening, ok, shot, signIn } from './helpers';
import { expect, test } from './fixtures';

/**
 * "Meet again" (issue 36, docs/decisions/0082-meet-ups-decided-by-everyone.md): three guests of one
 * evening all matched each other (set up over the API: booked, checked in, the rounds held, every
 * pair rated 5, the contacts released). On /friend-groups Ada plans a meet-up with two times and a
 * place of her own; all three answer on their phones; once the last has answered it is confirmed,
 * and each of them has the confirmation mail with its .ics in the outbox.
 */

const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function answer(page: Page, yes: boolean[], last = false) {
  await page.goto('/friend-groups');
  const card = page.getByRole('region', { name: 'Group of 3' });
  const groups = card.getByRole('radiogroup');
  await expect(groups).toHaveCount(yes.length);
  for (const [i, y] of yes.entries())
    await groups
      .nth(i)
      .getByRole('radio', { name: y ? 'Yes' : 'No' })
      .click();
  await card.getByRole('button', { name: 'Send my answers' }).click();
  // The last answer confirms it: the card then shows the time everyone can make.
  if (last) await expect(card.getByRole('status').filter({ hasText: 'Meet-up confirmed' })).toBeVisible();
  else await expect(card.getByRole('listitem').filter({ hasText: 'You: answered' })).toBeVisible();
}

test('three guests who all matched plan a meet-up on /friend-groups, all answer, and it is confirmed with an .ics each', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const hostContext = await browser.newContext();
  const host = await hostContext.newPage();
  await signIn(host, DEMO.host);
  const event = await newEvening(host, 'Meet again evening', 23);
  const guests = [
    await bookedGuest(browser, 'Ada Meetwell', event.id),
    await bookedGuest(browser, 'Ben Meetwell', event.id),
    await bookedGuest(browser, 'Cleo Meetwell', event.id),
  ];
  for (const g of guests) await ok(await host.request.post(`/api/events/${event.id}/checkin`, { data: { userId: g.id } }));
  // Every two of three meet in the first three rounds (one sits out each round).
  await ok(await host.request.post(`/api/events/${event.id}/timer`, { data: { type: 'start_timer' } }));
  for (let i = 0; i < 2; i++) await ok(await host.request.post(`/api/events/${event.id}/timer`, { data: { type: 'next_round' } }));
  for (const a of guests)
    for (const b of guests)
      if (a !== b) await ok(await a.page.request.post(`/api/events/${event.id}/ratings`, { data: { raterId: a.id, ratedId: b.id, rating: 5 } }));
  await ok(await host.request.post(`/api/events/${event.id}/release-contacts`));

  const [ada, ben, cleo] = guests as [(typeof guests)[0], (typeof guests)[0], (typeof guests)[0]];
  const phone = ada.page;
  await phone.goto('/friend-groups');
  const card = phone.getByRole('region', { name: 'Group of 3' });
  await card.getByRole('button', { name: 'Plan a meet-up' }).click();
  await card.getByLabel('Day 1').fill(dayAhead(9));
  await card.getByLabel('Time 1').fill('18:30');
  await card.getByRole('button', { name: 'Add another time' }).click();
  await card.getByLabel('Day 2').fill(dayAhead(10));
  await card.getByLabel('Time 2').fill('11:00');
  await card.getByRole('radio', { name: 'Somewhere else' }).check();
  await card.getByLabel('Place').fill('The Corner Café, Deansgate');
  await shot(phone, testInfo.outputPath('meet-up-form-phone.png'), { fullPage: true });
  await expectAccessible(phone);
  await card.getByRole('button', { name: 'Send to the group' }).click();
  await expect(card.getByText('You suggested meeting at')).toBeVisible();

  // Ada: yes to the first, no to the second; Ben yes to both; Cleo yes to the first only.
  await answer(ada.page, [true, false]);
  await shot(ada.page, testInfo.outputPath('meet-up-poll-phone.png'), { fullPage: true });
  await expectAccessible(ada.page);
  await answer(ben.page, [true, true]);
  await answer(cleo.page, [true, false], true);

  await phone.reload();
  await expect(card.getByRole('status').filter({ hasText: 'Meet-up confirmed' })).toBeVisible();
  await expect(card.getByText('The Corner Café, Deansgate').first()).toBeVisible();
  await shot(phone, testInfo.outputPath('meet-up-confirmed-phone.png'), { fullPage: true });
  await expectAccessible(phone);
  await phone.setViewportSize({ width: 1280, height: 900 });
  await shot(phone, testInfo.outputPath('meet-up-confirmed-desktop.png'), { fullPage: true });

  for (const g of guests) {
    const mails = await ok<{ subject: string; text: string; attachments?: { filename: string; contentType: string }[] }[]>(
      await host.request.get('/api/dev/outbox', { params: { to: g.email } }),
    );
    const confirmed = mails.filter((m) => m.subject.startsWith('Meet-up confirmed'));
    expect(confirmed, g.name).toHaveLength(1);
    expect(confirmed[0]!.text).toContain('The Corner Café, Deansgate');
    expect(confirmed[0]!.attachments?.map((a) => a.filename)).toEqual(['meet-up.ics']);
  }
});
