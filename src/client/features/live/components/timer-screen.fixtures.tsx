import { screen } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, vi } from 'vitest';
import type { TimerStateMessage } from '@shared/realtime';
import type { EventDetail, UserEvent } from '@shared/schemas/events';
import { fakeSockets, settle } from '@client/test/fake-socket';
import { HOUR, guestTonight } from '@client/test/fixtures';
import { fakeServer, renderAt } from '@client/test/render';
import type { ReactNode } from 'react';
import { TimerScreen, type JustMet } from './timer-screen';

/** Shared by the timer screen's test files (timer-*.test.tsx). */
export const DAY = 24 * HOUR;

export const evening = (viewer: Partial<EventDetail['viewer']> = {}, over: Partial<EventDetail> = {}) => guestTonight(viewer, over);

export function registration(id: number, startsIn: number, title = `Evening ${id}`): UserEvent {
  const { viewer: _viewer, ...e } = evening(
    {},
    { id, title, date: new Date(Date.now() + startsIn).toISOString(), endsAt: new Date(Date.now() + startsIn + 2 * HOUR).toISOString() },
  );
  return { ...e, checkedIn: false, registeredAt: new Date(Date.now() - DAY).toISOString() };
}

export const partner = (id: number, name: string) => ({
  id,
  name,
  age: 31,
  bio: null,
  interests: ['hiking', 'board games', 'jazz', 'baking'],
  profileImage: null,
});
export const myRotation = [
  { round: 1, table: 3, partner: partner(11, 'Priya') },
  { round: 2, table: null, partner: null },
  { round: 3, table: 1, partner: partner(12, 'Sam') },
];

/** Sounds and vibration of the phone, at the edge of the world. */
export function fakePhone() {
  const beeps: number[] = [];
  class FakeAudioContext {
    state = 'running';
    currentTime = 0;
    destination = {};
    resume = vi.fn(async () => {});
    close = vi.fn(async () => {});
    createOscillator() {
      const osc = { type: '', frequency: { value: 0 }, connect: (n: unknown) => n, start: () => beeps.push(osc.frequency.value), stop: () => {} };
      return osc;
    }
    createGain() {
      return { gain: { setValueAtTime: () => {}, exponentialRampToValueAtTime: () => {} }, connect: (n: unknown) => n };
    }
  }
  vi.stubGlobal('AudioContext', FakeAudioContext);
  const vibrate = vi.fn((_pattern: number | number[]) => true);
  Object.defineProperty(navigator, 'vibrate', { configurable: true, value: vibrate });
  return { beeps, vibrate };
}

/** Fake timers for each test; what a test leaves on the page or the phone is cleared after it. */
export function registerTimerScreenHooks() {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });

  afterEach(() => {
    // Sonner keeps its toasts between tests and replays them to the next Toaster.
    toast.dismiss();
    delete (navigator as { vibrate?: unknown }).vibrate;
    delete (navigator as { wakeLock?: unknown }).wakeLock;
  });
}

export async function openTimer(
  state: TimerStateMessage,
  { detail = evening(), routes = {}, rateSlot }: { detail?: EventDetail; routes?: Record<string, unknown>; rateSlot?: (met: JustMet) => ReactNode } = {},
) {
  const server = fakeServer({
    'GET /api/events/5': detail,
    'GET /api/events/5/timer': { type: 'timer_sync', ...state },
    'GET /api/events/5/rotation/me': myRotation,
    ...routes,
  });
  const sockets = fakeSockets();
  const view = renderAt(
    <>
      <Toaster />
      <TimerScreen userId={1} eventParam={5} rateSlot={rateSlot} />
    </>,
    { path: '/timer?event=5' },
  );
  await screen.findByRole('heading', { name: 'Prestwich Friday Friends', level: 1 });
  await settle();
  sockets.last().push({ type: 'timer_sync', ...state });
  return { ...view, server, sockets, ws: sockets.last() };
}
