import { act, screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { fakeSockets, timerMessage, timerState } from '@client/test/fake-socket';
import { HOUR } from '@client/test/fixtures';
import { fakeServer, Reply, renderAt } from '@client/test/render';
import { TimerScreen } from './timer-screen';
import { DAY, evening, registration, openTimer, registerTimerScreenHooks } from './timer-screen.fixtures';

registerTimerScreenHooks();

describe('which evening', () => {
  test("without ?event it shows the member's current or next evening", async () => {
    const server = fakeServer({
      'GET /api/users/1/events': [registration(7, 3 * DAY, 'Next week'), registration(8, -DAY, 'Yesterday'), registration(5, HOUR, 'Prestwich Friday Friends')],
      'GET /api/events/5': evening(),
      'GET /api/events/5/timer': timerMessage('timer_sync'),
    });
    fakeSockets();
    renderAt(<TimerScreen userId={1} eventParam={null} />, { path: '/timer' });
    expect(await screen.findByRole('heading', { name: 'Prestwich Friday Friends', level: 1 })).toBeInTheDocument();
    expect(server.calls.map((c) => c.url.pathname)).not.toContain('/api/events/7');
  });

  test('no evening ahead: a way to find one', async () => {
    fakeServer({ 'GET /api/users/1/events': [registration(8, -DAY)] });
    fakeSockets();
    renderAt(<TimerScreen userId={1} eventParam={null} />);
    expect(await screen.findByRole('heading', { name: 'No evening coming up' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
  });

  test('a failed load of the registrations can be retried', async () => {
    let fail = true;
    fakeServer({
      'GET /api/users/1/events': () => (fail ? new Reply(500, { message: 'Internal error' }) : []),
    });
    fakeSockets();
    const { user } = renderAt(<TimerScreen userId={1} eventParam={null} />);
    expect(await screen.findByRole('heading', { name: "We couldn't load your events" })).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'No evening coming up' })).toBeInTheDocument();
  });

  test('an evening that does not exist says so', async () => {
    fakeServer({ 'GET /api/events/5': new Reply(404, { message: 'Event not found' }) });
    fakeSockets();
    renderAt(<TimerScreen userId={1} eventParam={5} />);
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
  });

  test('a failed load of the evening asks to check the connection', async () => {
    // A 500 (a 503 or a dropped network is first retried a few times: lib/query-client.ts).
    fakeServer({ 'GET /api/events/5': new Reply(500, null) });
    fakeSockets();
    renderAt(<TimerScreen userId={1} eventParam={5} />);
    expect(await screen.findByRole('heading', { name: "We couldn't load this evening" })).toBeInTheDocument();
  });

  test('a member who is not a guest is sent to the event page', async () => {
    fakeServer({ 'GET /api/events/5': evening({ registered: false }) });
    const sockets = fakeSockets();
    renderAt(<TimerScreen userId={1} eventParam={5} />);
    expect(await screen.findByRole('heading', { name: "You're not on the guest list" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View event' })).toHaveAttribute('href', '/events/5');
    expect(sockets.all).toHaveLength(0);
  });

  test('the host sees what the guests see, with a way back to host control', async () => {
    await openTimer(timerState(), { detail: evening({ registered: false, isHost: true }) });
    expect(screen.getByText('You host this evening: this is what your guests see.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open host control' })).toHaveAttribute('href', '/host-control?event=5');
  });
});

describe('the round timer', () => {
  test('before the first round: the full round length, and how to get ready', async () => {
    await openTimer(timerState({ phase: 'idle', currentRound: 0, roundDuration: 600 }));
    expect(screen.getByText('Not started yet')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveAccessibleName('10:00 left');
    expect(screen.getByText('Waiting for the host to start round 1')).toBeInTheDocument();
    expect(screen.getByText('10-minute rounds')).toBeInTheDocument();
    expect(screen.getByText('Your first conversation')).toBeInTheDocument();
  });

  test('during a round: the round, the clock counting down and whom to talk to', async () => {
    await openTimer(timerState({ phase: 'active', currentRound: 1, secondsLeft: 95 }));
    expect(screen.getByText('Round 1')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent('01:35');
    expect(await screen.findByText(/^Round \d+: talk to/)).toHaveTextContent('Round 1: talk to Priya at table 3');

    act(() => vi.advanceTimersByTime(40_000));
    expect(screen.getByRole('timer')).toHaveTextContent('00:55');
  });

  test('a paused round says so', async () => {
    await openTimer(timerState({ phase: 'paused', currentRound: 1, secondsLeft: 95 }));
    expect(screen.getByText('Paused by the host')).toBeInTheDocument();
  });

  test('the end of the evening is shown and celebrated', async () => {
    const { ws } = await openTimer(timerState({ phase: 'active', currentRound: 3, secondsLeft: 30 }));
    // The server resets the round to 0 when the evening ends.
    ws.push(timerMessage('event_ended', { phase: 'ended', currentRound: 0 }));
    expect(screen.getByText('Event ended')).toBeInTheDocument();
    expect(screen.getByText('The event has ended')).toBeInTheDocument();
    expect(await screen.findByText('Event Complete!')).toBeInTheDocument();
    expect(screen.getByText("That's a wrap!")).toBeInTheDocument();
  });

  test('a guest whose connection drops is told, and the clock carries on', async () => {
    const { ws } = await openTimer(timerState({ phase: 'active', currentRound: 1, secondsLeft: 100 }));
    expect(screen.getByText('Synchronized with all participants')).toBeInTheDocument();
    ws.drop();
    expect(screen.getByText('Reconnecting to timer...')).toBeInTheDocument();
    // The footer no longer claims to be in step with the room while it cannot be.
    expect(screen.queryByText('Synchronized with all participants')).not.toBeInTheDocument();
    expect(screen.getByText('Not synchronized: showing the last time heard')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByRole('timer')).toHaveTextContent('01:30');
  });

  test('screen readers hear the round ending and the grace minute', async () => {
    const { ws } = await openTimer(timerState({ phase: 'active', currentRound: 1, secondsLeft: 10 }));
    ws.push(timerMessage('grace_started', { phase: 'grace', currentRound: 1, secondsLeft: 60 }));
    const live = screen.getAllByRole('status', { hidden: true }).find((el) => el.textContent?.startsWith('Round 1 complete'));
    expect(live).toHaveTextContent('Round 1 complete! Time to switch. One minute to rate your partner before the next round.');
  });

  test('keeps the screen on while the evening runs', async () => {
    const request = vi.fn(async () => Object.assign(new EventTarget(), { release: vi.fn(async () => {}) }));
    Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: { request } });
    await openTimer(timerState({ phase: 'active', currentRound: 1, secondsLeft: 100 }));
    expect(request).toHaveBeenCalledWith('screen');
  });
});
