import { act, screen, within } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { TimerStateMessage } from '@shared/realtime';
import type { EventDetail } from '@shared/schemas/events';
import { fakeSockets, settle, timerMessage, timerState } from '@client/test/fake-socket';
import { hostsTonight } from '@client/test/fixtures';
import { fakeServer, Reply, renderAt } from '@client/test/render';
import { useSearchParams } from 'react-router';
import { EventPicker } from './event-picker';
import { HostConsole } from './host-console';

const evening = (viewer: Partial<EventDetail['viewer']> = {}) => hostsTonight(viewer);

const guests = [
  { id: 11, name: 'Priya', partnerId: 12, hasSubmitted: true, sittingOut: false },
  { id: 12, name: 'Sam', partnerId: 11, hasSubmitted: false, sittingOut: false },
  { id: 13, name: 'Alex', partnerId: null, hasSubmitted: false, sittingOut: true },
  { id: 14, name: 'Jo', partnerId: null, hasSubmitted: false, sittingOut: false },
];

const rotation = [
  { round: 1, table: 2, a: { id: 11, name: 'Priya' }, b: { id: 12, name: 'Sam' } },
  { round: 1, table: null, a: { id: 13, name: 'Alex' }, b: null },
  { round: 2, table: 1, a: { id: 11, name: 'Alex' }, b: { id: 12, name: 'Priya' } },
  { round: 3, table: 1, a: { id: 12, name: 'Sam' }, b: { id: 13, name: 'Alex' } },
];

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  // Sonner keeps its toasts between tests and replays them to the next Toaster.
  toast.dismiss();
  vi.restoreAllMocks();
});

/** The host opens the console; the server's socket then sends the current state. */
async function openConsole(state: TimerStateMessage, routes: Record<string, unknown> = {}) {
  const server = fakeServer({
    'GET /api/events/5': evening(),
    'GET /api/events/5/timer': { type: 'timer_sync', ...state },
    'GET /api/events/5/rounds': [],
    'GET /api/events/5/progress': guests,
    'GET /api/events/5/rotation': rotation,
    ...routes,
  });
  const sockets = fakeSockets();
  const view = renderAt(
    <>
      <Toaster />
      <HostConsole eventId={5} userId={1} />
    </>,
    { path: '/host-control?event=5' },
  );
  await screen.findByRole('heading', { name: 'Prestwich Friday Friends', level: 1 });
  await settle();
  sockets.last().push({ type: 'timer_sync', ...state, version: state.version });
  return { ...view, server, sockets, ws: sockets.last() };
}

const timer = () => screen.getByRole('timer');
const button = (name: string | RegExp) => screen.getByRole('button', { name });

test('Start Event starts round 1 with the room: auto-advance, the chosen length', async () => {
  const { user, ws } = await openConsole(timerState({ phase: 'idle', currentRound: 0, roundDuration: 420 }));

  expect(screen.getByText('Waiting', { selector: 'span' })).toBeInTheDocument();
  expect(screen.getByText('Before round 1')).toBeInTheDocument();
  expect(timer()).toHaveTextContent('07:00');
  expect(screen.getByText('Start Event begins round 1 (7 minutes) with auto-advance.')).toBeInTheDocument();
  // Nothing to pause, skip, extend or end before the first round.
  expect(button('Next Round')).toBeDisabled();
  expect(button(/add one minute/)).toBeDisabled();
  expect(button('End Event Now')).toBeDisabled();
  expect(button('End Event Now')).toHaveAccessibleDescription('End Event Now is available once round 1 has started.');
  // The status says what Start Event will do, as the text under the clock does.
  const status = screen.getByRole('heading', { name: 'Event status' }).closest('section')!;
  expect(within(status).getByText('Auto-advance').nextSibling).toHaveTextContent('On from round 1');

  await user.click(button('Start Event'));
  expect(ws.sent).toEqual([{ type: 'start_timer', duration: 420, currentRound: 0, autoAdvance: true }]);
  // One press is enough: the button waits for the room to move.
  expect(button('Starting…')).toBeDisabled();

  ws.push(timerMessage('timer_started', { phase: 'active', currentRound: 1, roundDuration: 420, secondsLeft: 420, autoAdvance: true }));
  expect(await screen.findByText('Round 1 of 3')).toBeInTheDocument();
  expect(screen.getByText('Active', { selector: 'span' })).toBeInTheDocument();
  expect(timer()).toHaveAccessibleName('07:00 left');
  expect(button('Pause')).toBeEnabled();
  expect(screen.getByText('Auto-advance is on: a 60-second grace period follows each round.')).toBeInTheDocument();
  expect(within(status).getByText('Auto-advance').nextSibling).toHaveTextContent('On (60 s grace)');
  expect(button('End Event Now')).toBeEnabled();
  expect(button('End Event Now')).not.toHaveAccessibleDescription();
});

test('going back to the event picker shows the round that has started, not Waiting', async () => {
  let listCalls = 0;
  const row = (timer: TimerStateMessage) => [{ event: evening(), timer, checkedIn: 4, completedRounds: 0 }];
  fakeServer({
    'GET /api/events/5': evening(),
    'GET /api/events/5/timer': timerMessage('timer_sync', { phase: 'idle', currentRound: 0, version: 1 }),
    'GET /api/events/5/rounds': [],
    'GET /api/events/5/progress': guests,
    'GET /api/events/5/rotation': rotation,
    // The first visit answers; later ones are slow (a dim bar's Wi-Fi): the cached list shows meanwhile.
    'GET /api/live/events': () =>
      ++listCalls === 1 ? row(timerMessage('timer_sync', { phase: 'idle', currentRound: 0, version: 1 }) as TimerStateMessage) : new Promise(() => {}),
  });
  const sockets = fakeSockets();
  function HostControl() {
    const [params] = useSearchParams();
    return params.get('event') ? <HostConsole eventId={5} userId={1} /> : <EventPicker />;
  }
  const { user, router } = renderAt(<HostControl />, { path: '/host-control' });
  const link = await screen.findByRole('link', { name: /Prestwich Friday Friends/ });
  expect(link).toHaveTextContent('Waiting');
  await user.click(link);
  await screen.findByRole('heading', { name: 'Prestwich Friday Friends', level: 1 });
  await settle();
  sockets.last().push(timerMessage('timer_started', { phase: 'active', currentRound: 1, secondsLeft: 300, autoAdvance: true, version: 2 }));
  expect(await screen.findByText('Round 1 of 3')).toBeInTheDocument();
  await act(() => router.navigate('/host-control'));
  const again = await screen.findByRole('link', { name: /Prestwich Friday Friends/ });
  expect(again).toHaveTextContent('Active');
  expect(again).not.toHaveTextContent('Waiting');
  // And it asked the server again for the latest counts.
  expect(listCalls).toBe(2);
});

test('the clock counts down on the console between messages', async () => {
  await openConsole(timerState({ phase: 'active', currentRound: 1, secondsLeft: 120, autoAdvance: true }));
  expect(timer()).toHaveTextContent('02:00');
  act(() => vi.advanceTimersByTime(61_000));
  expect(timer()).toHaveTextContent('00:59');
});

test('pause, resume, next round and extend send their commands', async () => {
  const { user, ws } = await openConsole(timerState({ phase: 'active', currentRound: 1, secondsLeft: 200, autoAdvance: true }));

  await user.click(button('Pause'));
  expect(ws.sent.at(-1)).toEqual({ type: 'pause_timer' });
  ws.push(timerMessage('timer_paused', { phase: 'paused', currentRound: 1, secondsLeft: 190, autoAdvance: true }));
  expect(screen.getByText('Paused', { selector: 'span' })).toBeInTheDocument();
  // A paused clock stands still.
  act(() => vi.advanceTimersByTime(10_000));
  expect(timer()).toHaveTextContent('03:10');

  await user.click(button('Resume'));
  expect(ws.sent.at(-1)).toEqual({ type: 'resume_timer' });
  ws.push(timerMessage('timer_update', { phase: 'active', currentRound: 1, secondsLeft: 190, autoAdvance: true }));

  await user.click(button(/add one minute/));
  expect(ws.sent.at(-1)).toEqual({ type: 'extend_timer', seconds: 60 });
  ws.push(timerMessage('timer_update', { phase: 'active', currentRound: 1, secondsLeft: 250, autoAdvance: true }));

  await user.click(button(/add two minutes/));
  expect(ws.sent.at(-1)).toEqual({ type: 'extend_timer', seconds: 120 });
  ws.push(timerMessage('timer_update', { phase: 'active', currentRound: 1, secondsLeft: 370, autoAdvance: true }));

  await user.click(button('Extend +1 minute'));
  expect(ws.sent.at(-1)).toEqual({ type: 'extend_timer', seconds: 60 });
  ws.push(timerMessage('timer_update', { phase: 'active', currentRound: 1, secondsLeft: 430, autoAdvance: true }));

  await user.click(button('Next Round'));
  expect(ws.sent.at(-1)).toEqual({ type: 'next_round' });
  ws.push(timerMessage('timer_started', { phase: 'active', currentRound: 2, secondsLeft: 300, autoAdvance: true }));
  expect(await screen.findByText('Round 2 of 3')).toBeInTheDocument();

  await user.click(button('Force next round'));
  expect(ws.sent.at(-1)).toEqual({ type: 'next_round' });
});

test('in the grace period the console says so and the clock counts the minute down', async () => {
  await openConsole(timerState({ phase: 'grace', currentRound: 1, secondsLeft: 60, autoAdvance: true }));
  expect(screen.getByText('Grace Period', { selector: 'span' })).toBeInTheDocument();
  expect(timer()).toHaveAccessibleName('01:00 of grace period left');
  expect(screen.getByText('Grace period: guests rate their partner. The next round starts by itself.')).toBeInTheDocument();
  expect(button('Pause')).toBeEnabled();
});

test('a finished round without auto-advance waits for the host to start the next', async () => {
  const { user, ws } = await openConsole(timerState({ phase: 'idle', currentRound: 1 }));
  expect(screen.getByText('Round Complete', { selector: 'span' })).toBeInTheDocument();
  expect(timer()).toHaveTextContent('00:00');
  expect(screen.getByText('Round 1 is complete. Start the next round when the room is ready.')).toBeInTheDocument();

  await user.click(button('Start Round 2'));
  expect(ws.sent).toEqual([{ type: 'start_timer', duration: 300, currentRound: 1, autoAdvance: true }]);
});

test('End Event Now asks first; Keep going sends nothing', async () => {
  const { user, ws } = await openConsole(timerState({ phase: 'active', currentRound: 2, secondsLeft: 100 }));

  await user.click(button('End Event Now'));
  const dialog = screen.getByRole('dialog', { name: 'End the event for everyone?' });
  expect(dialog).toHaveTextContent('This cannot be undone.');
  await user.click(within(dialog).getByRole('button', { name: 'Keep going' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(ws.sent).toEqual([]);

  await user.click(button('End Event Now'));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'End Event Now' }));
  expect(ws.sent).toEqual([{ type: 'end_event' }]);
});

test('after the end the host releases the contacts to mutual matches', async () => {
  const released = vi.fn(() => ({ released: true, matches: 3 }));
  const { user, ws, server } = await openConsole(timerState({ phase: 'active', currentRound: 3, secondsLeft: 100 }), {
    'POST /api/events/5/release-contacts': released,
    'GET /api/events/5/rounds': [
      {
        round: 1,
        startTime: '2025-05-14T18:00:00Z',
        endTime: '2025-05-14T18:05:00Z',
        duration: 300,
        participantsSubmitted: 4,
        totalParticipants: 4,
        status: 'completed',
      },
      {
        round: 2,
        startTime: '2025-05-14T18:06:00Z',
        endTime: '2025-05-14T18:11:00Z',
        duration: 300,
        participantsSubmitted: 3,
        totalParticipants: 4,
        status: 'completed',
      },
      { round: 3, startTime: '2025-05-14T18:12:00Z', endTime: null, duration: 300, participantsSubmitted: 1, totalParticipants: 4, status: 'completed' },
    ],
  });

  ws.push(timerMessage('event_ended', { phase: 'ended', currentRound: 0 }));
  expect(await screen.findByText('Event Complete!')).toBeInTheDocument();
  expect(screen.getByText('Evening over')).toBeInTheDocument();
  const endButtons = screen.getAllByRole('button', { name: 'Event ended' });
  expect(endButtons).toHaveLength(2);
  endButtons.forEach((b) => expect(b).toBeDisabled());
  expect(await screen.findByText(/The evening has ended after 3 rounds/)).toBeInTheDocument();
  // Ratings of the last round still count after the end.
  expect(server.calls.some((c) => c.url.pathname === '/api/events/5/progress' && c.url.searchParams.get('round') === '3')).toBe(true);

  await user.click(button('Release contacts'));
  const dialog = screen.getByRole('dialog', { name: 'Release contacts to matches?' });
  await user.click(within(dialog).getByRole('button', { name: 'Release contacts' }));

  expect(await screen.findByText("3 matches can now see each other's contact details.")).toBeInTheDocument();
  expect(released).toHaveBeenCalledTimes(1);
  expect(await screen.findByRole('button', { name: 'Contacts released' })).toBeInTheDocument();
});

test('a refused release says why', async () => {
  const { user, ws } = await openConsole(timerState({ phase: 'ended', currentRound: 0 }), {
    'POST /api/events/5/release-contacts': new Reply(409, { message: 'Contacts were already released' }),
  });
  void ws;
  await user.click(button('Release contacts'));
  await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Release contacts' }));
  expect(await screen.findByText("Couldn't release contacts")).toBeInTheDocument();
  expect(screen.getByText('Contacts were already released')).toBeInTheDocument();
});

test('who has rated this round, who is still to, and who sits out', async () => {
  await openConsole(timerState({ phase: 'active', currentRound: 1, secondsLeft: 100 }));

  const panel = (await screen.findByRole('heading', { name: 'Submission progress' })).closest('section')!;
  expect(await within(panel).findByText(/of 2 rated their round 1 partner/)).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Round 1 ratings submitted' })).toHaveAttribute('aria-valuenow', '50');
  const submitted = screen.getByRole('heading', { name: 'Submitted (1)' }).parentElement!;
  expect(within(submitted).getByRole('listitem')).toHaveTextContent('Priya');
  const pending = screen.getByRole('heading', { name: 'Pending (1)' }).parentElement!;
  expect(within(pending).getByRole('listitem')).toHaveTextContent('Sam');
  expect(within(panel).getByText(/Sitting out: Alex/)).toBeInTheDocument();
  expect(within(panel).getByText(/Joins next round: Jo/)).toBeInTheDocument();
});

test('a new rating refreshes the progress without a reload', async () => {
  let rated = false;
  const { sockets } = await openConsole(timerState({ phase: 'grace', currentRound: 1, secondsLeft: 50 }), {
    'GET /api/events/5/progress': () => (rated ? guests.map((g) => (g.id === 12 ? { ...g, hasSubmitted: true } : g)) : guests),
  });
  expect(await screen.findByRole('heading', { name: 'Pending (1)' })).toBeInTheDocument();

  rated = true;
  sockets.last().push({ type: 'ratings_updated', eventId: 5 });
  expect(await screen.findByRole('heading', { name: 'Submitted (2)' })).toBeInTheDocument();
  expect(screen.getByText('Everyone has rated. 🎉')).toBeInTheDocument();
});

test("this round's tables, and who sits out", async () => {
  await openConsole(timerState({ phase: 'active', currentRound: 1, secondsLeft: 100 }));
  const tables = (await screen.findByRole('heading', { name: 'Round 1 tables' })).closest('section')!;
  expect(await within(tables).findByText('Priya & Sam')).toBeInTheDocument();
  expect(within(tables).getByText('Table 2')).toBeInTheDocument();
  expect(within(tables).getByText(/Sitting out: Alex/)).toBeInTheDocument();
});

test('before round 1 the panels explain what will appear', async () => {
  await openConsole(timerState({ phase: 'idle', currentRound: 0 }));
  expect(await screen.findByText(/4 guests are checked in\./)).toBeInTheDocument();
  expect(screen.getByText(/The rotation is planned from the checked-in guests/)).toBeInTheDocument();
  expect(await screen.findByText('No rounds yet tonight.')).toBeInTheDocument();
  const status = screen.getByRole('heading', { name: 'Event status' }).closest('section')!;
  expect(within(status).getByText('Checked in').nextSibling).toHaveTextContent('4');
  expect(within(status).getByText('Round length').nextSibling).toHaveTextContent('5 minutes');
});

test('the round history lists each round, newest first', async () => {
  await openConsole(timerState({ phase: 'active', currentRound: 2, secondsLeft: 100 }), {
    'GET /api/events/5/rounds': [
      {
        round: 1,
        startTime: '2025-05-14T18:00:00Z',
        endTime: '2025-05-14T18:05:00Z',
        duration: 300,
        participantsSubmitted: 4,
        totalParticipants: 4,
        status: 'completed',
      },
      { round: 2, startTime: '2025-05-14T18:06:00Z', endTime: null, duration: 600, participantsSubmitted: 1, totalParticipants: 4, status: 'active' },
    ],
  });
  const history = (await screen.findByRole('heading', { name: 'Round history' })).closest('section')!;
  const items = await within(history).findAllByRole('listitem');
  expect(items.map((i) => i.textContent)).toEqual([
    expect.stringMatching(/^Round 2Active7:06 PM · 10 minutes · 1 of 4 rated$/),
    expect.stringMatching(/^Round 1Completed7:00 PM · 5 minutes · 4 of 4 rated$/),
  ]);
});

test('without a connection the buttons wait and the host is told', async () => {
  fakeServer({
    'GET /api/events/5': evening(),
    'GET /api/events/5/timer': timerMessage('timer_sync', { phase: 'active', currentRound: 1, secondsLeft: 100 }),
    'GET /api/events/5/rounds': [],
    'GET /api/events/5/progress': guests,
    'GET /api/events/5/rotation': rotation,
  });
  fakeSockets({ autoOpen: false });
  renderAt(<HostConsole eventId={5} userId={1} />);
  expect(await screen.findByText('Connecting to timer service...')).toBeInTheDocument();
  // The clock still shows the state from the server.
  expect(timer()).toHaveTextContent('01:40');
  expect(button('Pause')).toBeDisabled();
  expect(button('Next Round')).toBeDisabled();
  expect(button('End Event Now')).toBeDisabled();
});

test("the server's refusal of a command is shown and the buttons come back", async () => {
  const { user, ws } = await openConsole(timerState({ phase: 'active', currentRound: 1, secondsLeft: 100 }));
  await user.click(button('Pause'));
  expect(button('Pausing…')).toBeDisabled();
  ws.push({ type: 'error', message: 'Only the host can control the timer' });
  expect(await screen.findByText("Couldn't update the timer")).toBeInTheDocument();
  expect(screen.getByText('Only the host can control the timer')).toBeInTheDocument();
  expect(button('Pause')).toBeEnabled();
});

test('a command with no answer frees the buttons after 6 seconds', async () => {
  const { user } = await openConsole(timerState({ phase: 'active', currentRound: 1, secondsLeft: 100 }));
  await user.click(button('Pause'));
  expect(button('Pausing…')).toBeDisabled();
  act(() => vi.advanceTimersByTime(6_000));
  expect(button('Pause')).toBeEnabled();
});

test('screen readers hear the round start and the last minute, not every second', async () => {
  const { ws } = await openConsole(timerState({ phase: 'idle', currentRound: 0 }));
  const live = screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite')!;
  expect(live).toHaveTextContent('');

  ws.push(timerMessage('timer_started', { phase: 'active', currentRound: 1, secondsLeft: 90 }));
  expect(live).toHaveTextContent('Round 1 has started.');
  act(() => vi.advanceTimersByTime(31_000));
  expect(live).toHaveTextContent('1 minute left.');
  act(() => vi.advanceTimersByTime(30_000));
  expect(live).toHaveTextContent('30 seconds left.');
});

test('a member who does not host the evening cannot run it', async () => {
  fakeServer({ 'GET /api/events/5': evening({ isHost: false, registered: true }) });
  fakeSockets();
  renderAt(<HostConsole eventId={5} userId={2} />);
  expect(await screen.findByRole('heading', { name: "You don't host this event" })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Choose another event' })).toHaveAttribute('href', '/host-control');
  expect(screen.queryByRole('timer')).not.toBeInTheDocument();
});

test('an evening that does not exist says so', async () => {
  fakeServer({ 'GET /api/events/5': new Reply(404, { message: 'Event not found' }) });
  fakeSockets();
  renderAt(<HostConsole eventId={5} userId={1} />);
  expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
});

test('a failed load asks to check the connection', async () => {
  fakeServer({ 'GET /api/events/5': new Reply(500, { message: 'Internal error' }) });
  fakeSockets();
  renderAt(<HostConsole eventId={5} userId={1} />);
  expect(await screen.findByRole('heading', { name: "We couldn't load this event" })).toBeInTheDocument();
  expect(screen.getByText('Please check your connection and try again.')).toBeInTheDocument();
});
