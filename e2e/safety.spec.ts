import type { Page } from '@playwright/test';
import { bookedGuest, DEMO, expectAccessible, newEvening, ok, signIn, type Member } from './helpers';
import { expect, test } from './fixtures';

/**
 * Safety tools for the people in the room (GitHub issue 21; docs/decisions/0041, 0042): a guest
 * blocks someone they met and the next evening never seats them together, nor shows either in the
 * other's match preview; a report reaches the admin, who suspends the account, which then cannot
 * log in; a host removes a guest and the guest's phone says so. Fresh evenings of the demo host,
 * so the journeys do not depend on the demo evenings' state.
 */

// A day of its own for each evening (the demo host's venue takes one booking at a time), also when a retry loads this file again.
let days = 20 + Math.floor(Math.random() * 300);
function safetyEvening(host: Page) {
  return newEvening(host, 'Safety evening', days++, { description: 'Short conversations.' });
}

async function checkInAll(host: Page, eventId: number, guests: Member[]) {
  for (const g of guests) await ok(await host.request.post(`/api/events/${eventId}/checkin`, { data: { userId: g.id } }));
}

const first = (m: Member) => m.name.split(' ')[0]!;

test('a guest blocks someone they met: the next evening never pairs them, and neither sees the other in the preview', async ({ browser, page: host }) => {
  test.setTimeout(240_000);
  await signIn(host, DEMO.host);
  const met = await safetyEvening(host);
  const alice = await bookedGuest(browser, 'Alice Ashworth', met.id);
  const bilal = await bookedGuest(browser, 'Bilal Bradshaw', met.id);
  await checkInAll(host, met.id, [alice, bilal]);
  await ok(await host.request.post(`/api/events/${met.id}/timer`, { data: { type: 'start_timer' } }));

  // Alice met Bilal in round 1: she blocks him from her missed connections, after a question.
  await alice.page.goto(`/missed-connections?event=${met.id}`);
  await alice.page.getByRole('button', { name: `Block ${first(bilal)}` }).click();
  const dialog = alice.page.getByRole('dialog', { name: `Block ${first(bilal)}?` });
  await expect(dialog).toContainText('is not told');
  await expectAccessible(alice.page);
  await dialog.getByRole('button', { name: `Block ${first(bilal)}` }).click();
  await expect(alice.page.getByText(`${first(bilal)} is blocked`)).toBeVisible();

  // Her profile lists the block, with Unblock.
  await alice.page.goto('/profile');
  await expect(alice.page.getByText('People you blocked')).toBeVisible();
  await expect(alice.page.getByRole('button', { name: `Unblock ${bilal.name}` })).toBeVisible();
  await expectAccessible(alice.page);

  // The next evening: both booked with two others. Neither sees the other in the match preview.
  const next = await safetyEvening(host);
  for (const m of [alice, bilal]) await ok(await m.page.request.post(`/api/events/${next.id}/register`, { data: { userId: m.id, consentToShare: true } }));
  const cara = await bookedGuest(browser, 'Cara Crompton', next.id);
  const dan = await bookedGuest(browser, 'Dan Dewhurst', next.id);
  for (const [viewer, hidden] of [
    [alice, bilal],
    [bilal, alice],
  ] as const) {
    await viewer.page.goto(`/match-preview?event=${next.id}`);
    await viewer.page.getByRole('tab', { name: /Profiles/ }).click();
    await expect(viewer.page.getByText(first(cara)).first()).toBeVisible();
    await expect(viewer.page.getByText(first(dan)).first()).toBeVisible();
    await expect(viewer.page.getByText(first(hidden))).toHaveCount(0);
  }

  // The host checks all four in and starts: four guests, three rounds, everyone else meets everyone, never Alice and Bilal.
  await checkInAll(host, next.id, [alice, bilal, cara, dan]);
  await ok(await host.request.post(`/api/events/${next.id}/timer`, { data: { type: 'start_timer' } }));
  const rotation = await ok<{ round: number; a: { id: number }; b: { id: number } | null }[]>(await host.request.get(`/api/events/${next.id}/rotation`));
  const pairs = rotation.filter((r) => r.b !== null).map((r) => [r.a.id, r.b!.id].sort((x, y) => x - y).join(':'));
  expect(pairs.length).toBeGreaterThan(0);
  expect(pairs).not.toContain([alice.id, bilal.id].sort((x, y) => x - y).join(':'));
  expect(new Set(pairs).size).toBe(pairs.length);
});

test('a guest reports someone, the admin suspends them on /reports, and the suspended person cannot log in', async ({ browser, page: host }) => {
  test.setTimeout(180_000);
  await signIn(host, DEMO.host);
  const evening = await safetyEvening(host);
  const eve = await bookedGuest(browser, 'Eve Entwistle', evening.id);
  const finn = await bookedGuest(browser, 'Finn Fletcher', evening.id);
  await checkInAll(host, evening.id, [eve, finn]);
  await ok(await host.request.post(`/api/events/${evening.id}/timer`, { data: { type: 'start_timer' } }));

  await eve.page.goto(`/missed-connections?event=${evening.id}`);
  await eve.page.getByRole('button', { name: `Report ${first(finn)}` }).click();
  const dialog = eve.page.getByRole('dialog', { name: `Report ${first(finn)}` });
  await dialog.getByRole('radio', { name: 'Harassment or bullying' }).check();
  await dialog.getByLabel('Tell us more (optional)').fill('Kept asking for my address after I said no.');
  await expectAccessible(eve.page);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(eve.page.getByText('Report sent')).toBeVisible();

  // A member without the host role sees 'hosts only' on /reports.
  await eve.page.goto('/reports');
  await expect(eve.page.getByText(/hosts/i).first()).toBeVisible();
  await expect(eve.page.getByRole('list', { name: 'Reports' })).toHaveCount(0);

  const admin = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
  await signIn(admin, DEMO.admin);
  await admin.goto('/reports');
  const card = admin.getByRole('listitem').filter({ hasText: 'Kept asking for my address' });
  await expect(card).toContainText(finn.name);
  await expectAccessible(admin);
  await card.getByRole('button', { name: `Suspend account of ${finn.name}` }).click();
  await admin
    .getByRole('dialog', { name: `Suspend ${finn.name}?` })
    .getByRole('button', { name: 'Suspend account' })
    .click();
  await expect(admin.getByText(`${finn.name} is suspended`)).toBeVisible();

  // Finn's session has ended. Log-in answers every address alike (docs/decisions/0070), and mails the
  // suspended owner why instead of a code.
  expect((await finn.page.request.get('/api/auth/me')).status()).toBe(401);
  await finn.page.goto('/login');
  await finn.page.getByLabel('Email address').fill(finn.email);
  await finn.page.getByRole('button', { name: 'Access My Account' }).click();
  await expect
    .poll(async () => {
      const mails = (await (await finn.page.request.get(`/api/dev/outbox?to=${encodeURIComponent(finn.email)}`)).json()) as { text: string }[];
      return mails.some((m) => /This account is suspended/.test(m.text));
    })
    .toBe(true);
});

test('a host removes a guest from the running evening on /check-in, and the guest’s phone says so', async ({ browser, page: host }) => {
  test.setTimeout(180_000);
  await signIn(host, DEMO.host);
  const evening = await safetyEvening(host);
  const gina = await bookedGuest(browser, 'Gina Greenhalgh', evening.id);
  const hal = await bookedGuest(browser, 'Hal Haworth', evening.id);
  const ivy = await bookedGuest(browser, 'Ivy Ingham', evening.id);
  await checkInAll(host, evening.id, [gina, hal, ivy]);
  await ok(await host.request.post(`/api/events/${evening.id}/timer`, { data: { type: 'start_timer' } }));

  await gina.page.goto(`/events/${evening.id}`);
  await expect(gina.page.getByText(/Round 1/).first()).toBeVisible({ timeout: 15_000 });

  await host.goto(`/check-in?event=${evening.id}`);
  await host.getByRole('button', { name: `Remove ${gina.name} from tonight` }).click();
  const dialog = host.getByRole('dialog', { name: `Remove ${gina.name} from tonight?` });
  await expectAccessible(host);
  await dialog.getByRole('button', { name: `Remove ${gina.name}` }).click();
  await expect(host.getByText(`${gina.name} is removed`)).toBeVisible();

  await expect(gina.page.getByRole('alert').filter({ hasText: 'The host has removed you from this evening' })).toBeVisible();
  await expectAccessible(gina.page);
  const rotation = await ok<{ round: number; a: { id: number }; b: { id: number } | null }[]>(await host.request.get(`/api/events/${evening.id}/rotation`));
  expect(rotation.filter((r) => r.round >= 2).some((r) => r.a.id === gina.id || r.b?.id === gina.id)).toBe(false);
});
