import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { anEvent, anEventDetail, fromNow, HOUR, DAY } from '@client/test/fixtures';
import { fakeServer, Reply } from '@client/test/render';
import { renderApp, signedInAs } from '../app.fixtures';

const demo = anEvent({ id: 1, title: 'Wine Bar Speed Friendship', date: fromNow(-30 * DAY) });

test('/feedback: a visitor sees the public demo evening, its reactions, and a log-in card to give feedback', async () => {
  const server = fakeServer({
    'GET /api/events/demo': demo,
    'GET /api/events/1': anEventDetail(demo),
    'GET /api/events/1/feedback': [{ emoji: 'heart-eyes' }],
  });
  renderApp('/feedback');
  expect(await screen.findByRole('heading', { level: 1, name: 'Event Feedback' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Wine Bar Speed Friendship' })).toBeInTheDocument();
  expect(screen.getByText('Demo evening')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Log in to give feedback' })).toBeInTheDocument();
  expect(await screen.findByText('1 reaction so far.')).toBeInTheDocument();
  expect(server.calls.map((c) => c.url.pathname)).not.toContain('/api/events/1/feedback/form');
  expect(document.title).toBe('Event Feedback · Speed Friendship');
});

test('/feedback: the host of the demo evening, with no booking of their own, reads one true sentence: they host it, and where its feedback is', async () => {
  fakeServer({
    ...signedInAs('host'),
    'GET /api/users/7/events': [],
    'GET /api/events/demo': demo,
    'GET /api/events/1': anEventDetail(demo, { isHost: true }),
    'GET /api/events/1/feedback': [],
    'GET /api/events/1/feedback/user/7': { eventId: 1, userId: 7, emoji: null },
    'GET /api/events/1/feedback/form': { eventId: 1, opensAt: demo.date, canSubmit: false, blocked: 'not-guest', reason: 'x', response: null },
  });
  renderApp('/feedback');
  expect(
    await screen.findByText('You host this evening, so its feedback form is for your guests: read what they said on the Insights tab.'),
  ).toBeInTheDocument();
  expect(screen.getByText('Demo evening')).toBeInTheDocument();
  expect(screen.queryByText(/You have no evening of your own/)).not.toBeInTheDocument();
});

test('/feedback: a member with no evening of their own is told the demo evening is shown instead', async () => {
  fakeServer({
    ...signedInAs(),
    'GET /api/users/7/events': [],
    'GET /api/events/demo': demo,
    'GET /api/events/1': anEventDetail(demo),
    'GET /api/events/1/feedback': [],
    'GET /api/events/1/feedback/user/7': { eventId: 1, userId: 7, emoji: null },
    'GET /api/events/1/feedback/form': { eventId: 1, opensAt: demo.date, canSubmit: false, blocked: 'not-guest', reason: 'x', response: null },
  });
  renderApp('/feedback');
  expect(await screen.findByText('You have no evening of your own yet, so this is our public demo evening.')).toBeInTheDocument();
  expect(await screen.findByText(/Only guests who booked this evening can answer its feedback form/)).toBeInTheDocument();
  expect(screen.queryByText(/You host this evening/)).not.toBeInTheDocument();
});

test('/feedback: a member gets their latest evening that has begun, not the next one', async () => {
  const past = { ...anEvent({ id: 5, title: 'Last Week Friends', date: fromNow(-7 * DAY) }), checkedIn: true, registeredAt: fromNow(-10 * DAY) };
  const next = { ...anEvent({ id: 6, title: 'Next Week Friends', date: fromNow(7 * DAY) }), checkedIn: false, registeredAt: fromNow(-HOUR) };
  fakeServer({
    ...signedInAs(),
    'GET /api/users/7/events': [next, past],
    'GET /api/events/5': anEventDetail(past, { registered: true }),
    'GET /api/events/5/feedback': [],
    'GET /api/events/5/feedback/user/7': { eventId: 5, userId: 7, emoji: null },
    'GET /api/events/5/feedback/form': { eventId: 5, opensAt: past.date, canSubmit: true, blocked: null, reason: null, response: null },
  });
  renderApp('/feedback');
  const evening = await screen.findByRole('region', { name: 'The evening' });
  expect(within(evening).getByRole('heading', { name: 'Last Week Friends' })).toBeInTheDocument();
  expect(await screen.findByRole('form', { name: 'Event feedback' })).toBeInTheDocument();
});

test('/feedback?event=ID for an evening that does not exist says so', async () => {
  fakeServer({
    ...signedInAs(),
    'GET /api/events/404': new Reply(404, { message: 'Event not found', error: 'Event not found' }),
    'GET /api/events/404/feedback': new Reply(404, { message: 'Event not found', error: 'Event not found' }),
  });
  renderApp('/feedback?event=404');
  expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
});
