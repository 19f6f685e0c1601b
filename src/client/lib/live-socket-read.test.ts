/**
 * What the live socket accepts from the server (docs/decisions/0026): in development and tests every
 * message is checked against the shared union; the production build checks its type only, so zod
 * stays off the live evening's page. Both refuse what is not a message of ours.
 */
import { afterEach, expect, test, vi } from 'vitest';

const state = {
  type: 'timer_started',
  phase: 'active',
  isActive: true,
  currentRound: 1,
  roundDuration: 300,
  endsAt: 1_000,
  timeRemaining: 300,
  autoAdvance: false,
  version: 1,
  serverNow: 500,
  mine: null,
  upNext: null,
};

afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

async function reader(dev: boolean) {
  vi.stubEnv('DEV', dev);
  vi.resetModules();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  return (await import('./live-socket')).readServerMessage;
}

test('in development a message must match the shared union; anything else is refused and reported', async () => {
  const read = await reader(true);
  expect(read(JSON.stringify(state))).toMatchObject({ type: 'timer_started', currentRound: 1 });
  expect(read(JSON.stringify({ ...state, currentRound: 'one' }))).toBeNull();
  expect(read(JSON.stringify({ type: 'surprise' }))).toBeNull();
  expect(read('{not json')).toBeNull();
  expect(console.error).toHaveBeenCalledTimes(3);
});

test('in production a message of a known type is taken as the server sent it; an unknown type or bad JSON is refused', async () => {
  const read = await reader(false);
  expect(read(JSON.stringify(state))).toEqual(state);
  expect(read(JSON.stringify({ type: 'checkins_updated', eventId: 3 }))).toEqual({ type: 'checkins_updated', eventId: 3 });
  expect(read(JSON.stringify({ type: 'surprise' }))).toBeNull();
  expect(read(JSON.stringify({ type: 'hasOwnProperty' }))).toBeNull();
  expect(read(JSON.stringify(['timer_sync']))).toBeNull();
  expect(read('{not json')).toBeNull();
});
