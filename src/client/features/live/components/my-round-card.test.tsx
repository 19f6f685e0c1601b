import { screen } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import type { TimerStateMessage } from '@shared/realtime';
import { fakeSockets, settle, timerMessage, timerState } from '@client/test/fake-socket';
import { fakeServer, Reply, renderAt } from '@client/test/render';
import { MyRoundCard, roundSentence } from './my-round-card';

const priya = { id: 11, name: 'Priya', age: 31, bio: null, interests: ['hiking', 'board games', 'jazz', 'baking'], profileImage: null };
const sam = { id: 12, name: 'Sam', age: 40, bio: null, interests: [], profileImage: null };

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

async function showCard(state: TimerStateMessage, rotation: unknown, { rateLink = false } = {}) {
  const server = fakeServer({ 'GET /api/events/5/timer': { type: 'timer_sync', ...state }, 'GET /api/events/5/rotation/me': rotation });
  const sockets = fakeSockets();
  const view = renderAt(<MyRoundCard eventId={5} userId={1} rateLink={rateLink} />, { path: '/events/5' });
  await settle();
  return { ...view, server, ws: sockets.last() };
}

test('the sentence: whom to talk to and where, or the bye', () => {
  expect(roundSentence({ round: 2, table: 3, partner: priya })).toBe('Round 2: talk to Priya at table 3');
  expect(roundSentence({ round: 2, table: null, partner: priya })).toBe('Round 2: talk to Priya');
  expect(roundSentence({ round: 2, table: null, partner: null })).toBe('You sit out this round');
});

test('during a round: the partner, their table, age and first interests', async () => {
  await showCard(timerState({ phase: 'active', currentRound: 2, secondsLeft: 200 }), [
    { round: 1, table: 1, partner: sam },
    { round: 2, table: 3, partner: priya },
  ]);
  expect(await screen.findByText(/^Round \d+: talk to/)).toHaveTextContent('Round 2: talk to Priya at table 3');
  expect(screen.getByText('Age 31')).toBeInTheDocument();
  const interests = screen.getByRole('list', { name: "Priya's interests" });
  expect(interests).toHaveTextContent('hikingboard gamesjazz');
  expect(interests).not.toHaveTextContent('baking');
});

test('a bye: sit this one out', async () => {
  await showCard(timerState({ phase: 'active', currentRound: 2, secondsLeft: 200 }), [{ round: 2, table: null, partner: null }]);
  expect(await screen.findByText('You sit out this round')).toBeInTheDocument();
  expect(screen.getByText(/Grab a drink/)).toBeInTheDocument();
});

test('before round 1: what will appear', async () => {
  const { server } = await showCard(timerState({ phase: 'idle', currentRound: 0 }), []);
  expect(await screen.findByText('Your first conversation')).toBeInTheDocument();
  expect(server.calls.map((c) => c.url.pathname)).not.toContain('/api/events/5/rotation/me');
});

test('a guest missing from the rotation joins from the next round', async () => {
  await showCard(timerState({ phase: 'active', currentRound: 2, secondsLeft: 200 }), [{ round: 3, table: 1, partner: sam }]);
  expect(await screen.findByText("You're not in this round")).toBeInTheDocument();
});

test('between rounds: who is next, and a link to rate the partner just met', async () => {
  await showCard(
    timerState({ phase: 'grace', currentRound: 1, secondsLeft: 60 }),
    [
      { round: 1, table: 2, partner: priya },
      { round: 2, table: 4, partner: sam },
    ],
    { rateLink: true },
  );
  expect(await screen.findByText('Up next')).toBeInTheDocument();
  expect(screen.getByText(/^Round \d+: talk to/)).toHaveTextContent('Round 2: talk to Sam at table 4');
  expect(screen.getByRole('link', { name: 'Rate Priya' })).toHaveAttribute('href', '/events/5');
});

test('between rounds with nobody planned next', async () => {
  await showCard(timerState({ phase: 'idle', currentRound: 2 }), [{ round: 2, table: 1, partner: priya }]);
  expect(await screen.findByText('Round 2 complete')).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Rate/ })).not.toBeInTheDocument();
});

test('a new round fetches the rotation afresh (late arrivals are placed then)', async () => {
  let rows: unknown[] = [];
  const { ws } = await showCard(timerState({ phase: 'active', currentRound: 1, secondsLeft: 100 }), () => rows);
  ws.push(timerMessage('timer_sync', { phase: 'active', currentRound: 1, secondsLeft: 100 }));
  expect(await screen.findByText("You're not in this round")).toBeInTheDocument();

  rows = [{ round: 2, table: 5, partner: sam }];
  ws.push(timerMessage('timer_started', { phase: 'active', currentRound: 2, secondsLeft: 300 }));
  expect(await screen.findByText(/^Round \d+: talk to/)).toHaveTextContent('Round 2: talk to Sam at table 5');
});

test('a failed rotation load says to ask the host', async () => {
  await showCard(timerState({ phase: 'active', currentRound: 1, secondsLeft: 100 }), new Reply(500, { message: 'Internal error' }));
  expect(await screen.findByText("Your rotation isn't available")).toBeInTheDocument();
});

test("after the end: that's a wrap", async () => {
  await showCard(timerState({ phase: 'ended', currentRound: 0 }), []);
  expect(await screen.findByText("That's a wrap!")).toBeInTheDocument();
});
