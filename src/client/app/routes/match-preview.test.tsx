import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { aPreview } from '@client/features/match-preview/match-preview.fixtures';
import { anEvent, fromNow, HOUR } from '@client/test/fixtures';
import { fakeServer, Reply } from '@client/test/render';
import { renderApp, signedInAs } from '../app.fixtures';

test('/match-preview: a visitor is asked to log in, and no preview is fetched', async () => {
  const server = fakeServer({});
  renderApp('/match-preview?event=5');
  expect(await screen.findByRole('heading', { level: 1, name: 'Match Preview' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Log in to preview your matches' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent('/match-preview?event=5')}`);
  expect(server.calls.filter((c) => c.url.pathname.includes('/preview'))).toHaveLength(0);
});

test("/match-preview: without ?event= the member's next evening is previewed", async () => {
  const next = { ...anEvent({ id: 5, date: fromNow(2 * HOUR) }), checkedIn: false, registeredAt: fromNow(-HOUR) };
  fakeServer({ ...signedInAs(), 'GET /api/users/7/events': [next], 'GET /api/events/5/preview': aPreview(2) });
  renderApp('/match-preview');
  expect(await screen.findByRole('heading', { level: 2, name: 'Spring Social' })).toBeInTheDocument();
  expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
});

test('/match-preview: a member with no evening of their own gets the demo evening, and a guests-only card for it', async () => {
  fakeServer({
    ...signedInAs(),
    'GET /api/users/7/events': [],
    'GET /api/events/demo': anEvent({ id: 1 }),
    'GET /api/events/1/preview': new Reply(403, {
      message: 'The match preview is for guests of this evening only.',
      error: 'The match preview is for guests of this evening only.',
    }),
  });
  renderApp('/match-preview');
  expect(await screen.findByRole('heading', { name: 'Match previews are for guests only' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'See the event' })).toHaveAttribute('href', '/events/1');
});

test('/match-preview: no evening at all (no demo data)', async () => {
  fakeServer({ ...signedInAs(), 'GET /api/users/7/events': [], 'GET /api/events/demo': new Reply(404, { message: 'No demo event', error: 'No demo event' }) });
  renderApp('/match-preview');
  expect(await screen.findByRole('heading', { name: 'No evening coming up' })).toBeInTheDocument();
});
