import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { fakeSockets, timerState } from '@client/test/fake-socket';
import { anEvent, anEventDetail, fromNow, HOUR } from '@client/test/fixtures';
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

/** A badges answer for event `id` with one other guest, `name`. */
const badgesOf = (name: string, viewer: { isGuest: boolean; isHost: boolean }) => ({
  viewer: { userId: 7, interests: [], ...viewer },
  badges: [{ id: 1, userId: 8, checkedIn: false, user: { name, age: 30, bio: null, interests: [], profileImage: null }, personality: null }],
});
const liveRow = (event: ReturnType<typeof anEvent>) => ({ event, timer: { type: 'timer_sync', ...timerState() }, checkedIn: 0, completedRounds: 0 });

test('/badges: a host during tonight\u2019s evening sees tonight\u2019s badges, named at the top, not the demo night (issue 22)', async () => {
  const tonight = anEvent({ id: 21, title: 'Prestwich Friday Friends', venue: 'The Wine Bar', date: fromNow(-HOUR), endsAt: fromNow(HOUR) });
  const nextWeek = anEvent({ id: 22, title: 'Next Week Mixer', date: fromNow(7 * 24 * HOUR), endsAt: fromNow(7 * 24 * HOUR + 2 * HOUR) });
  const server = fakeServer({
    ...signedInAs('member', 'host'),
    'GET /api/users/7/events': [],
    'GET /api/live/events': [liveRow(nextWeek), liveRow(tonight)],
    'GET /api/events/21/badges': badgesOf('Priya', { isGuest: false, isHost: true }),
    'GET /api/events/22/badges': badgesOf('Sam', { isGuest: false, isHost: true }),
    'GET /api/events/21/timer': { type: 'timer_sync', ...timerState() },
    'GET /api/events/22/timer': { type: 'timer_sync', ...timerState() },
  });
  fakeSockets();
  const { user, location } = renderApp('/badges');
  const evening = await screen.findByRole('region', { name: 'Prestwich Friday Friends' });
  expect(evening).toHaveTextContent('Badges for');
  expect(evening).toHaveTextContent('The Wine Bar');
  expect(evening).toHaveTextContent('Tonight');
  expect(await screen.findByRole('heading', { name: 'Priya' })).toBeInTheDocument();
  expect(server.calls.some((c) => c.url.pathname === '/api/events/demo')).toBe(false);

  // The picker lists the host's evenings, soonest first; choosing one shows its badges.
  const picker = screen.getByRole('combobox', { name: 'Choose another evening' });
  expect([...(picker as HTMLSelectElement).options].map((o) => o.textContent)).toEqual([
    expect.stringMatching(/^Prestwich Friday Friends · .* \(tonight\)$/),
    expect.stringMatching(/^Next Week Mixer · /),
  ]);
  await user.selectOptions(picker, '22');
  expect(location()).toBe('/badges?event=22');
  expect(await screen.findByRole('region', { name: 'Next Week Mixer' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Sam' })).toBeInTheDocument();
});

test('/badges?event=ID of an evening not in the lists is named from the event itself', async () => {
  fakeServer({
    ...signedInAs(),
    'GET /api/users/7/events': [],
    'GET /api/events/30': anEventDetail({ id: 30, title: 'Launch Night', venue: 'The Old Mill' }),
    'GET /api/events/30/badges': badgesOf('Priya', { isGuest: true, isHost: false }),
    'GET /api/events/30/timer': { type: 'timer_sync', ...timerState() },
  });
  fakeSockets();
  renderApp('/badges?event=30');
  const evening = await screen.findByRole('region', { name: 'Launch Night' });
  expect(evening).toHaveTextContent('The Old Mill');
  expect(screen.queryByRole('combobox', { name: 'Choose another evening' })).not.toBeInTheDocument();
});
