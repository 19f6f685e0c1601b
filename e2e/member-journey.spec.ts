import { expectAccessible, latestCode, unique } from './helpers';
import { expect, test } from './fixtures';

test('a visitor joins on /, logs out, logs back in with the mailed code and edits the profile', async ({ page }) => {
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

  await expect(page.getByRole('heading', { name: 'Welcome to the Community!' })).toBeVisible();
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
  await page.getByRole('button', { name: 'Access My Account' }).click();
  await expect(page.getByLabel('Login code')).toBeVisible();
  await expectAccessible(page);
  const code = await latestCode(page.request, email);
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

test('an unknown e-mail cannot log in', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(unique('nobody'));
  await page.getByRole('button', { name: 'Access My Account' }).click();
  await expect(page.getByText('Login Failed')).toBeVisible();
  await expect(page.getByText('Email not found. Please check your email or sign up first.')).toBeVisible();
});
