import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { anEvent, DAY, fromNow } from '@client/test/fixtures';
import { fakeServer, Reply } from '@client/test/render';
import { renderApp, signedInAs } from '../app.fixtures';

const demo = anEvent({ id: 1, title: 'Wine Bar Speed Friendship', venue: 'The Wine Bar, Prestwich', price: 1500, date: fromNow(-30 * DAY) });

test('/wine-wallop: the demo evening with venue, schedule, what to expect, price, the assessment link, what is included and the emoji widget', async () => {
  fakeServer({ 'GET /api/events/demo': demo, 'GET /api/events/1/feedback': [{ emoji: 'party' }, { emoji: 'party' }] });
  renderApp('/wine-wallop');
  expect(await screen.findByRole('heading', { level: 1, name: 'Wine Bar Speed Friendship' })).toBeInTheDocument();
  expect(document.title).toBe('The Wine Wallop · Speed Friendship');
  expect(screen.getAllByText('The Wine Bar, Prestwich').length).toBeGreaterThan(0);
  for (const s of ['7:00 PM', '7:00-7:30 PM', '7:30-9:00 PM', 'From 9:00 PM']) expect(screen.getByText(s)).toBeInTheDocument();
  expect(screen.getByText('Arrival')).toBeInTheDocument();
  expect(screen.getByText('After-party (optional)')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'What to expect' })).toBeInTheDocument();
  expect(screen.getByText('£15')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Complete Personality Assessment' })).toHaveAttribute('href', '/register');
  expect(screen.getByRole('heading', { name: "What's included" })).toBeInTheDocument();
  expect(await screen.findByText('2 reactions so far.')).toBeInTheDocument();
  expect(screen.getByText('Log in to add your reaction.')).toBeInTheDocument();
});

test('/wine-wallop: a member can react there', async () => {
  fakeServer({
    ...signedInAs(),
    'GET /api/events/demo': demo,
    'GET /api/events/1/feedback': [],
    'GET /api/events/1/feedback/user/7': { eventId: 1, userId: 7, emoji: 'smile' },
  });
  renderApp('/wine-wallop');
  expect(await screen.findByRole('button', { name: 'Great! 0 reactions', pressed: true })).toBeInTheDocument();
});

test('/wine-wallop without demo data shows a friendly card', async () => {
  fakeServer({ 'GET /api/events/demo': new Reply(404, { message: 'No demo event: the demo data is not loaded', error: 'No demo event: the demo data is not loaded' }) });
  renderApp('/wine-wallop');
  expect(await screen.findByRole('heading', { name: 'No demo evening just now' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
});

test('/wine-wallop passes axe (structure and names; colours are checked in the browser)', async () => {
  fakeServer({ 'GET /api/events/demo': demo, 'GET /api/events/1/feedback': [] });
  renderApp('/wine-wallop');
  await screen.findByText('No reactions yet: be the first.');
  const { default: axe } = await import('axe-core');
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
