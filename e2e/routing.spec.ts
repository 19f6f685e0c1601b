import { DEMO, expectAccessible, logIn } from './helpers';
import { expect, test } from './fixtures';

test('signed-in-only pages send a visitor to /login', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login\?next=%2Fprofile/);
  await expect(page.getByRole('heading', { name: 'Welcome Back' })).toBeVisible();
  await expectAccessible(page);
});

test('public pages open without signing in', async ({ page }) => {
  for (const [path, heading] of [
    ['/about', /./],
    ['/privacy', /Your privacy/],
    ['/landing', /Now in Prestwich, Manchester/],
    ['/promo', /./],
  ] as const) {
    await page.goto(path);
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page);
  }
  // The privacy page states the server's own retention (RETENTION_DAYS, 90 by default).
  await page.goto('/privacy');
  await expect(page.getByRole('region', { name: 'How long we keep it' })).toContainText('deleted 90 days after the evening');
  await expectAccessible(page);
  await page.goto('/promo');
  await expect(page).toHaveTitle('Speed Friendship Events - Prestwich | Join the Waitlist');
});

// A screen whose chunk is still on its way when the app first renders shows the layout's spinner, and
// React then holds the screen back until 300 ms after the spinner appeared: the app's first render
// waits for the screen's chunks instead (docs/decisions/0117).
test('a page opened cold goes from the header painted from the HTML straight to its screen, with no spinner between', async ({ page }) => {
  await page.addInitScript(() => {
    const seen = ((window as unknown as { spinnerFirst: string[] }).spinnerFirst = [] as string[]);
    new MutationObserver(() => {
      if (!document.querySelector('h1') && document.querySelector('main [data-screen-loading]')) seen.push(location.pathname);
    }).observe(document, { childList: true, subtree: true });
  });
  const opened = async (path: string, heading: RegExp) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { spinnerFirst: string[] }).spinnerFirst), `${path}: the spinner came before the screen`).toEqual(
      [],
    );
  };
  await opened('/about', /./);
  await opened('/privacy', /Your privacy/);
  await opened('/login', /Welcome Back/);
  await opened('/accessibility-statement', /./);
  // A signed-in screen: the query scope, the sign-in guard and the screen's own chunk.
  await logIn(page, DEMO.member);
  await opened('/profile', /./);
  await opened('/matches', /./);
});

// Logging in reads the member before it settles: the screen it leads to opened with a spinner while
// the member loaded, a flash between "Welcome Back" and the events (docs/decisions/0120).
test('logging in goes from the login screen straight to the events, with no screen empty between', async ({ page }) => {
  await page.addInitScript(() => {
    const empty = ((window as unknown as { emptyScreens: string[] }).emptyScreens = [] as string[]);
    let shown = false;
    new MutationObserver(() => {
      const main = document.querySelector('main');
      if (main?.querySelector('h1')) shown = true;
      else if (shown && main) empty.push(`${location.pathname}: ${main.textContent?.trim() || '(nothing)'}`);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  await logIn(page, DEMO.member);
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Events' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { emptyScreens: string[] }).emptyScreens)).toEqual([]);
});

// The toaster is outside the screens' error card: its chunk lost to a cut line once blanked the whole
// app mid-round (docs/decisions/0117). It is fetched again a few seconds later.
test("a cut line that loses the toasts' code leaves the page on screen, and the code is fetched again", async ({ page }) => {
  let tries = 0;
  await page.route(/\/assets\/toaster-[^/]+\.js$/, (route) => (++tries === 1 ? route.abort('connectionreset') : route.continue()));
  await page.goto('/privacy');
  const heading = page.getByRole('heading', { level: 1, name: /Your privacy/ });
  await expect(heading).toBeVisible();
  await expect.poll(() => tries, { timeout: 15_000 }).toBe(2);
  await expect(page.getByRole('region', { name: /Notifications/ })).toBeAttached();
  await expect(heading).toBeVisible();
});

test('a signed-in member sees the 404 page for an unknown path', async ({ page }) => {
  await logIn(page, DEMO.member);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expectAccessible(page);
});
