/**
 * Issue 32: a guest's phone that reloads offline mid-round shows what it last knew (round, partner,
 * table, end time), with the clock counted from the end instant and the last known server offset,
 * says how old that is, and never claims to be live. The service worker's answers are played by the
 * fake server: offline it hands back its last copies (an empty rotation and a timer from before the
 * start); the socket never opens.
 */
import { act, screen, within } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { TimerStateMessage } from '@shared/realtime';
import { resetAppQueryClient } from '@client/lib/app-query-client';
import { fakeSockets, settle, timerMessage, timerState } from '@client/test/fake-socket';
import { guestTonight, hostsTonight } from '@client/test/fixtures';
import { fakeServer, renderAt, signIn } from '@client/test/render';
import { HostConsole } from './host-console';
import { LiveTimer } from './live-timer';
import { MyRoundCard } from './my-round-card';
import { TimerScreen } from './timer-screen';

const priya = { id: 11, name: 'Priya', age: 31, bio: null, interests: ['jazz'], profileImage: null };
const sam = { id: 12, name: 'Sam', age: 40, bio: null, interests: [], profileImage: null };

let online = true;
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-27T20:10:00Z') });
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  signIn(1);
});
afterEach(() => {
  toast.dismiss();
  vi.restoreAllMocks();
});

function setOnline(to: boolean) {
  act(() => {
    online = to;
    window.dispatchEvent(new Event(to ? 'online' : 'offline'));
  });
}

const idle = (): TimerStateMessage => timerState({ phase: 'idle', currentRound: 0, version: 1 });

/** The page the guest keeps open: the timer and whom to talk to, as /events/{id} composes them. */
const evening = (
  <>
    <Toaster />
    <LiveTimer eventId={5} userId={1} isHost={false} />
    <MyRoundCard eventId={5} userId={1} />
  </>
);

/**
 * Opened before the host starts (GET /timer idle, GET /rotation/me empty: what the worker keeps),
 * then round 1 starts over the socket with the guest's place; then the phone goes offline.
 */
async function openedBeforeTheStartThenOffline() {
  const before = {
    'GET /api/events/5': guestTonight({ checkedIn: true }),
    'GET /api/events/5/timer': { type: 'timer_sync', ...idle() },
    'GET /api/events/5/rotation/me': [],
  };
  fakeServer(before);
  const sockets = fakeSockets();
  const page = renderAt(evening, { path: '/events/5' });
  await screen.findByRole('timer');
  await settle();
  // The server's clock runs 7 s ahead of the phone's.
  const started = timerMessage('timer_started', {
    phase: 'active',
    currentRound: 1,
    secondsLeft: 300,
    clockAhead: 7_000,
    version: 2,
  }) as TimerStateMessage;
  sockets.last().push({ ...started, type: 'timer_started', mine: { round: 1, table: 4, partner: priya }, upNext: { round: 2, table: 2, partner: sam } });
  expect(await screen.findByText(/^Round 1: talk to/)).toHaveTextContent('Round 1: talk to Priya at table 4');
  expect(screen.getByRole('timer')).toHaveTextContent('05:00');
  return { page, before, started };
}

/** A reload with no connection: a new query cache, the worker's old answers, no socket answer. */
async function reloadOffline(page: { unmount(): void }, before: Record<string, unknown>, ui = evening, path = '/events/5') {
  page.unmount();
  resetAppQueryClient();
  fakeServer(before);
  const sockets = fakeSockets({ autoOpen: false });
  const again = renderAt(ui, { path });
  await screen.findByRole('timer');
  await settle();
  return { ...again, sockets };
}

test('opened before the start and reloaded offline mid-round: the round, partner, table and the clock from the end instant', async () => {
  const { page, before } = await openedBeforeTheStartThenOffline();
  act(() => vi.advanceTimersByTime(40_000));
  setOnline(false);
  act(() => vi.advanceTimersByTime(9_000));
  await reloadOffline(page, before);

  // 49 s into a 300 s round: 04:11 left, counted from the end instant with the offset measured at the start.
  expect(screen.getByRole('timer')).toHaveTextContent('04:11');
  expect(await screen.findByText(/^Round 1: talk to/)).toHaveTextContent('Round 1: talk to Priya at table 4');
  expect(screen.getByText('Round 1')).toBeInTheDocument();
  const panel = screen.getByRole('region', { name: 'Live timer' });
  expect(within(panel).queryByText('Live')).not.toBeInTheDocument();
  expect(within(panel).getByText('Not synchronized')).toBeInTheDocument();
  expect(screen.queryByText(/Chat away/)).not.toBeInTheDocument();
  expect(screen.getByText('Not synchronized: showing the last time heard')).toBeInTheDocument();
  // Heard until the line went, 9 s before the reload.
  expect(screen.getByText('Last heard 0:09 ago')).toBeInTheDocument();
  expect(screen.queryByText("You're not in this round")).not.toBeInTheDocument();

  // The clock runs on locally.
  act(() => vi.advanceTimersByTime(10_000));
  expect(screen.getByRole('timer')).toHaveTextContent('04:01');
  expect(screen.getByText('Last heard 0:19 ago')).toBeInTheDocument();
});

test("the round's end passes while offline: it says the round was due to end then, not a round still running", async () => {
  const { page, before } = await openedBeforeTheStartThenOffline();
  setOnline(false);
  act(() => vi.advanceTimersByTime(320_000));
  await reloadOffline(page, before);
  expect(screen.getByRole('timer')).toHaveTextContent('00:00');
  // 20:10 UTC is 8:10 PM in London; the round was due at 8:15 PM.
  expect(screen.getByText("Round 1 was due to end at 8:15 PM. You'll see what comes next as soon as you're back online.")).toBeInTheDocument();
  expect(screen.queryByText(/Chat away/)).not.toBeInTheDocument();
});

test('a new /timer tab offline while the server is a round ahead shows the round it last heard, and how old it is', async () => {
  const { page, before } = await openedBeforeTheStartThenOffline();
  act(() => vi.advanceTimersByTime(60_000));
  setOnline(false);
  act(() => vi.advanceTimersByTime(30_000));
  // The worker's copy of /timer is from the first visit (before the start); /timer also reads the evening.
  await reloadOffline(page, before, <TimerScreen userId={1} eventParam={5} />, '/timer?event=5');
  expect(screen.getByRole('timer')).toHaveTextContent('03:30');
  expect(await screen.findByText(/^Round 1: talk to/)).toHaveTextContent('Round 1: talk to Priya at table 4');
  expect(screen.getByText('Not synchronized: showing the last time heard')).toBeInTheDocument();
  expect(screen.getByText('Last heard 0:30 ago')).toBeInTheDocument();
});

test('back online, the socket tells the new round and the page shows it', async () => {
  const { page, before } = await openedBeforeTheStartThenOffline();
  setOnline(false);
  const { sockets } = await reloadOffline(page, before);
  setOnline(true);
  sockets.last().accept();
  const next = timerMessage('timer_started', { phase: 'active', currentRound: 2, secondsLeft: 300, version: 5 }) as TimerStateMessage;
  sockets.last().push({ ...next, type: 'timer_started', mine: { round: 2, table: 2, partner: sam }, upNext: null });
  expect(await screen.findByText(/^Round 2: talk to/)).toHaveTextContent('Round 2: talk to Sam at table 2');
  expect(within(screen.getByRole('region', { name: 'Live timer' })).getByText('Live')).toBeInTheDocument();
  expect(screen.getByText('Chat away: the clock is shared by everyone in the room')).toBeInTheDocument();
  expect(screen.queryByText(/Last heard/)).not.toBeInTheDocument();
});

test('a phone that goes offline with its socket still open stops saying Live at once', async () => {
  await openedBeforeTheStartThenOffline();
  expect(within(screen.getByRole('region', { name: 'Live timer' })).getByText('Live')).toBeInTheDocument();
  setOnline(false);
  expect(within(screen.getByRole('region', { name: 'Live timer' })).getByText('Not synchronized')).toBeInTheDocument();
  expect(screen.queryByText(/Chat away/)).not.toBeInTheDocument();
  expect(screen.getByText('Reconnecting to timer...')).toBeInTheDocument();
});

test('the host offline: Next Round does not spin, and the console says the guests keep the current round', async () => {
  fakeServer({
    'GET /api/events/5': hostsTonight(),
    'GET /api/events/5/timer': { type: 'timer_sync', ...timerState({ phase: 'active', currentRound: 1, secondsLeft: 200, version: 3 }) },
    'GET /api/live/events/5/rounds': [],
    'GET /api/events/5/rounds': [],
    'GET /api/events/5/rotation': [],
    'GET /api/live/events/5/progress': [],
  });
  const sockets = fakeSockets();
  renderAt(
    <>
      <Toaster />
      <HostConsole eventId={5} userId={1} />
    </>,
    { path: '/host-control?event=5' },
  );
  await screen.findByRole('timer');
  await settle();
  const ws = sockets.last();
  ws.push(timerMessage('timer_sync', { phase: 'active', currentRound: 1, secondsLeft: 200, version: 3 }));
  const next = screen.getAllByRole('button', { name: 'Next Round' })[0]!;
  expect(next).toBeEnabled();

  setOnline(false);
  expect(screen.getByText('You are offline')).toBeInTheDocument();
  expect(screen.getByText(/every guest's phone keeps the current round and its clock/)).toBeInTheDocument();
  expect(screen.getByText('Not synchronized')).toBeInTheDocument();
  expect(screen.getByText('Active (last heard)')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Starting…' })).not.toBeInTheDocument();
  expect(screen.getAllByRole('button', { name: 'Next Round' })[0]).toBeDisabled();
  expect(ws.sent).toEqual([]);
});
