import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO = {
  admin: 'admin@speedfriendship.test',
  host: 'host@speedfriendship.test',
  member: 'member@speedfriendship.test',
};

/** The newest 6-digit login code mailed to this address (the dev outbox). */
export async function latestCode(request: APIRequestContext, email: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`);
      const mails = (await res.json()) as { subject: string; text: string }[];
      code = mails.find((m) => /login code/i.test(m.subject))?.text.match(/\b(\d{6})\b/)?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

/** Log in through the real /login screen with the code from the outbox. */
export async function logIn(page: Page, email: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Access My Account' }).click();
  await expect(page.getByLabel('Login code')).toBeVisible();
  const code = await latestCode(page.request, email);
  await page.getByLabel('Login code').fill(code);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

/** No axe violations on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

export const unique = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
