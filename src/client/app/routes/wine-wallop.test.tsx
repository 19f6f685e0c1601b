import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { anEvent, DAY, fromNow } from '@client/test/fixtures';
import { fakeServer } from '@client/test/render';
import { renderApp, signedInAs } from '../app.fixtures';

// The page itself (venue, schedule, price, what is included, no demo data): features/events/components/wine-wallop-screen.test.tsx.
const demo = anEvent({ id: 1, title: 'Wine Bar Speed Friendship', venue: 'The Wine Bar, Prestwich', price: 1500, date: fromNow(-30 * DAY) });

test('/wine-wallop: the demo evening under its title, with the emoji widget', async () => {
  fakeServer({ 'GET /api/events/demo': demo, 'GET /api/events/1/feedback': [{ emoji: 'party' }, { emoji: 'party' }] });
  renderApp('/wine-wallop');
  expect(await screen.findByRole('heading', { level: 1, name: 'Wine Bar Speed Friendship' })).toBeInTheDocument();
  expect(document.title).toBe('The Wine Wallop · Speed Friendship');
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

test('/wine-wallop passes axe (structure and names; colours are checked in the browser)', async () => {
  fakeServer({ 'GET /api/events/demo': demo, 'GET /api/events/1/feedback': [] });
  renderApp('/wine-wallop');
  await screen.findByText('No reactions yet: be the first.');
  const { default: axe } = await import('axe-core');
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
});
