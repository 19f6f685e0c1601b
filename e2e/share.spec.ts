import { DEMO, expectAccessible, ok, signIn } from './helpers';
import { expect, test } from './fixtures';

/**
 * /share (docs/spec/organiser-tools.md §2.1 with §2.29's templates; docs/product.md "Organiser tools are
 * real"): a copied template is recorded, and the host's Share Analytics count it.
 */
test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

interface Analytics {
  timesShared: number;
  platforms: { platform: string; copies: number; shares: number; signups: number }[];
}

test('a host copies the WhatsApp template and Share Analytics counts it', async ({ page }) => {
  await signIn(page, DEMO.host);
  const before = await ok<Analytics>(await page.request.get('/api/share/analytics'));
  const whatsappBefore = before.platforms.find((p) => p.platform === 'whatsapp')!;

  await page.goto('/share');
  const tabs = page.getByRole('tablist', { name: 'Share generator sections' });
  await tabs.getByRole('tab', { name: 'Share Analytics' }).click();
  const timesShared = page.getByText('Times Shared', { exact: true }).locator('xpath=../..');
  await expect(timesShared).toContainText(String(before.timesShared));
  await expectAccessible(page);

  await tabs.getByRole('tab', { name: 'Ready Templates' }).click();
  await expect(page.getByRole('group', { name: /WhatsApp/ }).first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Copy the WhatsApp post' }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  // What was copied is the post, with a link to the evening's page that says where it was shared.
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/events\/\d+\?source=whatsapp-post/);

  await tabs.getByRole('tab', { name: 'Share Analytics' }).click();
  await expect(timesShared).toContainText(String(before.timesShared + 1));
  await expect(page.getByRole('table', { name: 'By platform' }).getByRole('row', { name: /WhatsApp/ })).toContainText(String(whatsappBefore.copies + 1));

  const after = await ok<Analytics>(await page.request.get('/api/share/analytics'));
  expect(after.timesShared).toBe(before.timesShared + 1);

  // A member may copy too, but the figures are for hosts.
  await page.context().clearCookies();
  await page.goto('/share');
  await page.getByRole('tablist', { name: 'Share generator sections' }).getByRole('tab', { name: 'Share Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'This page is for hosts only' })).toBeVisible();
});
