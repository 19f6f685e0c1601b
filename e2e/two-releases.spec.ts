import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { freePort } from '../scripts/processes';
import { bookedGuest, DEMO, expectAccessible, expectWorkerCut, goOffline, goOnline, newEvening, ok, shot, signIn } from './helpers';
import { buildRelease, expect, serveRelease, test } from './fixtures';

/**
 * A new version while a guest is at the evening (issue 32, docs/decisions/0051): two real builds of
 * the app, release R1 and R2 (each names itself in the header of every screen). The server serves
 * R1, a guest opens the evening's screens; the server is replaced by R2 on the same address and
 * database, as a deploy does. The guest's phone says a new version is ready; the guest presses
 * Later and loses the connection, then opens every screen of the evening, by the menu and by
 * address: each opens, all of it R1 (never R1's worker with R2's page, whose chunks it does not
 * hold). Back online, "Reload to update" brings R2, all of it.
 *
 * Offline cuts the service worker's own requests too, as the network would (e2e/helpers.ts goOffline).
 */
const SHOTS = '/tmp/shots-32b';

test.use({ serviceWorkers: 'allow' });

test('a guest who presses Later on a new version, then loses the connection, opens every screen of the evening, all of one release', async ({ browser }) => {
  // Two production builds of the app come first: on CI's two busy cores they take most of the time.
  test.setTimeout(900_000); // a hang detector (docs/decisions/0106): 7.8 min on stop 47's busy CI
  const work = mkdtempSync(path.join(tmpdir(), 'sf-releases-'));
  const r1 = path.join(work, 'r1');
  const r2 = path.join(work, 'r2');
  await Promise.all([buildRelease('R1', r1), buildRelease('R2', r2)]);
  mkdirSync(SHOTS, { recursive: true });
  const port = await freePort();
  const dataDir = path.join(work, 'data');
  let server = await serveRelease({ clientDir: r1, dataDir, port });
  try {
    const { baseURL } = server;
    const hostContext = await browser.newContext({ baseURL, serviceWorkers: 'block' });
    const host = await hostContext.newPage();
    await signIn(host, DEMO.host);
    const event = await newEvening(host, 'Two releases evening', 4);
    const guest = await bookedGuest(browser, 'Rhea Release', event.id, { baseURL });
    const other = await bookedGuest(browser, 'Otto Oldversion', event.id, { baseURL });
    for (const g of [guest, other]) await ok(await host.request.post(`/api/events/${event.id}/checkin`, { data: { userId: g.id } }));
    await ok(await host.request.post(`/api/events/${event.id}/timer`, { data: { type: 'start_timer' } }));

    const phone = guest.page;
    const failed: string[] = [];
    phone.on('requestfailed', (r) => {
      // net::ERR_ABORTED is a request the page itself dropped as the next goto left it (a chunk still
      // being preloaded), not a file that failed to load: the worker refusing one is net::ERR_FAILED,
      // and a screen that cannot load its chunk shows 'This page could not be loaded', which opens() checks.
      if (r.failure()?.errorText === 'net::ERR_ABORTED') return;
      if (new URL(r.url()).pathname.startsWith('/assets/')) failed.push(`${r.url()}: ${r.failure()?.errorText}`);
    });
    const screens = [
      `/events/${event.id}`,
      `/live-event?event=${event.id}`,
      `/timer?event=${event.id}`,
      `/notifications?event=${event.id}`,
      `/feedback?event=${event.id}`,
      '/my-matches',
      '/events',
      '/profile',
      '/',
    ];
    const opens = async (page: Page, where: string, release: string) => {
      await expect(page.locator('h1').first(), where).toBeVisible({ timeout: 15_000 });
      await expect(page.getByText(`Speed Friendship ${release}`, { exact: true }), where).toBeVisible();
      await expect(page.getByText('This page could not be loaded.'), where).toHaveCount(0);
    };

    // Release 1: the worker installs after the first visit and controls the page from the next load.
    await phone.goto(screens[0]!);
    await phone.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await phone.reload();
    await expect.poll(() => phone.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
    for (const s of screens) {
      await phone.goto(s);
      await opens(phone, `${s} online, R1`, 'R1');
    }

    // The deploy: R2 on the same address and database.
    await server.stop();
    server = await serveRelease({ clientDir: r2, dataDir, port });

    // The guest's next page load finds the new worker; the page is still all R1, and says a new version is ready.
    await phone.goto(screens[0]!);
    const prompt = phone.getByRole('region', { name: 'A new version of Speed Friendship is ready' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await opens(phone, 'with the prompt', 'R1');
    await shot(phone, `${SHOTS}/update-prompt-390.png`);
    await expectAccessible(phone);

    await prompt.getByRole('button', { name: 'Later' }).click();
    await expect(prompt).toHaveCount(0);
    await opens(phone, 'after Later', 'R1');

    // No connection: through the menu first (chunks this page has not loaded yet), then every screen by address.
    await goOffline(phone.context());
    await expectWorkerCut(phone);
    const menu = phone.getByRole('navigation', { name: 'Main' });
    for (const label of ['Events', 'Friend Matches', 'Profile', 'Home']) {
      await menu.getByRole('link', { name: label }).click();
      await opens(phone, `${label} from the menu, offline`, 'R1');
    }
    for (const s of screens) {
      await phone.goto(s);
      await opens(phone, `${s} offline after Later`, 'R1');
    }
    await phone.goto('/my-matches');
    await opens(phone, '/my-matches offline', 'R1');
    // With what it read online (the worker's copy of the member's matches), not a spinner.
    await expect(phone.getByText(/Checking for your matches/)).toHaveCount(0, { timeout: 15_000 });
    await shot(phone, `${SHOTS}/later-offline-my-matches-390.png`, { fullPage: true });
    expect(failed).toEqual([]);

    // Back online, the guest updates: the whole page is R2.
    await goOnline(phone.context());
    await phone.goto(screens[0]!);
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    await prompt.getByRole('button', { name: 'Reload to update' }).click();
    await opens(phone, 'after the update', 'R2');
    await expect(prompt).toHaveCount(0);
    await phone.goto('/my-matches');
    await opens(phone, '/my-matches on R2', 'R2');
    await hostContext.close();
  } finally {
    await server.stop();
    rmSync(work, { recursive: true, force: true });
  }
});
