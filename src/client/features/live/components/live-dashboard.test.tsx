import { act, screen, within } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { TimerStateMessage } from '@shared/realtime';
import type { Event } from '@shared/schemas/events';
import { fakeSockets, settle, timerMessage, timerState } from '@client/test/fake-socket';
import { fakeServer, Reply, renderAt } from '@client/test/render';
import { LiveDashboard } from './live-dashboard';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function anEvening(id: number, title: string, startsIn: number, over: Partial<Event> = {}): Event {
  return {
    id,
    title,
    description: null,
    date: new Date(Date.now() + startsIn).toISOString(),
    endsAt: new Date(Date.now() + startsIn + 2 * HOUR).toISOString(),
    startTime: '19:00',
    endTime: '21:00',
    venue: `Venue ${id}`,
    venueId: id,
    price: 1500,
    status: 'upcoming',
    maxParticipants: 40,
    participantCount: 20,
    spotsLeft: 20,
    seatsHeldForWaitlist: 0,
    ageRangeMin: 25,
    ageRangeMax: 45,
    roundDuration: 300,
    hostId: 1,
    ...over,
  };
}

const row = (event: Event, timer: TimerStateMessage, checkedIn = 10, completedRounds = 0) => ({
  event,
  timer: { type: 'timer_sync', ...timer },
  checkedIn,
  completedRounds,
});
/** The answer to a timer command: the new state. */
const updated = (fields: Parameters<typeof timerState>[0]) => ({ type: 'timer_update', ...timerState(fields) });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  // Sonner keeps its toasts between tests and replays them to the next Toaster.
  toast.dismiss();
});

async function openDashboard(rows: unknown[] | (() => unknown), routes: Record<string, unknown> = {}) {
  const server = fakeServer({ 'GET /api/live/events': rows, ...routes });
  const sockets = fakeSockets();
  const view = renderAt(
    <>
      <Toaster />
      <LiveDashboard userId={1} />
    </>,
    { path: '/dashboard' },
  );
  await screen.findByRole('heading', { name: 'Global controls' });
  await settle();
  return { ...view, server, sockets };
}

const card = (title: string) => screen.getByRole('article', { name: title });
const stat = (label: string) => screen.getByText(label).parentElement!.nextElementSibling!;

test("tonight's evenings as cards, later ones listed, and the night in numbers", async () => {
  await openDashboard([
    row(anEvening(1, 'Prestwich Friday', HOUR), timerState({ phase: 'active', currentRound: 2, secondsLeft: 150 }), 12, 1),
    row(anEvening(2, 'Whitefield Social', 2 * HOUR), timerState({ phase: 'paused', currentRound: 1, secondsLeft: 90 }), 8, 0),
    row(anEvening(3, 'Bury Brunch', 30 * 60_000), timerState({ phase: 'idle', currentRound: 0 }), 5, 0),
    row(anEvening(4, 'Next Week Mixer', 7 * DAY), timerState({ phase: 'idle', currentRound: 0 }), 0, 0),
  ]);

  expect(stat('Active events')).toHaveTextContent('1');
  expect(stat('Total participants')).toHaveTextContent('25');
  expect(stat('Live venues')).toHaveTextContent('2');
  expect(stat('Completed rounds')).toHaveTextContent('1');

  const tonight = screen.getByRole('region', { name: 'Tonight' });
  expect(
    within(tonight)
      .getAllByRole('article')
      .map((a) => within(a).getByRole('heading').textContent),
  ).toEqual(['Bury Brunch', 'Prestwich Friday', 'Whitefield Social']);

  const friday = card('Prestwich Friday');
  expect(within(friday).getByText('Active')).toBeInTheDocument();
  expect(within(friday).getByText('Round 2')).toBeInTheDocument();
  expect(within(friday).getByRole('timer')).toHaveAccessibleName('02:30 left');
  expect(friday).toHaveTextContent('12 checked in');
  expect(friday).toHaveTextContent('1 round done');

  expect(within(card('Whitefield Social')).getByText('Break')).toBeInTheDocument();
  expect(within(card('Whitefield Social')).getByText('Round 1 · paused')).toBeInTheDocument();
  expect(within(card('Bury Brunch')).getByRole('timer')).toHaveAccessibleName('No round running');
  expect(within(card('Bury Brunch')).getByRole('timer')).toHaveTextContent('--:--');

  const later = screen.getByRole('region', { name: 'Coming up' });
  expect(within(later).getByRole('link', { name: /Next Week Mixer/ })).toHaveAttribute('href', '/host-control?event=4');
  expect(within(card('Prestwich Friday')).getByRole('link', { name: 'Open host control for Prestwich Friday' })).toHaveAttribute(
    'href',
    '/host-control?event=1',
  );
});

test('each card counts down by itself, one socket per evening', async () => {
  const { sockets } = await openDashboard([row(anEvening(1, 'Prestwich Friday', HOUR), timerState({ phase: 'active', currentRound: 1, secondsLeft: 75 }))]);
  expect(sockets.of(1)).toHaveLength(1);
  expect(sockets.of(1)[0]!.query.get('isHost')).toBe('true');
  act(() => vi.advanceTimersByTime(45_000));
  expect(within(card('Prestwich Friday')).getByRole('timer')).toHaveTextContent('00:30');
});

test('Start Round on a card starts that evening over HTTP and shows the new state', async () => {
  const { user, server } = await openDashboard([row(anEvening(1, 'Prestwich Friday', HOUR), timerState({ phase: 'idle', currentRound: 0 }))], {
    'POST /api/events/1/timer': () => updated({ phase: 'active', currentRound: 1, secondsLeft: 300, version: 50 }),
  });
  await user.click(within(card('Prestwich Friday')).getByRole('button', { name: 'Start Round' }));
  expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ type: 'start_timer', currentRound: 0, autoAdvance: false });
  expect(await within(card('Prestwich Friday')).findByText('Round 1')).toBeInTheDocument();
  expect(within(card('Prestwich Friday')).getByRole('timer')).toHaveTextContent('05:00');
  expect(within(card('Prestwich Friday')).getByRole('button', { name: 'Start Round' })).toBeDisabled();
});

test('Pause Round and Resume Round send their commands', async () => {
  const { user, server } = await openDashboard(
    [
      row(anEvening(1, 'Prestwich Friday', HOUR), timerState({ phase: 'active', currentRound: 1, secondsLeft: 100 })),
      row(anEvening(2, 'Whitefield Social', HOUR), timerState({ phase: 'paused', currentRound: 1, secondsLeft: 100 })),
    ],
    {
      'POST /api/events/1/timer': () => updated({ phase: 'paused', currentRound: 1, secondsLeft: 99, version: 60 }),
      'POST /api/events/2/timer': () => updated({ phase: 'active', currentRound: 1, secondsLeft: 100, version: 61 }),
    },
  );
  expect(within(card('Prestwich Friday')).getByRole('button', { name: 'Start Round' })).toBeDisabled();
  await user.click(within(card('Prestwich Friday')).getByRole('button', { name: 'Pause Round' }));
  expect(await within(card('Prestwich Friday')).findByText('Round 1 · paused')).toBeInTheDocument();

  await user.click(within(card('Whitefield Social')).getByRole('button', { name: 'Resume Round' }));
  await vi.waitFor(() =>
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, c.body])).toEqual([
      ['/api/events/1/timer', { type: 'pause_timer' }],
      ['/api/events/2/timer', { type: 'resume_timer' }],
    ]),
  );
});

test('Start All Events starts or resumes every waiting evening tonight and reports', async () => {
  const { user, server } = await openDashboard(
    [
      row(anEvening(1, 'Prestwich Friday', HOUR), timerState({ phase: 'idle', currentRound: 0 })),
      row(anEvening(2, 'Whitefield Social', HOUR), timerState({ phase: 'paused', currentRound: 2, secondsLeft: 100 })),
      row(anEvening(3, 'Bury Brunch', HOUR), timerState({ phase: 'active', currentRound: 1, secondsLeft: 100 })),
      row(anEvening(4, 'Next Week Mixer', 7 * DAY), timerState({ phase: 'idle', currentRound: 0 })),
    ],
    {
      'POST /api/events/1/timer': () => updated({ phase: 'active', currentRound: 1, version: 70 }),
      'POST /api/events/2/timer': () => updated({ phase: 'active', currentRound: 2, version: 71 }),
    },
  );
  await user.click(screen.getByRole('button', { name: 'Start All Events (2)' }));
  expect(await screen.findByText('Started 2 events')).toBeInTheDocument();
  const posts = server.calls.filter((c) => c.method === 'POST').map((c) => [c.url.pathname, c.body]);
  expect(posts).toEqual([
    ['/api/events/1/timer', { type: 'start_timer', currentRound: 0, autoAdvance: false }],
    ['/api/events/2/timer', { type: 'resume_timer' }],
  ]);
});

test('Pause All Events names the evenings it could not pause', async () => {
  const { user } = await openDashboard(
    [
      row(anEvening(1, 'Prestwich Friday', HOUR), timerState({ phase: 'active', currentRound: 1, secondsLeft: 100 })),
      row(anEvening(2, 'Whitefield Social', HOUR), timerState({ phase: 'grace', currentRound: 1, secondsLeft: 50 })),
    ],
    {
      'POST /api/events/1/timer': () => updated({ phase: 'paused', currentRound: 1, version: 80 }),
      'POST /api/events/2/timer': new Reply(409, { message: 'The round has already ended' }),
    },
  );
  await user.click(screen.getByRole('button', { name: 'Pause All Events (2)' }));
  expect(await screen.findByText('Paused 1 event')).toBeInTheDocument();
  expect(await screen.findByText("Couldn't update Whitefield Social")).toBeInTheDocument();
  expect(screen.getByText('The round has already ended')).toBeInTheDocument();
});

test('with nothing to start or pause, the global buttons are off', async () => {
  await openDashboard([row(anEvening(1, 'Prestwich Friday', HOUR), timerState({ phase: 'ended' }))]);
  expect(screen.getByRole('button', { name: 'Start All Events' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Pause All Events' })).toBeDisabled();
  expect(within(card('Prestwich Friday')).getByText('Evening over')).toBeInTheDocument();
  expect(within(card('Prestwich Friday')).getByText('Completed')).toBeInTheDocument();
});

test('another host moving an evening on shows at once, and the board refreshes its numbers', async () => {
  let fetched = 0;
  const first = timerState({ phase: 'idle', currentRound: 0 });
  const { sockets } = await openDashboard(() => {
    fetched++;
    return [row(anEvening(1, 'Prestwich Friday', HOUR), first, fetched === 1 ? 10 : 11)];
  });
  sockets.of(1)[0]!.push(timerMessage('timer_started', { phase: 'active', currentRound: 1, secondsLeft: 300 }));
  expect(within(card('Prestwich Friday')).getByRole('timer')).toHaveTextContent('05:00');
  expect(await screen.findByText('11', { selector: 'span' })).toBeInTheDocument();
  expect(fetched).toBe(2);
});

test('a card failing a command says which evening', async () => {
  const { user } = await openDashboard([row(anEvening(1, 'Prestwich Friday', HOUR), timerState({ phase: 'active', currentRound: 1, secondsLeft: 100 }))], {
    'POST /api/events/1/timer': new Reply(403, { message: 'Only the host can control the timer' }),
  });
  await user.click(within(card('Prestwich Friday')).getByRole('button', { name: 'Pause Round' }));
  expect(await screen.findByText("Prestwich Friday: couldn't update the timer")).toBeInTheDocument();
  expect(screen.getByText('Only the host can control the timer')).toBeInTheDocument();
});

test("a socket error for an evening is shown with the evening's name", async () => {
  const { sockets } = await openDashboard([row(anEvening(1, 'Prestwich Friday', HOUR), timerState({ phase: 'active', currentRound: 1, secondsLeft: 100 }))]);
  sockets.of(1)[0]!.push({ type: 'error', message: 'Timer is busy' });
  expect(await screen.findByText("Prestwich Friday: couldn't update the timer")).toBeInTheDocument();
  expect(screen.getByText('Timer is busy')).toBeInTheDocument();
});

test('a card without its socket says it is connecting', async () => {
  fakeServer({ 'GET /api/live/events': [row(anEvening(1, 'Prestwich Friday', HOUR), timerState({ phase: 'idle' }))] });
  fakeSockets({ autoOpen: false });
  renderAt(<LiveDashboard userId={1} />);
  expect(await screen.findByText('Connecting to timer service...')).toBeInTheDocument();
});

test('nothing tonight: a way to create an evening', async () => {
  await openDashboard([row(anEvening(4, 'Next Week Mixer', 7 * DAY), timerState({ phase: 'idle' }))]);
  expect(screen.getByRole('heading', { name: 'Nothing running tonight' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Create an event' })).toHaveAttribute('href', '/create-event');
});

test('a failed load can be retried', async () => {
  let fail = true;
  fakeServer({ 'GET /api/live/events': () => (fail ? new Reply(500, { message: 'Internal error' }) : []) });
  fakeSockets();
  const { user } = renderAt(<LiveDashboard userId={1} />);
  expect(await screen.findByRole('heading', { name: "We couldn't load your events" })).toBeInTheDocument();
  fail = false;
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Nothing running tonight' })).toBeInTheDocument();
});
