import { request as pwRequest } from '@playwright/test';
import { DEMO, expectAccessible, joinByApi, logIn } from './helpers';
import { expect, test } from './fixtures';

test('the signup list is refused to a visitor and a member, and shown to an admin', async ({ page, baseURL }) => {
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

  // The newest signup shows first on the admin stats view of /.
  const other = await pwRequest.newContext({ baseURL });
  const name = `Newest Signup ${Date.now() % 100000}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
  await joinByApi(other, { name, email: `newest-${Date.now()}@example.com`, age: 40, bio: null, interests: [] });
  await other.dispose();
  await page.goto('/?admin=stats');
  await expect(page.getByText(name)).toBeVisible();
  await expectAccessible(page);
});
