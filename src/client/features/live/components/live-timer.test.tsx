import { screen, within } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import type { TimerStateMessage } from '@shared/realtime';
import type { EventDetail } from '@shared/schemas/events';
import { fakeSockets, settle, timerMessage, timerState } from '@client/test/fake-socket';
import { hostsTonight } from '@client/test/fixtures';
import { fakeServer, renderAt } from '@client/test/render';
import { LiveTimer } from './live-timer';

const evening = (viewer: Partial<EventDetail['viewer']> = {}) => hostsTonight(viewer);

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  // Sonner keeps its toasts between tests and replays them to the next Toaster.
  toast.dismiss();
});

async function showTimer(state: TimerStateMessage, { isHost = true, detail = evening() }: { isHost?: boolean; detail?: EventDetail } = {}) {
  fakeServer({ 'GET /api/events/5': detail, 'GET /api/events/5/timer': { type: 'timer_sync', ...state } });
  const sockets = fakeSockets();
  const view = renderAt(
    <>
      <Toaster />
      <LiveTimer eventId={5} userId={1} isHost={isHost} />
    </>,
    { path: '/events/5' },
  );
  await screen.findByRole('timer');
  await settle();
  sockets.last().push({ type: 'timer_sync', ...state });
  return { ...view, ws: sockets.last(), sockets };
}

const panel = () => screen.getByRole('region', { name: 'Live timer' });

test('a guest sees the round and the clock, and no controls', async () => {
  await showTimer(timerState({ phase: 'active', currentRound: 2, secondsLeft: 45 }), { isHost: false, detail: evening({ isHost: false, registered: true }) });
  expect(within(panel()).getByText('Live')).toBeInTheDocument();
  expect(within(panel()).getByText('Round 2')).toBeInTheDocument();
  expect(screen.getByRole('timer')).toHaveAccessibleName('00:45 left');
  expect(screen.queryByRole('heading', { name: 'Host controls' })).not.toBeInTheDocument();
});

test('asking for host controls is not enough: the server must agree', async () => {
  const { sockets } = await showTimer(timerState({ phase: 'idle' }), { isHost: true, detail: evening({ isHost: false, registered: true }) });
  expect(screen.queryByRole('heading', { name: 'Host controls' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Start Round' })).not.toBeInTheDocument();
  expect(sockets.all).toHaveLength(1);
});

test('the host starts a round of the length they chose', async () => {
  const { user, ws } = await showTimer(timerState({ phase: 'idle', currentRound: 0, roundDuration: 420 }));
  const length = screen.getByRole('combobox', { name: 'Round duration' });
  expect(length).toHaveValue('420');
  expect(within(panel()).getByText('Waiting')).toBeInTheDocument();
  // Nothing to end before round 1.
  expect(screen.getByRole('button', { name: 'End Event Now' })).toBeDisabled();

  await user.selectOptions(length, '10 minutes');
  await user.click(screen.getByRole('button', { name: 'Start Round' }));
  expect(ws.sent).toEqual([{ type: 'start_timer', duration: 600, currentRound: 0, autoAdvance: false }]);
  expect(screen.getByRole('button', { name: 'Starting…' })).toBeDisabled();

  ws.push(timerMessage('timer_started', { phase: 'active', currentRound: 1, roundDuration: 600, secondsLeft: 600 }));
  expect(screen.getByRole('timer')).toHaveTextContent('10:00');
  expect(screen.getByRole('button', { name: 'Pause' })).toBeEnabled();
  expect(screen.getByRole('button', { name: 'End Event Now' })).toBeEnabled();
});

test('pause, resume and the next round', async () => {
  const { user, ws } = await showTimer(timerState({ phase: 'active', currentRound: 1, secondsLeft: 100 }));

  await user.click(screen.getByRole('button', { name: 'Pause' }));
  expect(ws.sent.at(-1)).toEqual({ type: 'pause_timer' });
  ws.push(timerMessage('timer_paused', { phase: 'paused', currentRound: 1, secondsLeft: 95 }));
  expect(within(panel()).getByText('Paused')).toBeInTheDocument();
  expect(screen.getByText('Paused by the host')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Resume' }));
  expect(ws.sent.at(-1)).toEqual({ type: 'resume_timer' });
  ws.push(timerMessage('timer_update', { phase: 'active', currentRound: 1, secondsLeft: 95 }));

  await user.selectOptions(screen.getByRole('combobox', { name: 'Round duration' }), '7 minutes');
  await user.click(screen.getByRole('button', { name: 'Next Round' }));
  expect(ws.sent.at(-1)).toEqual({ type: 'next_round', duration: 420 });
});

test('the stages as badges: switching, round complete, ended', async () => {
  const { ws } = await showTimer(timerState({ phase: 'active', currentRound: 1, secondsLeft: 100 }));
  ws.push(timerMessage('grace_started', { phase: 'grace', currentRound: 1, secondsLeft: 60 }));
  expect(within(panel()).getByText('Switching')).toBeInTheDocument();
  expect(screen.getByRole('timer')).toHaveAccessibleName('01:00 until the next round');

  ws.push(timerMessage('round_complete', { phase: 'idle', currentRound: 1 }));
  expect(within(panel()).getByText('Round complete')).toBeInTheDocument();
  expect(screen.getByText('Round 1 Complete!')).toBeInTheDocument();

  ws.push(timerMessage('event_ended', { phase: 'ended', currentRound: 0 }));
  expect(within(panel()).getByText('Ended')).toBeInTheDocument();
  expect(screen.getByText('The event has ended')).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Round duration' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Start Round' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'End Event Now' })).toBeDisabled();
});

test('End Event Now asks first, then ends the evening for everyone', async () => {
  const { user, ws } = await showTimer(timerState({ phase: 'active', currentRound: 3, secondsLeft: 100 }));
  await user.click(screen.getByRole('button', { name: 'End Event Now' }));
  const dialog = screen.getByRole('dialog', { name: 'End the event for everyone?' });
  await user.click(within(dialog).getByRole('button', { name: 'End Event Now' }));
  expect(ws.sent).toEqual([{ type: 'end_event' }]);
  expect(screen.getByRole('button', { name: 'Ending…' })).toBeDisabled();
});

test('while connecting, the host is told and the controls wait', async () => {
  fakeServer({ 'GET /api/events/5': evening(), 'GET /api/events/5/timer': timerMessage('timer_sync', { phase: 'idle' }) });
  fakeSockets({ autoOpen: false });
  renderAt(<LiveTimer eventId={5} userId={1} isHost />);
  expect(await screen.findByRole('button', { name: 'Start Round' })).toBeDisabled();
  expect(screen.getByText('Connecting to timer service...')).toBeInTheDocument();
});
