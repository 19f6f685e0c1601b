import type { Page } from '@playwright/test';
import { expectAccessible, newMember } from './helpers';
import { expect, test } from './fixtures';

/** /register (docs/spec/organiser-tools.md §2.18): the registration wizard, saved to the profile. */

const next = (page: Page) => page.getByRole('button', { name: /^Next/ });
const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

async function answer(page: Page, trait: string, score: number) {
  // The radio is visually hidden inside its big label: tap the label, as a guest would.
  const group = page.getByRole('group', { name: new RegExp(`^${trait}`) });
  await group.locator('label', { has: page.getByRole('radio', { name: new RegExp(`^${score}`) }) }).click();
  await expect(group.getByRole('radio', { name: new RegExp(`^${score}`) })).toBeChecked();
}

test('a signed-in new member completes the wizard, and /profile shows the answers after a reload', async ({ browser }) => {
  const { page, name } = await newMember(browser, 'Robin Ashworth');
  await page.goto('/register');

  // Step 1: the profile's name, e-mail and age, ready to go.
  await expect(stepHeading(page, 'Personal details')).toBeVisible();
  await expect(page.getByLabel('Full name')).toHaveValue(name);
  await expect(page.getByRole('progressbar', { name: 'Registration progress' })).toHaveAttribute('aria-valuenow', '25');
  await expectAccessible(page);
  await page.getByLabel('Age').fill('36');
  await next(page).click();

  // Step 2: 3 to 8 interests.
  await expect(stepHeading(page, 'Your interests')).toBeVisible();
  await expect(next(page)).toBeDisabled();
  for (const i of ['Wine', 'Hiking', 'Film', 'Cooking']) await page.getByText(i, { exact: true }).click();
  await expect(page.getByText('4 of 8 chosen.')).toBeVisible();
  await expectAccessible(page);
  await next(page).click();

  // Step 3: all five questions.
  await expect(stepHeading(page, 'Your personality')).toBeVisible();
  await expect(next(page)).toBeDisabled();
  await answer(page, 'Creative', 5);
  await answer(page, 'Social', 2);
  await answer(page, 'Adventurous', 4);
  await answer(page, 'Analytical', 1);
  await expect(next(page)).toBeDisabled();
  await answer(page, 'Empathetic', 5);
  await expectAccessible(page);
  await next(page).click();

  // Step 4: at least one motivation, the free text optional.
  await expect(stepHeading(page, 'What brings you here')).toBeVisible();
  const finish = page.getByRole('button', { name: /Complete Registration/ });
  await expect(finish).toBeDisabled();
  await page.getByText('Try new experiences', { exact: true }).click();
  await page.getByText('Build lasting friendships', { exact: true }).click();
  await page.getByLabel(/What are you looking for\?/).fill('Sunday walks and a pub quiz team.');
  await expectAccessible(page);
  await finish.click();

  await expect(page.getByRole('heading', { name: "You're all set, Robin!" })).toBeVisible();
  await expectAccessible(page);
  expect(await page.evaluate(() => sessionStorage.getItem('registerDraft'))).toBeNull();

  await page.getByRole('link', { name: 'View my profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.reload();
  const card = page.locator('div', { has: page.getByRole('heading', { name: 'Your personality and motivations' }) }).last();
  await expect(card.getByText('5/5 · High').first()).toBeVisible();
  await expect(card.getByText('1/5 · Low')).toBeVisible();
  await expect(card.getByText('Build lasting friendships')).toBeVisible();
  await expect(card.getByText('Sunday walks and a pub quiz team.')).toBeVisible();
  // The interests and age went to the profile itself.
  await expect(page.getByText('36 years old')).toBeVisible();
  for (const i of ['Wine', 'Hiking', 'Film', 'Cooking'])
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: new RegExp(`^${i}$`) })
        .first(),
    ).toBeVisible();
  await expectAccessible(page);
  await page.context().close();
});

test('a visitor’s half-filled wizard survives a reload', async ({ page }) => {
  await page.goto('/register');
  await expect(stepHeading(page, 'Personal details')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in to save your answers' })).toHaveAttribute('href', '/login?next=%2Fregister');
  await expect(next(page)).toBeDisabled();
  await page.getByLabel('Full name').fill('Sam Okafor');
  await page.getByLabel('Email address').fill('sam@nowhere');
  await page.getByLabel('Age').fill('29');
  await next(page).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Email address').fill('sam.okafor@example.com');
  await next(page).click();
  await expect(stepHeading(page, 'Your interests')).toBeVisible();
  await page.getByText('Yoga', { exact: true }).click();
  await page.getByText('Music', { exact: true }).click();

  await page.reload();
  await expect(stepHeading(page, 'Your interests')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Yoga' })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: 'Music' })).toBeChecked();
  await expect(page.getByText('Choose at least 3 interests (2 chosen).')).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByLabel('Full name')).toHaveValue('Sam Okafor');
  await expect(page.getByLabel('Email address')).toHaveValue('sam.okafor@example.com');
});
