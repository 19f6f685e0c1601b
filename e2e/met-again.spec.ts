import { DEMO, expectAccessible, logIn, shot, signIn } from './helpers';
import { expect, test } from './fixtures';

/**
 * "Did you meet NAME again?" and the liking gap (issue 36, docs/decisions/0083-met-again.md): the demo
 * member's question about a launch-night match is e-mailed when the server starts; the link opens the
 * question without signing in, and one tap answers it. Once the host releases the launch night's
 * contacts, /my-matches says how many would like to see the member again (never who).
 */
test('a guest answers "Did you meet NAME again?" from the e-mail, then sees how many would like to see them again', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  let link = '';
  await expect
    .poll(
      async () => {
        const mails = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(DEMO.member)}`)).json()) as { subject: string; text: string }[];
        const mail = mails.find((m) => /^Did you meet .* again\?$/.test(m.subject));
        link = /\/met-again\/[A-Za-z0-9_-]{43}/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      },
      { timeout: 30_000 },
    )
    .not.toBe('');

  // The link, without signing in: the question, and nothing answered by opening it.
  await page.goto(link);
  const question = page.getByRole('heading', { level: 2, name: /^Did you meet (Sarah|Emma) again\?$/ });
  await expect(question).toBeVisible();
  await expect(page.getByText(/You matched at Wine Bar Speed Friendship/)).toBeVisible();
  await expectAccessible(page);
  await shot(page, testInfo.outputPath('met-again-phone.png'), { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, testInfo.outputPath('met-again-desktop.png'), { fullPage: true });
  await page.setViewportSize({ width: 412, height: 915 });
  const token = link.split('/').pop()!;
  const seen = (await (await request.get(`/api/met-again/${token}`)).json()) as { answer: string | null; eventId: number };
  expect(seen.answer).toBeNull();

  await page.getByRole('button', { name: 'Yes, we met' }).click();
  await expect(page.getByRole('status').filter({ hasText: /you met (Sarah|Emma) again/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Yes, we met' })).toHaveCount(0);
  await shot(page, testInfo.outputPath('met-again-answered-phone.png'), { fullPage: true });
  // The link works once.
  expect((await request.post(`/api/met-again/${token}`, { data: { answer: 'not_yet' } })).status()).toBe(409);

  // The host releases the launch night's contacts.
  const hostContext = await browser.newContext();
  const host = await hostContext.newPage();
  await signIn(host, DEMO.host);
  expect((await host.request.post(`/api/events/${seen.eventId}/release-contacts`)).ok()).toBe(true);
  await hostContext.close();

  // The member's /my-matches: a count, never who.
  await logIn(page, DEMO.member);
  await page.goto('/my-matches');
  const count = page.getByText('5 people would like to see you again');
  await expect(count).toBeVisible();
  await expectAccessible(page);
  await count.scrollIntoViewIfNeeded();
  await shot(page, testInfo.outputPath('see-again-phone.png'));
  await page.setViewportSize({ width: 1280, height: 800 });
  await shot(page, testInfo.outputPath('see-again-desktop.png'));
});
