import { codeSentBy, expectAccessible, latestCode, unique } from './helpers';
import { expect, test } from './fixtures';

test('a visitor joins on /, logs out, logs back in with the mailed code and edits the profile', async ({ page }) => {
  // Two codes now (joining proves the address too) and four axe checks: longer than the default minute on busy cores.
  test.setTimeout(120_000);
  const email = unique('journey');
  await page.goto('/');
  await expectAccessible(page);

  const form = page.getByRole('form', { name: /waitlist/i });
  // Validation before sending: the spec's messages.
  await form.getByRole('button', { name: /join/i }).click();
  await expect(page.getByText('Please enter your full name')).toBeVisible();
  await expect(page.getByText('Please enter your email address')).toBeVisible();

  await form.getByLabel(/full name/i).fill('Robin Ashworth');
  await form.getByLabel(/email/i).fill(email);
  await form.getByLabel(/age/i).fill('17');
  await form.getByLabel(/about you/i).fill('New to Prestwich and keen to meet people.');
  await form.getByLabel(/interests/i).fill('walking, board games, coffee');
  await form.getByRole('button', { name: /join/i }).click();
  await expect(page.getByText('Age must be between 18 and 80')).toBeVisible();
  await form.getByLabel(/age/i).fill('34');
  await expect(page.getByText('Age must be between 18 and 80')).toHaveCount(0);
  await form.getByRole('button', { name: /join/i }).click();

  // The form's answers wait with a mailed code (docs/decisions/0070): /login opens at the code.
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Login code').fill(await latestCode(page.request, email));
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText('Welcome to the Community!')).toBeVisible();
  await expect(page).toHaveURL(/\/events$/);
  expect(await page.evaluate(() => localStorage.getItem('userEmail'))).toBe(email);
  await expectAccessible(page);

  // Signed in by signing up: the profile shows the new member.
  await page
    .getByRole('link', { name: /profile/i })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByText('Robin Ashworth').first()).toBeVisible();

  // Log out: back to / and the profile is closed.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(await page.evaluate(() => localStorage.getItem('currentUserId'))).toBeNull();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);

  // Log in with proof: a wrong code is refused, the mailed one works.
  await page.getByLabel('Email address').fill(email);
  // The sign-up's code is used already: wait for the log-in's new one.
  const code = await codeSentBy(page.request, email, async () => {
    await page.getByRole('button', { name: 'Access My Account' }).click();
    await expect(page.getByLabel('Login code')).toBeVisible();
  });
  await expectAccessible(page);
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('Login code').fill(wrong);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByText(/not right/i)).toBeVisible();
  await page.getByLabel('Login code').fill(code);
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(/\/profile/);

  // Edit the profile, with a validation error first.
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByLabel(/^name/i).fill('R');
  await page.getByRole('button', { name: /save/i }).click();
  await expect(page.getByText('Name must be at least 2 characters')).toBeVisible();
  await page.getByLabel(/^name/i).fill('Robin A. Ashworth');
  await page.getByRole('button', { name: /save/i }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Robin A. Ashworth').first()).toBeVisible();
  await expectAccessible(page);
});

test('an unknown e-mail gets a code, then a first name and age make the account (no waitlist form)', async ({ page }) => {
  const email = unique('newcomer');
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Access My Account' }).click();
  await page.getByLabel('Login code').fill(await latestCode(page.request, email));
  await page.getByRole('button', { name: 'Log In' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('First name').fill('Nia');
  await page.getByLabel('Age').fill('17');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('Must be at least 18 years old')).toBeVisible();
  await page.getByLabel('Age').fill('29');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByText('Welcome to the Community!')).toBeVisible();
});
