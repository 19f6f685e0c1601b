/**
 * /events/{id}/report (docs/decisions/0084-the-hosts-evening-report.md): a member is told it is for
 * hosts and nothing is asked of the server; a host of another evening sees the server's refusal; before
 * the evening ends the page says the report comes after it; after, the funnel with its references.
 */
import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { funnel } from '@shared/domain/report';
import type { EveningReport } from '@shared/schemas/report';
import { fakeServer, Reply } from '@client/test/render';
import { renderApp, signedInAs } from '../app.fixtures';

const head = {
  eventId: 5,
  title: 'Prestwich Friday Friends',
  date: '2026-12-04T19:00:00.000Z',
  endsAt: '2026-12-04T21:00:00.000Z',
  venue: 'The Wine Bar',
  paid: false,
};
const counts = {
  paid: false,
  visits: 40,
  signups: 4,
  booked: 20,
  checkedIn: 15,
  raters: 14,
  pairsMet: 40,
  matches: 10,
  contactsShared: 8,
  meetups: 3,
  metAgainAnswers: 6,
  metAgain: 4,
};
const over: EveningReport = {
  ...head,
  figures: {
    funnel: funnel(counts),
    rounds: [{ round: 1, pairsMet: 7, ratings: 14 }],
    ratingsOutsideRounds: 0,
    feedback: { responses: 0, averageOverall: null, recommendationRate: null, aspects: [], topImprovements: [] },
    ratingsDeletedAt: null,
  },
};

test('a member is told the report is for hosts, and the server is not asked', async () => {
  const server = fakeServer({ ...signedInAs('member') });
  renderApp('/events/5/report');
  expect(await screen.findByRole('heading', { name: 'This page is for hosts only' })).toBeInTheDocument();
  expect(server.calls.some((c) => c.url.pathname.includes('/report'))).toBe(false);
});

test("a host of another evening sees the server's refusal", async () => {
  fakeServer({
    ...signedInAs('member', 'host'),
    'GET /api/events/5/report': new Reply(403, { message: 'Only the host of this evening and admins can see its report' }),
  });
  renderApp('/events/5/report');
  expect(await screen.findByRole('heading', { name: "This report is for the evening's host" })).toBeInTheDocument();
  expect(screen.getByText('Only the host of this evening and admins can see its report.')).toBeInTheDocument();
});

test('before the evening ends, the report comes after it', async () => {
  fakeServer({ ...signedInAs('member', 'host'), 'GET /api/events/5/report': { ...head, figures: null } });
  renderApp('/events/5/report');
  expect(await screen.findByRole('heading', { name: 'The report comes after the evening' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
});

test('after the evening: each step with its rate, the references beside them, and the CSV to download', async () => {
  fakeServer({ ...signedInAs('member', 'host'), 'GET /api/events/5/report': over });
  renderApp('/events/5/report');
  const region = await screen.findByRole('region', { name: 'From the page to friendships' });
  const step = (name: string) =>
    within(region)
      .getAllByRole('listitem')
      .find((li) => within(li).queryByRole('heading', { name }))!;
  expect(step('Checked in')).toHaveTextContent('75 % of seats booked');
  // 5 of 20 did not come: 25 %, below the 28 % reference for free evenings.
  expect(step('Checked in')).toHaveTextContent('No-show rate: 25 % of seats booked');
  expect(step('Checked in')).toHaveTextContent('Reference: 28 % no-shows at free evenings (below it)');
  expect(step('Mutual matches')).toHaveTextContent('25 % of 40 pairs that met');
  expect(step('Mutual matches')).toHaveTextContent('Reference: 22-30 % of pairings mutual (within it)');
  expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/api/events/5/report.csv');
});
