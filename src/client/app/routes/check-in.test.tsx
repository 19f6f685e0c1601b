import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { Me } from '@shared/schemas/auth';
import { aDoor, aGuest, anEvent, DAY, EVENT_ID, failure, HOUR, hostsTonight } from '@client/features/door/door.fixtures';
import { fakeSockets, timerMessage } from '@client/test/fake-socket';
import { fakeServer, renderAt, signIn } from '@client/test/render';
import { Component as CheckIn } from './check-in';

const asMember = (...roles: Me['roles']) => {
  signIn(1, 'sam@speedfriendship.test');
  return { 'GET /api/auth/me': { id: 1, email: 'sam@speedfriendship.test', name: 'Sam Host', roles } satisfies Me };
};

const at = (path: string) => renderAt(<CheckIn />, { path, pattern: '/check-in' });

test('a visitor is asked to log in, and comes back to the same desk', async () => {
  const server = fakeServer({});
  at(`/check-in?event=${EVENT_ID}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Check-in' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Log in to check guests in' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent(`/check-in?event=${EVENT_ID}`)}`);
  expect(server.calls).toHaveLength(0);
});

test('a member without the host role sees the hosts-only card, and nothing is fetched for the door', async () => {
  const server = fakeServer(asMember('member'));
  at(`/check-in?event=${EVENT_ID}`);
  expect(await screen.findByRole('heading', { name: 'This page is for hosts only' })).toBeInTheDocument();
  expect(server.calls.map((c) => c.url.pathname)).toEqual(['/api/auth/me']);
});

test("a host without ?event= picks one of their evenings, tonight's first", async () => {
  fakeServer({
    ...asMember('member', 'host'),
    'GET /api/live/events': [
      {
        event: anEvent({
          id: 8,
          title: 'Next Week Mixer',
          date: new Date(Date.now() + 7 * DAY).toISOString(),
          endsAt: new Date(Date.now() + 7 * DAY + 2 * HOUR).toISOString(),
        }),
        timer: timerMessage('timer_sync'),
        checkedIn: 0,
        completedRounds: 0,
      },
      {
        event: anEvent({
          id: 5,
          title: 'Prestwich Friday',
          participantCount: 18,
          date: new Date(Date.now() + HOUR).toISOString(),
          endsAt: new Date(Date.now() + 3 * HOUR).toISOString(),
        }),
        timer: timerMessage('timer_sync'),
        checkedIn: 4,
        completedRounds: 0,
      },
    ],
  });
  at('/check-in');
  const links = await screen.findAllByRole('link');
  expect(links.map((l) => l.getAttribute('href'))).toEqual(['/check-in?event=5', '/check-in?event=8']);
  expect(links[0]).toHaveTextContent('Prestwich Friday');
  expect(links[0]).toHaveTextContent('Tonight');
  expect(links[0]).toHaveTextContent('4 checked in · 18 registered');
  expect(links[1]).not.toHaveTextContent('Tonight');
});

test('a host with no evenings is offered to create one', async () => {
  fakeServer({ ...asMember('host'), 'GET /api/live/events': [] });
  at('/check-in');
  expect(await screen.findByRole('heading', { name: 'No events to check in' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Create an event' })).toHaveAttribute('href', '/create-event');
});

test('a host with ?event= gets the desk of that evening', async () => {
  fakeSockets();
  fakeServer({
    ...asMember('host'),
    [`GET /api/events/${EVENT_ID}/door`]: aDoor([aGuest(1, 'Priya Shah'), aGuest(2, 'Sam Patel')]),
    [`GET /api/events/${EVENT_ID}`]: hostsTonight({}, { id: EVENT_ID, title: 'Prestwich Friday' }),
  });
  at(`/check-in?event=${EVENT_ID}`);
  expect(await screen.findByRole('heading', { level: 1, name: 'Prestwich Friday' })).toBeInTheDocument();
  const counts = within(screen.getByRole('region', { name: 'Attendance' }));
  expect(counts.getByText('Registered').parentElement).toHaveTextContent('2');
  expect(screen.getByRole('region', { name: 'Scan tickets' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Start Event' })).toBeInTheDocument();
});

test("a host of other evenings: the server's 403 becomes 'for the hosts of this evening only'", async () => {
  fakeSockets();
  fakeServer({
    ...asMember('host'),
    [`GET /api/events/${EVENT_ID}/door`]: failure(403, 'Only hosts of this event can check guests in'),
    [`GET /api/events/${EVENT_ID}`]: hostsTonight({ isHost: false }, { id: EVENT_ID }),
  });
  at(`/check-in?event=${EVENT_ID}`);
  expect(await screen.findByRole('heading', { name: 'For the hosts of this evening only' })).toBeInTheDocument();
  expect(screen.getByText('Only the hosts of this evening can check its guests in. Pick one of the evenings you host.')).toBeInTheDocument();
});
