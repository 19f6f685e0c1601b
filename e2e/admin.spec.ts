import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, logIn } from './helpers';

test('the signup list is refused to a visitor and a member, and shown to an admin', async ({ page }) => {
  await page.goto('/stats123');
  await expect(page.getByText(/admins only/i)).toBeVisible();
  await expect(page.getByText(DEMO.member)).toHaveCount(0);
  await expectAccessible(page);

  await logIn(page, DEMO.member);
  await page.goto('/admin-stats');
  await expect(page.getByText(/admins only/i)).toBeVisible();
  await expect(page.getByText(DEMO.host)).toHaveCount(0);
  const res = await page.request.get('/api/users');
  expect(res.status()).toBe(403);

  await page.getByRole('button', { name: 'Logout' }).click();
  await logIn(page, DEMO.admin);
  await page.goto('/stats123');
  await expect(page.getByText(DEMO.member)).toBeVisible();
  await expect(page.getByText(/admins only/i)).toHaveCount(0);
  await expectAccessible(page);

  await page.goto('/?admin=stats');
  await expect(page.getByText(/Jamie Clarke/)).toBeVisible();
  await expectAccessible(page);
});
