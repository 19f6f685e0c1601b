import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { PrivacyFacts } from '@shared/schemas/privacy';
import { fakeServer, renderAt, Reply } from '@client/test/render';
import { PrivacyPage } from './privacy-page';

const facts: PrivacyFacts = { retentionDays: 45, sessionDays: 30, autoReleaseHours: 24, noShows: { limit: 2, windowDays: 183, pauseDays: 30, keptDays: 213 } };

test('/privacy says what is kept, for as long as the server is configured to keep it, and who sees what', async () => {
  const server = fakeServer({ 'GET /api/privacy': facts });
  renderAt(<PrivacyPage />, { path: '/privacy' });
  expect(screen.getByRole('heading', { level: 1, name: 'Your privacy' })).toBeInTheDocument();
  const howLong = screen.getByRole('region', { name: 'How long we keep it' });
  // The retention comes from the server's RETENTION_DAYS, not from a number in the page.
  expect(await within(howLong).findByText('45 days')).toBeInTheDocument();
  expect(howLong).toHaveTextContent('Your ratings and arrival location reports are deleted 45 days after the evening they belong to.');
  expect(howLong).toHaveTextContent('What you told the hosts would help you on the night is deleted at the same time');
  expect(screen.getByRole('region', { name: 'Who sees what' })).toHaveTextContent(
    "What you said would help you on the night is seen by that evening's hosts (and the organisers' admins)",
  );
  expect(howLong).toHaveTextContent('24 hours after the evening');
  expect(howLong).toHaveTextContent('A login lasts 30 days');
  expect(server.calls.map((c) => c.url.pathname)).toEqual(['/api/privacy']);

  const who = screen.getByRole('region', { name: 'Who sees what' });
  expect(who).toHaveTextContent('Other guests of the same evening see your name, age, bio, interests and photo. Never your e-mail or phone number.');
  expect(who).toHaveTextContent(
    'The hosts of your evening see your name, your ticket code and when you arrived, at the door and in its attendance list. Never your e-mail or phone number.',
  );
  expect(who).toHaveTextContent("Your e-mail and phone number are seen only by you, the organisers' admins, and your matches once contact is shared");
  const safety = screen.getByRole('region', { name: 'Blocks and reports' });
  expect(safety).toHaveTextContent('the hosts of that evening and the admins see your report');
  expect(safety).toHaveTextContent('at evenings to come you do not see each other in the guest list, the badges or the previews');
  const yours = screen.getByRole('region', { name: 'Take it with you, or delete it' });
  expect(within(yours).getByRole('link', { name: 'profile' })).toHaveAttribute('href', '/profile');
  expect(yours).toHaveTextContent('Download my data');
});

test('when the figures cannot be loaded, the page says so and tries again on request', async () => {
  let answer: PrivacyFacts | Reply = new Reply(429, { message: 'Too many attempts', error: 'Too many attempts' });
  fakeServer({ 'GET /api/privacy': () => answer });
  const { user } = renderAt(<PrivacyPage />, { path: '/privacy' });
  const howLong = screen.getByRole('region', { name: 'How long we keep it' });
  expect(await within(howLong).findByText('Could not load the retention periods')).toBeInTheDocument();
  // Everything else is plain text, shown regardless.
  expect(screen.getByRole('region', { name: 'Who sees what' })).toBeInTheDocument();
  answer = facts;
  await user.click(within(howLong).getByRole('button', { name: /try again|retry/i }));
  expect(await within(howLong).findByText('45 days')).toBeInTheDocument();
});

test('the page passes axe (structure and names; colours are checked in the browser)', async () => {
  fakeServer({ 'GET /api/privacy': facts });
  renderAt(<PrivacyPage />, { path: '/privacy' });
  await screen.findByText('45 days');
  const { default: axe } = await import('axe-core');
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
