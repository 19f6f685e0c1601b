import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Me } from '@shared/schemas/auth';
import { DEFAULT_NARRATION, type NarrationSettings } from '@shared/schemas/narration';
import type { TimerStateMessage } from '@shared/realtime';
import { resetNarrator } from '@client/lib/narration';
import { NARRATION_STORAGE_KEY } from '@client/lib/use-narration';
import { fakeSockets, settle, timerMessage, timerState } from '@client/test/fake-socket';
import { fakeSpeech } from '@client/test/fake-speech';
import { guestTonight } from '@client/test/fixtures';
import { fakeServer, renderAt, signIn } from '@client/test/render';
import { Component as EventDetailRoute } from './event-detail';
import { Component as TimerRoute } from './timer';

/**
 * The live evening by voice alone (docs/spec/organiser-tools.md §2.13, §9): the real /timer and
 * /events/{id} routes with narration switched on, a fake socket and a fake speech engine.
 */

const partner = (id: number, name: string) => ({ id, name, age: 31, bio: null, interests: ['jazz'], profileImage: null });
const rotation = [
  { round: 1, table: 1, partner: partner(12, 'Sam') },
  { round: 2, table: 3, partner: partner(11, 'Priya') },
  { round: 3, table: null, partner: null },
];
const me: Me = { id: 1, email: 'member@speedfriendship.test', name: 'Maya', roles: ['member'] };

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => resetNarrator());

function setup(state: TimerStateMessage, settings: Partial<NarrationSettings> = { enabled: true }) {
  signIn(1);
  const speech = fakeSpeech();
  const server = fakeServer({
    'GET /api/auth/me': me,
    'GET /api/me/narration': { settings: { ...DEFAULT_NARRATION, ...settings }, saved: true },
    'GET /api/events/5': guestTonight(),
    'GET /api/events/5/timer': { type: 'timer_sync', ...state },
    'GET /api/events/5/rotation/me': rotation,
    'GET /api/events/5/inbox': { eventId: 5, unread: 0, messages: [] },
  });
  const sockets = fakeSockets();
  /** Everything said so far, letting the engine finish each text (the queue plays in order). */
  const heard = () => {
    for (let i = 0; i < 50 && speech.current; i++) speech.finish();
    return speech.texts();
  };
  return { speech, server, sockets, heard };
}

const tick = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

describe('/timer with voice narration on', () => {
  test('round start with partner and table, 5 min, 1 min and 30 s warnings, time to switch with the rating prompt, host messages', async () => {
    const first = timerState({ phase: 'active', currentRound: 1, roundDuration: 600, secondsLeft: 302 });
    const { sockets, heard } = setup(first);
    renderAt(<TimerRoute />, { path: '/timer?event=5' });
    await screen.findByRole('heading', { name: 'Prestwich Friday Friends', level: 1 });
    await settle();
    const ws = sockets.last();
    ws.push({ type: 'timer_sync', ...first });
    await settle();
    // Nothing is said for the state found on arrival.
    expect(heard()).toEqual([]);

    await tick(3_000);
    expect(heard()).toEqual(['5 minutes left.']);
    await tick(241_000);
    expect(heard().slice(1)).toEqual(['1 minute left.']);
    await tick(30_000);
    expect(heard().slice(2)).toEqual(['30 seconds left.']);

    ws.push(timerMessage('grace_started', { phase: 'grace', currentRound: 1, roundDuration: 600, secondsLeft: 60 }));
    await settle();
    expect(heard().slice(3)).toEqual([
      'Round 1 complete! Time to switch. One minute to rate your partner before the next round. Please rate Sam before your next conversation.',
    ]);

    ws.push(timerMessage('timer_started', { phase: 'active', currentRound: 2, roundDuration: 600, secondsLeft: 600 }));
    await settle();
    await screen.findByText(/^Round 2: talk to/);
    await tick(100);
    expect(heard().slice(4)).toEqual(['Round 2: talk to Priya at table 3.']);

    ws.push({
      type: 'host_message',
      eventId: 5,
      message: {
        id: 9,
        eventId: 5,
        text: 'Last orders at the bar in 10 minutes',
        type: 'general',
        requiresAction: false,
        timestamp: new Date().toISOString(),
        isRead: false,
        acknowledged: false,
      },
    });
    await settle();
    expect(heard().slice(5)).toEqual(['Message from your host: Last orders at the bar in 10 minutes']);

    // The 5-minute warning comes again in round 2, once.
    await tick(301_000);
    expect(heard().slice(6)).toEqual(['5 minutes left.']);
  });

  test('a 5-minute round gets no 5-minute warning; a bye is said too', async () => {
    const first = timerState({ phase: 'grace', currentRound: 2, roundDuration: 300, secondsLeft: 40 });
    const { sockets, heard } = setup(first);
    renderAt(<TimerRoute />, { path: '/timer?event=5' });
    await screen.findByRole('heading', { name: 'Prestwich Friday Friends', level: 1 });
    await settle();
    const ws = sockets.last();
    ws.push({ type: 'timer_sync', ...first });
    await settle();
    ws.push(timerMessage('timer_started', { phase: 'active', currentRound: 3, roundDuration: 300, secondsLeft: 300 }));
    await settle();
    await tick(5_000);
    expect(heard()).toEqual(['Round 3: you sit out this round. Grab a drink at the bar.']);
    await tick(200_000);
    expect(heard().slice(1)).toEqual([]);
    ws.push(timerMessage('round_complete', { phase: 'idle', currentRound: 3, roundDuration: 300 }));
    await settle();
    expect(heard().slice(1)).toEqual(['Round 3 complete! Time to switch.']);
  });

  test('with narration off nothing is said and no extra socket is opened', async () => {
    const first = timerState({ phase: 'active', currentRound: 1, roundDuration: 600, secondsLeft: 302 });
    const { sockets, heard, speech } = setup(first, { enabled: false });
    renderAt(<TimerRoute />, { path: '/timer?event=5' });
    await screen.findByRole('heading', { name: 'Prestwich Friday Friends', level: 1 });
    await settle();
    sockets.last().push({ type: 'timer_sync', ...first });
    await tick(5_000);
    expect(heard()).toEqual([]);
    expect(speech.synth.speak).not.toHaveBeenCalled();
    expect(sockets.all).toHaveLength(1);
  });
});

test('/events/{id} reads host messages and round starts aloud too, on the page socket', async () => {
  // The narration's lazy parts, loaded as a browser would have them by the time a round starts (the
  // test's transform of them can take longer than the round's start below).
  await import('@client/features/live/components/evening-watch');
  await import('@client/features/live/components/live-narration');
  const first = timerState({ phase: 'idle', currentRound: 0, roundDuration: 600 });
  const { sockets, heard, server } = setup(first);
  renderAt(<EventDetailRoute />, { path: '/events/5', pattern: '/events/:id' });
  await screen.findByRole('heading', { name: 'Prestwich Friday Friends', level: 1 });
  await settle();
  expect(new Set(sockets.all.map((s) => s.url)).size).toBe(1);
  const ws = sockets.last();
  ws.push({ type: 'timer_sync', ...first });
  await settle();
  // The page loads its narration after its first paint (the member's settings, then the lazy part that
  // speaks), and a state the narration finds on arrival is not said: the round starts once it listens.
  // Its code is loaded above; here the settings' answer is awaited and applied.
  await vi.waitFor(() => expect(server.calls.some((c) => c.url.pathname === '/api/me/narration')).toBe(true));
  await settle();
  await settle();
  ws.push(timerMessage('timer_started', { phase: 'active', currentRound: 1, roundDuration: 600, secondsLeft: 600 }));
  await settle();
  // The page reads the new round's state back (GET …/timer) before it speaks: wait for that, not a fixed time.
  await vi.waitFor(
    async () => {
      await tick(50);
      expect(heard()).toEqual(['Round 1: talk to Sam at table 1.']);
    },
    { timeout: 5_000 },
  );
  ws.push({
    type: 'host_message',
    eventId: 5,
    message: {
      id: 3,
      eventId: 5,
      text: 'Welcome! Grab a name badge.',
      type: 'general',
      requiresAction: false,
      timestamp: new Date().toISOString(),
      isRead: false,
      acknowledged: false,
    },
  });
  await settle();
  expect(heard().slice(1)).toEqual(['Message from your host: Welcome! Grab a name badge.']);
});

test('speaks nothing extra when the member has no narration settings (server defaults: off)', async () => {
  localStorage.setItem(NARRATION_STORAGE_KEY, JSON.stringify({ ...DEFAULT_NARRATION }));
  const first = timerState({ phase: 'active', currentRound: 1, roundDuration: 600, secondsLeft: 302 });
  const { heard } = setup(first, { enabled: false });
  renderAt(<TimerRoute />, { path: '/timer?event=5' });
  await screen.findByRole('heading', { name: 'Prestwich Friday Friends', level: 1 });
  await tick(5_000);
  expect(heard()).toEqual([]);
});

test("/timer reads the pair's question after the partner and table, and each 'Another question' (docs/decisions/0081)", async () => {
  const first = timerState({ phase: 'grace', currentRound: 1, roundDuration: 600, secondsLeft: 30 });
  const { sockets, heard, server } = setup(first);
  const question = (position: number, text: string, followUp: string) => ({
    setting: 'light',
    question: { round: 2, position, text, followUp, topic: position === 0 ? 'jazz' : null },
    more: true,
  });
  server.set('GET /api/events/5/conversation-guide', question(0, 'You both like jazz. Who would you go and see live?', 'Ask why them.'));
  server.set('POST /api/events/5/conversation-guide/next', question(1, 'What does a really good Sunday look like for you?', 'Ask when they last had one.'));
  renderAt(<TimerRoute />, { path: '/timer?event=5' });
  await screen.findByRole('heading', { name: 'Prestwich Friday Friends', level: 1 });
  await settle();
  const ws = sockets.last();
  ws.push({ type: 'timer_sync', ...first });
  await settle();
  ws.push(timerMessage('timer_started', { phase: 'active', currentRound: 2, roundDuration: 600, secondsLeft: 600 }));
  await settle();
  await vi.waitFor(async () => {
    await tick(50);
    expect(heard()).toEqual([
      'Round 2: talk to Priya at table 3.',
      'A question to start: You both like jazz. Who would you go and see live? Then: Ask why them.',
    ]);
  });
  // The card shows it too, and "Another question" is read when it comes.
  expect(await screen.findByText('You both like jazz. Who would you go and see live?')).toBeInTheDocument();
  act(() => screen.getByRole('button', { name: 'Another question' }).click());
  await vi.waitFor(async () => {
    await tick(50);
    expect(heard().slice(2)).toEqual(['Another question: What does a really good Sunday look like for you? Then: Ask when they last had one.']);
  });
  expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ round: 2, after: 0 }]);
});

test('with the guide off, the round start says the partner and table only', async () => {
  const first = timerState({ phase: 'grace', currentRound: 1, roundDuration: 600, secondsLeft: 30 });
  const { sockets, heard, server } = setup(first);
  server.set('GET /api/events/5/conversation-guide', { setting: 'off', question: null, more: false });
  renderAt(<TimerRoute />, { path: '/timer?event=5' });
  await screen.findByRole('heading', { name: 'Prestwich Friday Friends', level: 1 });
  await settle();
  const ws = sockets.last();
  ws.push({ type: 'timer_sync', ...first });
  await settle();
  ws.push(timerMessage('timer_started', { phase: 'active', currentRound: 2, roundDuration: 600, secondsLeft: 600 }));
  await settle();
  await vi.waitFor(async () => {
    await tick(50);
    expect(heard()).toEqual(['Round 2: talk to Priya at table 3.']);
  });
  await vi.waitFor(() => expect(server.calls.some((c) => c.url.pathname === '/api/events/5/conversation-guide')).toBe(true));
  await tick(1_000);
  expect(heard()).toEqual(['Round 2: talk to Priya at table 3.']);
  expect(screen.queryByRole('button', { name: 'Another question' })).toBeNull();
});
