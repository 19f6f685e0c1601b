import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, expectAccessible, joinByApi, logIn, newMember, ok, unique } from './helpers';
import { expect, test } from './fixtures';

/**
 * A full evening's waitlist (docs/decisions/0016): a member joins the line on the event page, a
 * guest cancels, the first in line gets the e-mail and the held seat with its countdown, and books
 * it; the host sees who is still waiting.
 */

const dayAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The demo host's new free evening of six seats at a new venue, ten days ahead. */
async function smallEvening(host: Page) {
  const venue = await ok<{ id: number }>(
    await host.request.post('/api/venues', { data: { name: `Snug ${Date.now()}`, address: '1 Church Lane', city: 'Prestwich', capacity: 20 } }),
  );
  return ok<{ id: number; title: string }>(
    await host.request.post('/api/events', {
      data: {
        title: `Snug Supper Club ${Date.now()}`,
        description: 'Six seats round one table.',
        date: dayAhead(10),
        startTime: '19:00',
        endTime: '21:00',
        venueId: venue.id,
        ageRangeMin: 18,
        ageRangeMax: 65,
        maxParticipants: 6,
        price: 0,
      },
    }),
  );
}

/** A guest with their own session (no browser needed), booked on the evening. */
async function apiGuest(baseURL: string, eventId: number, name: string): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  const user = await joinByApi(ctx, { name, email: unique('guest'), age: 30 });
  await ok(await ctx.post(`/api/events/${eventId}/register`, { data: { userId: user.id, consentToShare: true } }));
  return ctx;
}

test('a full evening: join the waitlist, a guest cancels, the held seat is offered and booked', async ({ browser, page: host, baseURL }, testInfo) => {
  test.setTimeout(120_000);
  await logIn(host, DEMO.host);
  const evening = await smallEvening(host);
  const guests = await Promise.all(['Gina', 'Hal', 'Ida', 'Jon', 'Kay', 'Lou'].map((n) => apiGuest(baseURL!, evening.id, `${n} Guest`)));

  const ann = await newMember(browser, 'Ann Waiting');
  const ben = await newMember(browser, 'Ben Behind');
  await ann.page.goto(`/events/${evening.id}`);
  await expect(ann.page.getByText(/This evening is full\. Join the waitlist/)).toBeVisible();
  await ann.page.getByRole('button', { name: 'Join the waitlist', exact: true }).click();
  await expect(ann.page.getByText("You're number 1 on the waitlist")).toBeVisible();
  await expectAccessible(ann.page);
  await ann.page.screenshot({ path: testInfo.outputPath('waitlist-phone.png'), fullPage: true });

  await ben.page.goto(`/events/${evening.id}`);
  await ben.page.getByRole('button', { name: 'Join the waitlist', exact: true }).click();
  await expect(ben.page.getByText("You're number 2 on the waitlist")).toBeVisible();

  // Gina gives her place up: it goes to Ann, not to whoever refreshes first.
  await ok(await guests[0]!.delete(`/api/events/${evening.id}/registration`));
  await expect
    .poll(async () =>
      ((await (await host.request.get(`/api/dev/outbox?to=${encodeURIComponent(ann.email)}`)).json()) as { subject: string }[]).map((m) => m.subject),
    )
    .toContain(`A place has opened at ${evening.title}`);

  await ann.page.reload();
  await expect(ann.page.getByText('A place has opened for you')).toBeVisible();
  await expect(ann.page.getByText(/^11:5\d:\d\d$/)).toBeVisible();
  await expectAccessible(ann.page);
  await ann.page.screenshot({ path: testInfo.outputPath('offer-phone.png'), fullPage: true });

  // Someone new cannot take the held seat.
  const late = await newMember(browser, 'Lee Late');
  await late.page.goto(`/events/${evening.id}`);
  await expect(late.page.getByRole('button', { name: 'Join the waitlist', exact: true })).toBeVisible();

  await ann.page.getByRole('button', { name: `Register free for ${evening.title}` }).click();
  await expect(ann.page.getByRole('heading', { name: "You're registered" })).toBeVisible();

  await ben.page.reload();
  await expect(ben.page.getByText("You're number 1 on the waitlist")).toBeVisible();

  await host.goto(`/events/${evening.id}`);
  const line = host.getByRole('list', { name: 'People on the waitlist' });
  await expect(line.getByRole('listitem')).toHaveText(['1.Ben BehindWaiting']);
  await host.setViewportSize({ width: 1280, height: 900 });
  await host.screenshot({ path: testInfo.outputPath('host-waitlist-desktop.png'), fullPage: true });
  await Promise.all(guests.map((g) => g.dispose()));
});
