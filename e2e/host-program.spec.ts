import { DEMO, expectAccessible, newMember, signIn } from './helpers';
import { expect, test } from './fixtures';

/** Letters only (names take no digits): a stamp that tells this run's applicant apart. */
const letterStamp = () =>
  String(Date.now() % 100_000_000)
    .split('')
    .map((d) => String.fromCharCode(97 + Number(d)))
    .join('');

test('a new member applies to host, the admin approves, and the same session opens the host tools', async ({ browser }) => {
  test.setTimeout(150_000); // two people, four tabs, several accessibility checks
  const name = `Hollie ${letterStamp().replace(/^./, (c) => c.toUpperCase())}`;
  const applicant = await newMember(browser, name);
  const page = applicant.page;

  // Overview, for everyone, with the programme's figures.
  await page.goto('/host-program');
  await expect(page.getByRole('heading', { name: 'Host Programme', level: 1 })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'The programme in figures' })).toBeVisible();
  await expectAccessible(page);

  // Active hosts: real figures, no contact details.
  await page.getByRole('tab', { name: 'Active Hosts' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByText('host@speedfriendship.test')).toHaveCount(0);
  await expectAccessible(page);

  // Applications: admins only, so a member has no such tab (issue 34).
  await expect(page.getByRole('tab')).toHaveText(['Overview', 'Active Hosts', 'Apply to Host']);

  // The hosts-only card before approval.
  await page.goto('/create-event');
  await expect(page.getByRole('heading', { name: 'This page is for hosts only' })).toBeVisible();

  // Apply: the messages show before anything is sent, then the six fields go.
  await page.goto('/host-program?tab=apply');
  const form = page.getByRole('form', { name: 'Host application' });
  await expect(form.getByLabel('Full name')).toHaveValue(name);
  await expect(form.getByLabel('Email address')).toHaveValue(applicant.email);
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(form.getByText('Please enter your city or region')).toBeVisible();
  await expect(form.getByText('Please share your venue ideas')).toBeVisible();
  await expectAccessible(page);
  await form.getByLabel('City or region').fill('Whitefield');
  await form.getByLabel('Experience').fill('I organise a Sunday walking group of about thirty people.');
  await form.getByLabel('Motivation').fill('I would love more people in Whitefield to make friends nearby.');
  await form.getByLabel('Venue ideas').fill('The Corner Café on a Tuesday, or the Wine Bar midweek.');
  await form.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Thank you, ${name}! Your application has been sent.` })).toBeVisible();
  await expect(page.getByText('Pending review')).toBeVisible();
  await expect(form).toHaveCount(0);
  await expectAccessible(page);

  // The demo admin, on their own phone, approves it.
  const adminContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin);
  await admin.goto('/host-program?tab=applications');
  const card = admin.getByRole('article', { name });
  await expect(card).toBeVisible();
  await expect(card.getByText('Whitefield', { exact: true })).toBeVisible();
  // The account that applied, beside what was typed; approval e-mails its login address (issue 21).
  await expect(card.getByRole('region', { name: /^The account that applied/ }).getByRole('link', { name: applicant.email })).toBeVisible();
  await expectAccessible(admin);
  await card.getByRole('button', { name: `Approve ${name}` }).click();
  const confirm = admin.getByRole('dialog', { name: `Approve ${name}?` });
  await expect(confirm).toBeVisible();
  await expectAccessible(admin);
  await confirm.getByRole('button', { name: 'Approve as host' }).click();
  await expect(admin.getByText(`${name} is now a host`)).toBeVisible();
  await expect(card.getByText('Approved', { exact: true })).toBeVisible();
  await expect(card.getByRole('button')).toHaveCount(0);
  await adminContext.close();

  // The approval e-mail is in the outbox.
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(applicant.email)}`)).json()) as { subject: string }[];
      return mails.some((m) => /application is approved/.test(m.subject));
    })
    .toBe(true);

  // The applicant's same session, no new login: the host tools open.
  await page.goto('/create-event');
  await expect(page.getByRole('heading', { name: 'Create New Event', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This page is for hosts only' })).toHaveCount(0);
  await page.goto('/check-in');
  await expect(page.getByText("Choose the evening you're welcoming guests to")).toBeVisible();
  await expect(page.getByRole('heading', { name: 'This page is for hosts only' })).toHaveCount(0);
  // A host is not invited to apply any more: no Apply to Host tab; the overview opens their tools (issue 34).
  await page.goto('/host-program?tab=apply');
  await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Apply to Host' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Create an evening' })).toHaveAttribute('href', '/create-event');
  await page.goto('/host-program?tab=hosts');
  await expect(page.getByRole('article', { name })).toBeVisible();
  await expectAccessible(page);
  await page.context().close();
});

test('a visitor sees the overview and a log-in link on the apply tab', async ({ page }) => {
  await page.goto('/host-program?tab=apply');
  await expect(page.getByRole('heading', { name: 'Log in to apply' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fhost-program%3Ftab%3Dapply');
  await expectAccessible(page);
  await page.getByRole('tab', { name: 'Overview' }).click();
  await expect(page.getByRole('heading', { name: 'Host evenings in your town' })).toBeVisible();

  // /about invites members to apply: the invitation leads here.
  await page.goto('/about');
  await page.getByRole('link', { name: 'Friendly members can apply to host evenings of their own' }).click();
  await expect(page).toHaveURL(/\/host-program$/);
  await expect(page.getByRole('heading', { name: 'Host Programme', level: 1 })).toBeVisible();
});
