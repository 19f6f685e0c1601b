import type { Page } from '@playwright/test';
import { cameraBrowser, deskContext, keepInView, qrOnScreen, writeCameraFile } from './fake-camera';
import { bookedGuest, DEMO, expectAccessible, london, newEvening, ok, signIn, type Member } from './helpers';
import { expect, test } from './fixtures';

/**
 * The door and the room (docs/spec/organiser-tools.md §2.19-2.23, docs/product.md "Events, payment,
 * capacity" and "The live evening"): the host scans a guest's in-app ticket with the phone camera,
 * guests check in on /arrival only at the venue, and the host's message reaches a guest's open
 * /notifications at once and comes back as read. Each journey runs on a fresh evening at a fresh venue
 * the demo host creates, so it depends on nothing else the suite does to the demo evening.
 */

/** The venue's door (a point in Heaton Park, Manchester). */
const DOOR = { latitude: 53.5352, longitude: -2.2557 };
/** About 20 m north of the door. */
const AT_THE_DOOR = { latitude: DOOR.latitude + 0.00018, longitude: DOOR.longitude, accuracy: 10 };
/** About 1.9 km away, in Prestwich. */
const FAR_AWAY = { latitude: 53.5331, longitude: -2.2847, accuracy: 10 };

/**
 * The demo host creates a venue with coordinates and a free evening there starting in `minutes`:
 * two hours long, or until 23:59 when that would cross midnight in London (an evening lies within
 * one day), so the journeys run at any hour.
 */
function eveningIn(host: Page, minutes: number) {
  const start = new Date(Math.ceil((Date.now() + minutes * 60_000) / 300_000) * 300_000);
  const { day, time: startTime } = london(start);
  const endTime = startTime >= '22:00' ? '23:59' : `${String(Number(startTime.slice(0, 2)) + 2).padStart(2, '0')}${startTime.slice(2)}`;
  return newEvening(host, 'Door evening', 0, {
    ownVenue: { name: `Boathouse ${Date.now()}`, address: 'Heaton Park', city: 'Manchester', capacity: 40, ...DOOR },
    date: day,
    startTime,
    endTime,
    description: 'Five-minute chats by the lake.',
  });
}

test('the host checks a guest in by scanning the QR of the ticket on her phone', async ({ browser, page: host, baseURL }, testInfo) => {
  test.setTimeout(180_000);
  await signIn(host, DEMO.host);
  const evening = await eveningIn(host, 30);
  const guest = await bookedGuest(browser, 'Quinn Quayle', evening.id);

  // The guest's ticket on her phone: the QR and its code, big on white.
  await guest.page.goto(`/events/${evening.id}`);
  const ticket = guest.page.getByRole('img', { name: /Ticket QR code/ });
  await expect(ticket).toBeVisible();
  const box = (await ticket.boundingBox())!;
  expect(box.width).toBeGreaterThanOrEqual(200);
  await expectAccessible(guest.page);

  // She holds it up to the host's camera: the host's phone plays what her screen shows.
  const video = testInfo.outputPath('ticket.y4m');
  writeCameraFile(await qrOnScreen(ticket), video);
  const door = await cameraBrowser(video);
  try {
    const context = await deskContext(door, { baseURL, viewport: { width: 390, height: 844 } });
    const desk = await context.newPage();
    await signIn(desk, DEMO.host);
    // The desk's clock is the page's fake one (it still runs), so the ticket can stay in view a while below.
    await desk.clock.install();
    await desk.goto(`/check-in?event=${evening.id}`);
    const counts = desk.getByRole('region', { name: 'Attendance' });
    await expect(counts).toContainText(/Registered\s*1/);
    await expect(counts).toContainText(/Checked in\s*0/);
    await expectAccessible(desk);

    await desk.getByRole('button', { name: 'Scan tickets' }).click();
    await expect(desk.getByRole('status').filter({ hasText: 'Quinn Quayle checked in' })).toBeVisible({ timeout: 20_000 });
    await expect(counts).toContainText(/Checked in\s*1/);
    await expect(desk.getByRole('region', { name: 'Recently checked in' })).toContainText('Quinn Quayle');
    // The camera keeps reading her ticket: it stays a quiet green welcome (issue 22), not an amber "already checked in".
    // Seven seconds of reads, longer than the pause after the last one (SAME_CODE_PAUSE_MS): none is sent.
    expect(await keepInView(desk, 7_000)).toEqual([]);
    await expect(desk.getByRole('status').filter({ hasText: 'Quinn Quayle checked in' })).toBeVisible();
    await expect(desk.getByText(/already checked in/)).toHaveCount(0);
    await desk.getByRole('button', { name: 'Stop camera' }).click();
    await expectAccessible(desk);
  } finally {
    await door.close();
  }

  // Her phone says so too, without a reload.
  await expect(guest.page.getByText(/^Checked in at \d{1,2}:\d{2}\s?[AP]M$/)).toBeVisible({ timeout: 15_000 });

  // The host's attendance export lists her, scanned.
  const csv = await host.request.get(`/api/events/${evening.id}/attendance.csv`);
  expect(csv.headers()['content-type']).toContain('text/csv');
  const lines = (await csv.text()).trim().split(/\r?\n/);
  expect(lines[0]).toBe('Name,Ticket code,Checked in,Time,How');
  expect(lines.find((l) => l.startsWith('Quinn Quayle'))).toMatch(/,yes,.*,scan$/);
  await guest.page.context().close();
});

test('a guest at the venue checks in on /arrival inside the window; hours early, at the door or far away, nobody can', async ({ browser, page: host }) => {
  test.setTimeout(240_000);
  await signIn(host, DEMO.host);
  // Three hours ahead: self check-in opens 60 minutes before the start, wherever the guest is
  // (docs/decisions/0014: a spoofed position gains nothing).
  const evening = await eveningIn(host, 180);
  const early = await bookedGuest(browser, 'Erin Early', evening.id, { geolocation: AT_THE_DOOR, permissions: ['geolocation'] });
  const far = await bookedGuest(browser, 'Felix Far', evening.id, { geolocation: FAR_AWAY, permissions: ['geolocation'] });

  // Far away: En Route, the distance in km, no prompt, and the server refuses a check-in.
  await far.page.goto(`/arrival?event=${evening.id}`);
  await expect(far.page.getByText('En Route', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(far.page.getByText(/^1\.9 km$/).first()).toBeVisible();
  await expect(far.page.getByRole('heading', { name: "You've Arrived" })).toHaveCount(0);
  await expectAccessible(far.page);
  const refused = await far.page.request.post(`/api/events/${evening.id}/arrival/check-in`, { data: { position: FAR_AWAY } });
  expect(refused.status()).toBe(409);
  // From 21:00 on, 'three hours ahead' is tomorrow: the time then names its day.
  expect(((await refused.json()) as { message: string }).message).toMatch(
    /^You can check yourself in from \d\d:\d\d( on \w{3} \d{1,2} \w{3})?, 60 minutes before the start.* km from/,
  );

  // At the door three hours early: At Venue and the prompt, but the server says when check-in opens.
  await early.page.goto(`/arrival?event=${evening.id}`);
  await expect(early.page.getByText('At Venue', { exact: true })).toBeVisible({ timeout: 20_000 });
  await early.page.getByRole('button', { name: 'Yes, Check Me In' }).click();
  await expect(early.page.getByRole('alert')).toContainText('60 minutes before the start');
  await expect(early.page.getByText('Successfully Checked In')).toHaveCount(0);
  await expectAccessible(early.page);

  // Half an hour before another evening, at its door: the prompt checks her in.
  const soon = await eveningIn(host, 30);
  const near = await bookedGuest(browser, 'Nadia Near', soon.id, { geolocation: AT_THE_DOOR, permissions: ['geolocation'] });
  await near.page.goto(`/arrival?event=${soon.id}`);
  await expect(near.page.getByText('At Venue', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(near.page.getByRole('heading', { name: "You've Arrived" })).toBeVisible();
  await expectAccessible(near.page);
  await near.page.getByRole('button', { name: 'Yes, Check Me In' }).click();
  await expect(near.page.getByText('Successfully Checked In')).toBeVisible();
  await expectAccessible(near.page);
  await near.page.getByRole('link', { name: 'Go to Live Event' }).click();
  await expect(near.page).toHaveURL(new RegExp(`/events/${soon.id}$`));
  await expect(near.page.getByText(/^Checked in at \d{1,2}:\d{2}\s?[AP]M$/)).toBeVisible();

  // The doors agree: nobody in three hours early; one in (by arrival) at the evening about to start.
  const door = await ok<{ counts: { checkedIn: number; toCome: number } }>(await host.request.get(`/api/events/${evening.id}/door`));
  expect(door.counts).toEqual({ registered: 2, checkedIn: 0, toCome: 2 });
  const soonDoor = await ok<{ counts: { checkedIn: number; toCome: number }; guests: { name: string; method: string | null }[] }>(
    await host.request.get(`/api/events/${soon.id}/door`),
  );
  expect(soonDoor.counts).toEqual({ registered: 1, checkedIn: 1, toCome: 0 });
  expect(soonDoor.guests.find((g) => g.name === 'Nadia Near')?.method).toBe('location');
  await Promise.all([near, far, early].map((g: Member) => g.page.context().close()));
});

test('the host messages the room; a guest sees it at once on /notifications, and the host sees it read', async ({ browser, page: host }) => {
  test.setTimeout(180_000);
  await signIn(host, DEMO.host);
  const evening = await eveningIn(host, 30);
  const guest = await bookedGuest(browser, 'Rosa Reader', evening.id);
  const absent = await bookedGuest(browser, 'Otto Outside', evening.id);
  await ok(await host.request.post(`/api/events/${evening.id}/door/check-in`, { data: { userId: guest.id } }));

  await guest.page.goto(`/notifications?event=${evening.id}`);
  await expect(guest.page.getByText("No messages yet. You'll see updates here during the event.")).toBeVisible();
  await expectAccessible(guest.page);

  await host.goto(`/messaging?event=${evening.id}`);
  const send = host.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeDisabled();
  await host.getByLabel('Message', { exact: true }).fill('   ');
  await expect(send).toBeDisabled();
  const text = 'The garden room is open: grab a drink and find table 3.';
  await host.getByLabel('Message', { exact: true }).fill(text);
  await send.click();
  const history = host.getByRole('region', { name: 'Message history' });
  await expect(history).toContainText(text);
  await expect(history).toContainText('Sent to 1');
  await expectAccessible(host);

  // It arrives on the guest's open page without a reload; the guest who is not in does not get it.
  const item = guest.page.getByRole('button', { name: new RegExp(text.slice(0, 20)) });
  await expect(item).toBeVisible({ timeout: 15_000 });
  await expect(guest.page.getByText(/1 unread/)).toBeVisible();
  await expectAccessible(guest.page);
  await item.click();
  await expect(guest.page.getByText(/0 unread|All read/)).toBeVisible();

  // The host's count follows, live.
  await expect(history).toContainText('Read by 1 of 1', { timeout: 15_000 });
  const inbox = await ok<{ messages: unknown[] }>(await absent.page.request.get(`/api/events/${evening.id}/inbox`));
  expect(inbox.messages).toEqual([]);
  await Promise.all([guest, absent].map((g) => g.page.context().close()));
});
