import type { APIRequestContext } from '@playwright/test';
import { apiGuest, DEMO, expectAccessible, newEvening, newMember, ok, shot, signIn } from './helpers';
import { expect, test } from './fixtures';

/**
 * "Still coming?" (issue 35, docs/decisions/0074-still-coming.md): a guest of a full evening answers
 * "I can't make it" from the e-mail's link (no sign-in), the first on the waitlist is offered the
 * seat and books it, and the host sees confirmed / not answered / released on /check-in and
 * /dashboard.
 */

const mailsTo = async (request: APIRequestContext, email: string) =>
  (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { subject: string; text: string }[];

test('a guest says "I can\'t make it" from the e-mail\'s link; the first on the waitlist is offered the seat and books it', async ({
  browser,
  page: host,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  await signIn(host, DEMO.host);
  // Tomorrow: nearer than 48 hours, so each guest is asked at booking.
  const evening = await newEvening(host, 'Corner Table Social', 1, {
    seats: 6,
    ownVenue: true,
    endTime: '21:00',
    description: 'Six seats, good conversation.',
  });
  const guests = await Promise.all(['Gina', 'Hal', 'Ida', 'Jon', 'Kay', 'Lou'].map((n) => apiGuest(baseURL!, evening.id, `${n} Guest`)));
  const gina = guests[0]!;

  const ann = await newMember(browser, 'Ann Waiting');
  await ok(await ann.page.request.post(`/api/events/${evening.id}/waitlist`));

  // Gina's "Still coming?" e-mail, from the outbox: its link, opened on a phone that is not signed in.
  let link = '';
  await expect
    .poll(async () => {
      const mail = (await mailsTo(host.request, gina.email)).find((m) => m.subject.startsWith(`Still coming to ${evening.title} on `));
      link = /\/still-coming\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const ginaPage = await phone.newPage();
  await ginaPage.goto(link);
  await expect(ginaPage.getByRole('heading', { name: new RegExp(`^Still coming to ${evening.title} on `) })).toBeVisible();
  const no = ginaPage.getByRole('button', { name: /I can't make it/ });
  await expect(no).toHaveAccessibleDescription('Your place goes to someone else.');
  await expectAccessible(ginaPage);
  await shot(ginaPage, testInfo.outputPath('still-coming-phone.png'), { fullPage: true });
  await ginaPage.setViewportSize({ width: 1280, height: 800 });
  await shot(ginaPage, testInfo.outputPath('still-coming-desktop.png'), { fullPage: true });
  await ginaPage.setViewportSize({ width: 390, height: 844 });

  // Opening the link changed nothing: Gina is still booked, Ann still waits.
  await ann.page.goto(`/events/${evening.id}`);
  await expect(ann.page.getByText("You're number 1 on the waitlist")).toBeVisible();

  await no.click();
  await expect(ginaPage.getByRole('status').filter({ hasText: 'You gave up your place.' })).toBeVisible();
  await expect(ginaPage.getByRole('button', { name: /I can't make it/ })).toHaveCount(0);
  await expectAccessible(ginaPage);
  await shot(ginaPage, testInfo.outputPath('still-coming-answered-phone.png'), { fullPage: true });
  // The link works once: opened again, it says what was answered.
  await ginaPage.reload();
  await expect(ginaPage.getByText('You gave up your place.')).toBeVisible();

  // The seat went straight to Ann, who books it.
  await expect.poll(async () => (await mailsTo(host.request, ann.email)).map((m) => m.subject)).toContain(`A place has opened at ${evening.title}`);
  await ann.page.reload();
  await expect(ann.page.getByText('A place has opened for you')).toBeVisible();
  await ann.page.getByRole('button', { name: `Register free for ${evening.title}` }).click();
  await expect(ann.page.getByRole('heading', { name: "You're registered" })).toBeVisible();

  // Booked this near the evening, Ann is asked too: she says yes on /notifications.
  await ann.page.goto('/notifications');
  const question = ann.page.getByRole('region', { name: new RegExp(`^Still coming to ${evening.title} on `) });
  await expect(question.getByRole('button', { name: 'Yes, see you there' })).toBeVisible();
  await expectAccessible(ann.page);
  await shot(ann.page, testInfo.outputPath('notifications-question-phone.png'), { fullPage: true });
  await question.getByRole('button', { name: 'Yes, see you there' }).click();
  await expect(ann.page.getByText("You said you're coming. See you there!").first()).toBeVisible();

  // The host's counts: Ann confirmed; Hal, Ida, Jon, Kay and Lou not answered yet; Gina released.
  await host.setViewportSize({ width: 390, height: 844 });
  await host.goto(`/check-in?event=${evening.id}`);
  const counts = host.getByRole('region', { name: 'Still coming?' });
  await expect(counts.getByRole('definition')).toHaveText(['1', '5', '1']);
  await expect(counts.getByRole('term')).toHaveText(['Confirmed', 'Not answered', 'Released']);
  await expectAccessible(host);
  await shot(host, testInfo.outputPath('check-in-counts-phone.png'), { fullPage: true });
  await host.setViewportSize({ width: 1280, height: 900 });
  await shot(host, testInfo.outputPath('check-in-counts-desktop.png'), { fullPage: true });
  await host.goto('/dashboard');
  await expect(host.getByText('Still coming? 1 confirmed · 5 not answered · 1 released')).toBeVisible();
  await expectAccessible(host);
  await shot(host, testInfo.outputPath('dashboard-counts-desktop.png'), { fullPage: true });
  await host.setViewportSize({ width: 390, height: 844 });
  await shot(host, testInfo.outputPath('dashboard-counts-phone.png'), { fullPage: true });

  await phone.close();
  await Promise.all(guests.map((g) => g.ctx.dispose()));
});
