import type { Browser, Page } from '@playwright/test';
import { bookedGuest, DEMO, expectAccessible, joinByApi, latestCode, newEvening, ok, shot, signIn, unique } from './helpers';
import { expect, test } from './fixtures';

/**
 * A seat for a friend (issue 35; docs/decisions/0075-a-seat-for-a-friend.md): a guest gives their
 * ticket to a friend who is new to the app; the friend opens the link from the e-mail, creates an
 * account with the e-mail code, accepts, and is let in at the door with their new ticket; the old
 * ticket's code is refused there. The new screens are checked with axe and photographed at phone
 * and desktop size.
 */

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/friend-seats';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** The newest mail to this address whose text matches, from the dev outbox. */
async function mailTo(page: Page, email: string, match: RegExp) {
  let text = '';
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { subject: string; text: string }[];
      text = mails.find((m) => match.test(m.text))?.text ?? '';
      return text;
    })
    .toBeTruthy();
  return text;
}

async function shoot(page: Page, name: string) {
  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await shot(page, `${SHOTS}/${size}-${name}.png`, { fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

test('a guest gives their ticket to a friend new to the app, who accepts and is let in at the door; the old code is refused', async ({
  browser,
  page: host,
}) => {
  test.setTimeout(180_000);
  await signIn(host, DEMO.host);
  const evening = await newEvening(host, 'Friend seats evening', 13);
  const gina = await bookedGuest(browser, 'Gina Giver', evening.id);
  const oldCode = (await ok<{ viewer: { ticketCode: string } }>(await gina.page.request.get(`/api/events/${evening.id}`))).viewer.ticketCode;

  // ---- Gina's evening page: "Give my ticket to a friend", by e-mail.
  await gina.page.goto(`/events/${evening.id}`);
  const card = gina.page.getByRole('region', { name: 'A seat for a friend' });
  await expect(card).toBeVisible();
  await shoot(gina.page, 'evening-give');
  await card.getByRole('button', { name: 'Give my ticket to a friend' }).click();
  await card.getByLabel("Your friend's e-mail").fill('not an address');
  await card.getByRole('button', { name: 'Send my ticket' }).click();
  await expect(card.getByText('Please enter a valid email address')).toBeVisible();
  await expectAccessible(gina.page);
  const friendEmail = unique('fran');
  await card.getByLabel("Your friend's e-mail").fill(friendEmail);
  await card.getByRole('button', { name: 'Send my ticket' }).click();
  await expect(card.getByText(`Your ticket is offered to ${friendEmail}`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Withdraw the offer' })).toBeVisible();
  await expectAccessible(gina.page);
  await shoot(gina.page, 'evening-offered');

  // ---- Fran, new to the app, opens the link from the e-mail on her phone.
  const invite = await mailTo(gina.page, friendEmail, /friend-seat\//);
  const link = invite.match(/https?:\/\/\S+\/friend-seat\/[A-Za-z0-9_-]+/)![0];
  const franContext = await browser.newContext({ viewport: PHONE });
  const fran = await franContext.newPage();
  await fran.goto(new URL(link).pathname);
  // Signed in first: the log-in page with the code, then her name and age (docs/decisions/0070).
  await expect(fran).toHaveURL(/\/login\?next=/);
  await fran.getByLabel('Email address').fill(friendEmail);
  await fran.getByRole('button', { name: /^(Continue|Access My Account)$/ }).click();
  await fran.getByLabel('Login code').fill(await latestCode(fran.request, friendEmail));
  await fran.getByRole('button', { name: 'Log In' }).click();
  await fran.getByLabel('First name').fill('Fran');
  await fran.getByLabel('Age').fill('29');
  await fran.getByRole('button', { name: 'Create my account' }).click();

  // ---- The claim page: what is offered, and nothing moves until Accept.
  await expect(fran).toHaveURL(new RegExp(`/friend-seat/`));
  await expect(fran.getByRole('heading', { level: 1, name: 'A seat for you' })).toBeVisible();
  await expect(fran.getByText("Gina Giver can't make it and would like you to have their ticket.")).toBeVisible();
  await expectAccessible(fran);
  await shoot(fran, 'claim');
  await fran.getByRole('button', { name: 'Accept the seat' }).click();
  await expect(fran.getByRole('heading', { name: "It's yours!" })).toBeVisible();
  await expectAccessible(fran);
  await shoot(fran, 'claimed');
  await fran.getByRole('link', { name: 'See my ticket' }).click();
  await expect(fran.getByRole('heading', { name: "You're registered" })).toBeVisible();
  const newCode = (await ok<{ viewer: { ticketCode: string } }>(await fran.request.get(`/api/events/${evening.id}`))).viewer.ticketCode;
  expect(newCode).not.toBe(oldCode);
  await expect(fran.getByText(newCode)).toBeVisible();

  // Gina is told, and her page no longer shows a ticket.
  expect(await mailTo(gina.page, gina.email, /has accepted your ticket/)).toContain(oldCode);
  await gina.page.reload();
  await expect(gina.page.getByRole('heading', { name: "You're registered" })).toHaveCount(0);

  // ---- The door: the old code is refused, Fran's new one lets her in.
  await host.goto(`/check-in?event=${evening.id}`);
  await host.getByRole('textbox', { name: 'Ticket code' }).fill(oldCode);
  await host.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(host.getByText(/was given to a friend on .*, so it no longer gets anyone in/)).toBeVisible();
  await host.getByRole('textbox', { name: 'Ticket code' }).fill(newCode);
  await host.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(host.getByRole('status').filter({ hasText: 'Fran checked in' })).toBeVisible();
  await franContext.close();
  await gina.page.context().close();
});

test('a member books two places, the second for a friend, from the evening page', async ({ browser, page: host }) => {
  test.setTimeout(120_000);
  await signIn(host, DEMO.host);
  const evening = await newEvening(host, 'Bring a friend evening', 14);
  const bea = await newMemberOnPhone(browser, 'Bea Booker');
  await bea.goto(`/events/${evening.id}`);
  const card = bea.getByText('Bring a friend', { exact: true });
  await expect(card).toBeVisible();
  await bea.getByRole('link', { name: 'Book for me and a friend' }).click();
  await expect(bea.getByRole('heading', { level: 1, name: 'Book for two' })).toBeVisible();
  await expectAccessible(bea);
  await shoot(bea, 'checkout-for-two');
  const friendEmail = unique('pal');
  await bea.getByLabel("Your friend's e-mail").fill(friendEmail);
  await bea.getByRole('button', { name: 'Book both places' }).click();
  await expect(bea).toHaveURL(new RegExp(`/events/${evening.id}$`));
  const seats = bea.getByRole('region', { name: 'A seat for a friend' });
  await expect(seats.getByText(`A seat is held for ${friendEmail}`)).toBeVisible();
  await expect(seats.getByRole('button', { name: 'Cancel my friend’s seat' })).toBeVisible();
  await expectAccessible(bea);
  await shoot(bea, 'evening-booked-for-two');
  expect(await mailTo(bea, friendEmail, /friend-seat\//)).toContain('Bea Booker booked two seats');
  await bea.context().close();
});

/** A new member signed in on a phone-sized page. */
async function newMemberOnPhone(browser: Browser, name: string) {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  const { email } = await joinByApi(page.request, { name, age: 33 });
  await signIn(page, email);
  return page;
}
