import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { fakeSockets, timerState } from '@client/test/fake-socket';
import { anEvent, fromNow, HOUR } from '@client/test/fixtures';
import { fakeServer } from '@client/test/render';
import { renderApp, signedInAs } from '../app.fixtures';

test('/badges: a visitor is asked to log in, and nothing is fetched', async () => {
  const server = fakeServer({});
  renderApp('/badges?event=5');
  expect(await screen.findByRole('heading', { level: 1, name: 'Participant Badges' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: "Log in to see the guests' badges" })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent('/badges?event=5')}`);
  expect(server.calls.filter((c) => c.url.pathname.includes('/badges'))).toHaveLength(0);
});

test('/badges: a member with no evening coming up is pointed to the events', async () => {
  fakeServer({ ...signedInAs(), 'GET /api/users/7/events': [] });
  renderApp('/badges');
  expect(await screen.findByRole('heading', { name: 'No evening coming up' })).toBeInTheDocument();
});

test('/badges: without ?event= the member’s next evening is the one shown', async () => {
  const next = { ...anEvent({ id: 5, date: fromNow(2 * HOUR) }), checkedIn: false, registeredAt: fromNow(-HOUR) };
  fakeServer({
    ...signedInAs(),
    'GET /api/users/7/events': [next],
    'GET /api/events/5/badges': {
      viewer: { userId: 7, isGuest: true, isHost: false, interests: [] },
      badges: [{ id: 1, userId: 8, checkedIn: false, user: { name: 'Priya', age: 30, bio: null, interests: [], profileImage: null }, personality: null }],
    },
    'GET /api/events/5/timer': { type: 'timer_sync', ...timerState() },
  });
  fakeSockets();
  renderApp('/badges');
  expect(await screen.findByRole('heading', { name: 'Priya' })).toBeInTheDocument();
});
