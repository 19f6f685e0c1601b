import type { Browser, BrowserContext, Page } from '@playwright/test';
import { cameraBrowser, qrOnScreen, writeCameraFile } from './fake-camera';
import { bookedGuest, DEMO, expectAccessible, newEvening, ok, shot, signIn } from './helpers';
import { expect, test } from './fixtures';

/**
 * The door offline (issue 23; docs/decisions/0052-the-door-offline.md): the host's two desks load
 * /check-in, lose the network, both scan the same guest (desk A first) and check in different
 * guests, one undoes a pending check-in; desk B's queue survives a reload; both come back. The
 * server holds each guest once, the first scan by time stands, desk B is told, and the counts match.
 */

const SHOTS = '/tmp/doorline';

/** A free evening of the demo host's, at a venue of its own, weeks ahead (the door is open until it ends). */
function offlineEvening(host: Page) {
  const date = new Date(Date.now() + (30 + Math.floor(Math.random() * 300)) * 86_400_000).toISOString().slice(0, 10);
  return newEvening(host, 'Offline door', 0, {
    ownVenue: { name: `Cellar Bar ${Date.now()}`, address: '1 Bury Old Road', city: 'Prestwich', capacity: 40 },
    date,
    description: 'Short conversations.',
  });
}

/** '7:04 PM' in London, as the desk writes times. */
const clock = (d: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: 'numeric', minute: '2-digit', hourCycle: 'h12' }).format(d).toUpperCase();
/** '19:04' in London, as the attendance export writes times. */
const hhmm = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);

async function openDesk(browser: Browser, baseURL: string, eventId: number, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport, permissions: ['camera'] });
  const page = await context.newPage();
  await signIn(page, DEMO.host);
  const packed = page.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes(`/api/events/${eventId}/door/desks/`) && r.ok());
  await page.goto(`/check-in?event=${eventId}`);
  await packed;
  return { context, page };
}

const counts = (desk: Page) => desk.getByRole('region', { name: 'Attendance' });
async function expectCounts(desk: Page, checkedIn: number, registered: number) {
  await expect(counts(desk)).toContainText(new RegExp(`Registered\\s*${registered}`));
  await expect(counts(desk)).toContainText(new RegExp(`Checked in\\s*${checkedIn}`));
  await expect(counts(desk)).toContainText(new RegExp(`Still to come\\s*${registered - checkedIn}`));
}

async function checkInByName(desk: Page, name: string) {
  await desk.getByLabel('Search by name or ticket code').fill(name);
  await desk.getByRole('button', { name: `Check in ${name}` }).click();
}

async function scanOnce(desk: Page, name: string) {
  await desk.getByRole('button', { name: 'Scan tickets' }).click();
  await expect(desk.getByRole('status').filter({ hasText: `${name} checked in` })).toContainText('Saved on this phone', { timeout: 20_000 });
  await desk.getByRole('button', { name: 'Stop camera' }).click();
}

test('two desks check guests in offline, come back, and the server counts each guest once, the first scan standing', async ({
  browser,
  page: host,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  await signIn(host, DEMO.host);
  const evening = await offlineEvening(host);
  const priya = await bookedGuest(browser, 'Priya Offline', evening.id);
  const sam = await bookedGuest(browser, 'Sam Offline', evening.id);
  const zoe = await bookedGuest(browser, 'Zoe Offline', evening.id);
  const exportLines = async () => (await (await host.request.get(`/api/events/${evening.id}/attendance.csv`)).text()).trim().split(/\r?\n/);
  // The attendance CSV: Name, Ticket code, Checked in, Time, How (decision 0062).
  const zoeCode = (await exportLines()).find((l) => l.startsWith('Zoe Offline'))!.split(',')[1]!;

  // Priya's ticket on her phone is what both desks' cameras see.
  await priya.page.goto(`/events/${evening.id}`);
  const video = testInfo.outputPath('priya.y4m');
  const ticket = priya.page.getByRole('img', { name: /Ticket QR code/ });
  await expect(ticket.locator('svg')).toBeVisible();
  writeCameraFile(await qrOnScreen(ticket), video);
  const doors = await cameraBrowser(video);
  const contexts: BrowserContext[] = [];
  try {
    const a = await openDesk(doors, baseURL!, evening.id, { width: 390, height: 844 });
    const b = await openDesk(doors, baseURL!, evening.id, { width: 1280, height: 800 });
    contexts.push(a.context, b.context);
    await expectCounts(a.page, 0, 3);
    await expectCounts(b.page, 0, 3);

    // The bar's Wi-Fi drops.
    await a.context.setOffline(true);
    await b.context.setOffline(true);
    await expect(a.page.getByRole('status').filter({ hasText: /^Offline since/ })).toBeVisible();

    // Desk A: Priya's ticket scanned, Sam found by name, Zoe checked in by mistake and undone (still offline).
    const aScannedFrom = new Date();
    await scanOnce(a.page, 'Priya Offline');
    const aScannedBy = new Date();
    await checkInByName(a.page, 'Sam Offline');
    await checkInByName(a.page, 'Zoe Offline');
    await expectCounts(a.page, 3, 3);
    const recentA = a.page.getByRole('region', { name: 'Recently checked in' });
    await recentA.getByRole('button', { name: 'Undo check-in of Zoe Offline' }).click();
    await a.page.getByRole('button', { name: 'Undo check-in', exact: true }).click();
    await expect(a.page.getByText('Check-in undone')).toBeVisible();
    await expectCounts(a.page, 2, 3);
    await expect(recentA.getByText('Waiting to send')).toHaveCount(2);
    await expect(a.page.getByRole('status').filter({ hasText: /^Offline since/ })).toContainText('2 check-ins saved on this phone');
    await shot(a.page, `${SHOTS}/desk-a-offline-390.png`, { fullPage: true });
    await expectAccessible(a.page);

    // Desk B, a little later: Priya scanned again (her ticket held up at the other door), Zoe by her code.
    await scanOnce(b.page, 'Priya Offline');
    await b.page.getByRole('textbox', { name: 'Ticket code', exact: true }).fill(zoeCode);
    await b.page.getByRole('button', { name: 'Check in', exact: true }).click();
    await expect(b.page.getByRole('status').filter({ hasText: 'Zoe Offline checked in' })).toContainText('Saved on this phone');
    await expectCounts(b.page, 2, 3);

    // Desk B's connection comes back but its sends fail; a reload finds its queue on the phone.
    await b.context.route('**/door/desks/*/sync', (route) => route.abort());
    await b.context.setOffline(false);
    await b.page.reload();
    await expectCounts(b.page, 2, 3);
    await expect(b.page.getByRole('region', { name: 'Recently checked in' }).getByText('Waiting to send')).toHaveCount(2);
    expect((await exportLines()).filter((l) => /,yes,/.test(l))).toEqual([]);

    // B's sends go through: Priya and Zoe are in, by B.
    await b.context.unroute('**/door/desks/*/sync');
    await expect(b.page.getByText('Waiting to send')).toHaveCount(0, { timeout: 15_000 });
    await expectCounts(b.page, 2, 3);

    // Then desk A is back: its earlier scan of Priya stands; B is told.
    await a.context.setOffline(false);
    const back = Date.now();
    await expect.poll(async () => (await exportLines()).find((l) => l.startsWith('Sam Offline')), { intervals: [50], timeout: 15_000 }).toMatch(/,yes,/);
    // The budget (ARCHITECTURE.md "Offline": on the server within 2 s) is measured here, not asserted: the machine is shared.
    testInfo.annotations.push({ type: 'door sync after reconnect (ms)', description: String(Date.now() - back) });
    console.log(`door-offline: desk A's check-ins on the server ${Date.now() - back} ms after its connection returned`);
    await expect(a.page.getByText('Waiting to send')).toHaveCount(0, { timeout: 15_000 });
    await expectCounts(a.page, 3, 3);
    const told = b.page.getByRole('region', { name: 'Sent, but not counted from this desk' });
    await expect(told).toContainText(new RegExp(`Priya Offline was already checked in at (${clock(aScannedFrom)}|${clock(aScannedBy)}) by the other desk\\.`), {
      timeout: 15_000,
    });
    await expectCounts(b.page, 3, 3);
    await expect(a.page.getByRole('region', { name: 'Sent, but not counted from this desk' })).toHaveCount(0);
    await shot(b.page, `${SHOTS}/desk-b-told-1280.png`, { fullPage: true });
    await expectAccessible(b.page);
    await told.getByRole('button', { name: /Got it/ }).click();
    await expect(told).toHaveCount(0);

    // The server's data: each guest once, Priya at desk A's time, by scan.
    const lines = await exportLines();
    expect(lines.filter((l) => l.includes(' Offline,'))).toHaveLength(3);
    const priyaLine = lines.find((l) => l.startsWith('Priya Offline'))!;
    expect(priyaLine).toMatch(/,yes,.*,scan$/);
    expect([hhmm(aScannedFrom), hhmm(aScannedBy)]).toContain(priyaLine.split(',')[3]!.slice(-5));
    expect(lines.find((l) => l.startsWith('Sam Offline'))).toMatch(/,yes,.*,search$/);
    expect(lines.find((l) => l.startsWith('Zoe Offline'))).toMatch(/,yes,.*,code$/);
    const door = await ok<{ counts: { registered: number; checkedIn: number } }>(await host.request.get(`/api/events/${evening.id}/door`));
    expect(door.counts).toEqual({ registered: 3, checkedIn: 3, toCome: 0 });
  } finally {
    await doors.close();
  }
  for (const g of [priya, sam, zoe]) await g.page.context().close();
});
