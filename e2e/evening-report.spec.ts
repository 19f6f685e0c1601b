import { readFileSync } from 'node:fs';
import { DEMO, expectAccessible, ok, shot, signIn } from './helpers';
import { expect, test } from './fixtures';

/**
 * The host's evening report (GitHub issue 36, docs/decisions/0084-the-hosts-evening-report.md): the
 * demo host opens the launch night's report from its evening page, sees the figures its stored rows
 * give (visits, bookings, check-ins, the guests who rated, matches against the 22-30 % reference,
 * round by round, the feedback), downloads the CSV, and the report prints on one A4 page. /dashboard
 * shows the same rates across the host's evenings. Screenshots at phone, desktop and print.
 */

const desktop = { width: 1280, height: 900 };

test("the demo host opens the launch night's report, reads its figures, downloads the CSV and prints it on one page", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, DEMO.host);
  const list = await ok<{ id: number; title: string }[]>(await page.request.get('/api/events'));
  const launch = list.find((e) => e.title === 'Wine Bar Speed Friendship')!;

  // From the evening's page: the host's tools lead to the report.
  await page.goto(`/events/${launch.id}`);
  await page.getByRole('link', { name: 'Evening report' }).click();
  await expect(page).toHaveURL(new RegExp(`/events/${launch.id}/report$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Wine Bar Speed Friendship: the evening report' })).toBeVisible();

  // The funnel, as the launch night stored it: 59 visits, seven booked and all came, all seven rated.
  const funnel = page.getByRole('region', { name: 'From the page to friendships' });
  const stepOf = (label: string) => funnel.getByRole('listitem').filter({ has: page.getByRole('heading', { name: label, exact: true }) });
  await expect(stepOf('Visits to the public page')).toContainText('59');
  await expect(stepOf('Seats booked')).toContainText('7');
  await expect(stepOf('Checked in')).toContainText('100 % of seats booked');
  await expect(stepOf('Checked in')).toContainText('No-show rate: 0 % of seats booked');
  await expect(stepOf('Checked in')).toContainText('Reference: 17 % no-shows at paid evenings');
  await expect(stepOf('Guests who rated')).toContainText('100 % of guests checked in');
  await expect(stepOf('Mutual matches')).toContainText('of 18 pairs that met');
  await expect(stepOf('Mutual matches')).toContainText('Reference: 22-30 % of pairings mutual');
  await expect(stepOf('Mutual matches')).toContainText('Source: Speed-dating organisers');
  // The ratings were deleted at the first start (older than RETENTION_DAYS): the report says its counts were kept.
  await expect(funnel).toContainText('the figures that came from them are the counts kept at that moment');

  // Round by round: six rounds, three pairs and six ratings each.
  const rounds = page.getByRole('region', { name: 'Round by round' }).getByRole('row');
  await expect(rounds).toHaveCount(7);
  await expect(rounds.nth(1)).toHaveText(/1\s*3\s*6/);

  // The feedback as stored: the demo's five forms, or six when another journey on this worker's
  // server has already sent the launch night's feedback (e2e/around-the-evening.spec.ts). The
  // figures are read from the host's own insights, not assumed.
  const insights = await ok<{ totalResponses: number; recommendationRate: number; averageOverallRating: number }>(
    await page.request.get(`/api/events/${launch.id}/feedback/insights`),
  );
  expect(insights.totalResponses).toBeGreaterThanOrEqual(5);
  const feedback = page.getByRole('region', { name: 'Feedback' });
  await expect(feedback).toContainText(`From ${insights.totalResponses} guests; ${insights.recommendationRate} % would recommend`);
  await expect(feedback).toContainText(`${insights.averageOverallRating.toFixed(1)} of 5`);
  await expect(feedback.getByRole('listitem').first()).toContainText('More time per conversation');
  await expectAccessible(page);
  await shot(page, testInfo.outputPath('report-phone.png'), { fullPage: true });

  // The CSV of the same figures.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe(`evening-report-${launch.id}-2025-05-14.csv`);
  const csv = readFileSync((await download.path())!, 'utf8');
  expect(csv).toContain('funnel,Visits to the public page,59,,,,');
  expect(csv).toContain('funnel,Checked in,7,100,of seats booked,,');
  expect(csv).toMatch(/funnel,Mutual matches,\d+,[\d.]+,of 18 pairs that met,22-30 % of pairings mutual,/);
  expect(csv).toContain('round 6,ratings given,6,,,,');
  expect(csv).toContain(`feedback,average overall (of 5),${insights.averageOverallRating.toFixed(1)},,,,`);

  await page.setViewportSize(desktop);
  await shot(page, testInfo.outputPath('report-desktop.png'), { fullPage: true });

  // Printed: the app's header and navigation are gone, and it fits one A4 page.
  await page.emulateMedia({ media: 'print' });
  await page.setViewportSize({ width: 794, height: 1123 });
  await expect(page.getByRole('link', { name: 'Download CSV' })).toBeHidden();
  await shot(page, testInfo.outputPath('report-print.png'), { fullPage: true });
  const pdf = (await page.pdf({ format: 'A4', printBackground: true })).toString('latin1');
  expect(pdf.match(/\/Type\s*\/Page[^s]/g)).toHaveLength(1);
  await page.emulateMedia({ media: 'screen' });

  // /dashboard: the same rates across the host's evenings, newest first, each linking to its report.
  await page.goto('/dashboard');
  const trends = page.getByRole('region', { name: 'How your evenings are going' });
  await expect(trends.getByRole('link', { name: /Wine Bar Speed Friendship/ })).toBeVisible();
  await expect(trends.getByRole('row', { name: /Mutual matches, of pairs that met/ })).toBeVisible();
  await expectAccessible(page);
  await trends.scrollIntoViewIfNeeded();
  await shot(page, testInfo.outputPath('dashboard-desktop.png'));
});
