import { DEMO, expectAccessible, ok, shot, signIn } from './helpers';
import { expect, test } from './fixtures';

/**
 * Around the evening (docs/spec/organiser-tools.md §2.15, §2.25-2.27) on the demo data: a guest of the
 * launch night reacts with an emoji and gives feedback, and the host sees it in the insights; a visitor
 * sees the reactions on /wine-wallop and is asked to log in; the member's missed connections and
 * match preview show real people by first name.
 */

const TOM = 'tom@speedfriendship.test';

test('a guest reacts and gives feedback; the host sees it in the insights and the improvements', async ({ browser, page: tom }, testInfo) => {
  test.setTimeout(120_000);
  const demo = await ok<{ id: number; title: string }>(await tom.request.get('/api/events/demo'));
  await signIn(tom, TOM);
  // No ?event: Tom's latest evening that has begun is the launch night.
  await tom.goto('/feedback');
  await expect(tom.getByText(demo.title).first()).toBeVisible();

  const reactions = tom.getByRole('group', { name: 'Your reaction' });
  const fire = reactions.getByRole('button', { name: /Fire!/ });
  // The counts read 0 until the reactions have loaded: read the count before Tom's from the loaded list.
  await expect(tom.getByText('Loading the reactions…')).toHaveCount(0);
  const before = Number((await fire.innerText()).match(/(\d+)/)?.[1] ?? 0);
  await fire.click();
  await expect(tom.getByText('Thanks for your feedback! Your reaction helps improve future events.')).toBeVisible();
  await expect(fire).toHaveAttribute('aria-pressed', 'true');
  await expect(fire).toContainText(String(before + 1));

  const submit = tom.getByRole('button', { name: 'Submit Feedback' });
  await expect(submit).toBeDisabled();
  // The stars by keyboard, as a screen-reader user would choose them.
  await tom
    .getByRole('group', { name: /Overall rating/ })
    .getByRole('radio', { name: '4 stars' })
    .focus();
  await tom.keyboard.press('Space');
  await expect(submit).toBeEnabled();
  await tom.getByRole('group', { name: /Venue/ }).getByRole('radio', { name: '5 stars' }).focus();
  await tom.keyboard.press('Space');
  await tom.getByRole('checkbox', { name: 'More conversation rounds' }).check();
  await tom.getByLabel('What did you enjoy most? (Optional)').fill('Meeting Sarah and the quiz table');
  await expectAccessible(tom);
  await submit.click();
  await expect(tom.getByText('Thank you for your feedback!')).toBeVisible();
  await shot(tom, testInfo.outputPath('feedback-phone.png'), { fullPage: true });

  // The host of the launch night.
  const hostContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const host = await hostContext.newPage();
  await signIn(host, DEMO.host);
  await host.goto(`/feedback?event=${demo.id}`);
  await host.getByRole('tab', { name: 'Insights' }).click();
  const figures = host
    .getByRole('region')
    .filter({ has: host.getByText('Responses') })
    .first();
  await expect(figures).toContainText('6');
  await expect(host.getByText('Meeting Sarah and the quiz table')).toBeVisible();
  await expectAccessible(host);
  await shot(host, testInfo.outputPath('insights-desktop.png'), { fullPage: true });
  await host.getByRole('tab', { name: 'Improvements' }).click();
  await expect(host.getByText('More conversation rounds').first()).toBeVisible();
  await hostContext.close();
});

test('a visitor sees the launch night on /wine-wallop with its reactions and is asked to log in to react', async ({ page }, testInfo) => {
  await page.goto('/wine-wallop');
  await expect(page.getByText('7:00 PM').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Complete Personality Assessment' })).toHaveAttribute('href', '/register');
  await expect(page.getByRole('list', { name: 'Reactions so far' })).toBeVisible();
  await expect(page.getByText('Log in to add your reaction.')).toBeVisible();
  await expectAccessible(page);
  await shot(page, testInfo.outputPath('wine-wallop-phone.png'), { fullPage: true });
});

test("the member's missed connections, their friend group and the preview of an upcoming evening", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signIn(page, DEMO.member);
  await page.goto('/missed-connections');
  await expect(page.getByText('Tom').first()).toBeVisible();
  await expectAccessible(page);
  await shot(page, testInfo.outputPath('missed-phone.png'), { fullPage: true });
  // Nobody's surname or e-mail on the page.
  await expect(page.getByText(/@speedfriendship\.test/)).toHaveCount(0);

  // The launch night made a real friend group: the member, Sarah and Emma all matched each other.
  await page.goto('/friend-groups');
  const members = page.getByRole('list', { name: 'Members' }).first();
  await expect(members).toContainText('Sarah');
  await expect(members).toContainText('Emma');
  await expect(members).not.toContainText('Michael');
  await expectAccessible(page);

  const upcoming = await ok<{ id: number; title: string; date: string }[]>(
    await page.request.get(`/api/users/${await page.evaluate(() => localStorage.getItem('currentUserId'))}/events`),
  );
  const next = upcoming.filter((e) => Date.parse(e.date) > Date.now()).sort((a, b) => Date.parse(a.date) - Date.parse(b.date))[0]!;
  await page.goto(`/match-preview?event=${next.id}`);
  await expect(page.getByRole('tab', { name: /Compatible/i })).toBeVisible();
  await expectAccessible(page);
  await shot(page, testInfo.outputPath('preview-phone.png'), { fullPage: true });
});
