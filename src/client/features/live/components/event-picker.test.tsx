import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { Event } from '@shared/schemas/events';
import { timerMessage } from '@client/test/fake-socket';
import { fakeServer, Reply, renderAt } from '@client/test/render';
import { EventPicker } from './event-picker';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function anEvening(id: number, title: string, startsIn: number): Event {
  return {
    id,
    title,
    description: null,
    date: new Date(Date.now() + startsIn).toISOString(),
    endsAt: new Date(Date.now() + startsIn + 2 * HOUR).toISOString(),
    startTime: '19:00',
    endTime: '21:00',
    venue: 'The Church Inn',
    venueId: 1,
    price: 1500,
    status: 'upcoming',
    maxParticipants: 40,
    participantCount: 18,
    spotsLeft: 22,
    seatsHeldForWaitlist: 0,
    ageRangeMin: 25,
    ageRangeMax: 45,
    roundDuration: 300,
    hostId: 1,
  };
}

test("the host's evenings, tonight's first, each opening its console", async () => {
  fakeServer({
    'GET /api/live/events': [
      { event: anEvening(4, 'Next Week Mixer', 7 * DAY), timer: timerMessage('timer_sync'), checkedIn: 0, completedRounds: 0 },
      { event: anEvening(2, 'Tomorrow Social', DAY), timer: timerMessage('timer_sync'), checkedIn: 0, completedRounds: 0 },
      {
        event: anEvening(1, 'Prestwich Friday', HOUR),
        timer: timerMessage('timer_sync', { phase: 'active', currentRound: 2 }),
        checkedIn: 12,
        completedRounds: 1,
      },
    ],
  });
  renderAt(<EventPicker />, { path: '/host-control' });
  const links = await screen.findAllByRole('link');
  expect(links.map((l) => l.getAttribute('href'))).toEqual(['/host-control?event=1', '/host-control?event=2', '/host-control?event=4']);
  expect(links[0]).toHaveTextContent('Prestwich Friday');
  expect(links[0]).toHaveTextContent('Tonight');
  expect(links[0]).toHaveTextContent('Active');
  expect(links[0]).toHaveTextContent('12 checked in · 18 registered');
  expect(links[1]).not.toHaveTextContent('Tonight');
  expect(links[1]).toHaveTextContent('Waiting');
});

test('no evenings to run: a way to create one', async () => {
  fakeServer({ 'GET /api/live/events': [] });
  renderAt(<EventPicker />);
  expect(await screen.findByRole('heading', { name: 'No events to run' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Create an event' })).toHaveAttribute('href', '/create-event');
});

test('a failed load can be retried', async () => {
  let fail = true;
  fakeServer({ 'GET /api/live/events': () => (fail ? new Reply(500, null) : []) });
  const { user } = renderAt(<EventPicker />);
  expect(await screen.findByRole('heading', { name: "We couldn't load your events" })).toBeInTheDocument();
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'No events to run' })).toBeInTheDocument();
});
