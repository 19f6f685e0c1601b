import { renderHook } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { TimerStateMessage } from '@shared/realtime';
import { timerState } from '@client/test/fake-socket';
import { useTimerAnnouncements } from './use-announcements';

function announcer(first: TimerStateMessage | null, remaining = 0) {
  return renderHook(({ t, r }) => useTimerAnnouncements(t, r), { initialProps: { t: first, r: remaining } });
}

test('nothing is said for the state found on arrival', () => {
  const { result } = announcer(timerState({ phase: 'active', currentRound: 2 }), 20);
  expect(result.current).toBe('');
});

test('start, pause, resume, the last minute, the last 30 seconds and the end', () => {
  const { result, rerender } = announcer(timerState({ phase: 'idle', currentRound: 0 }), 300);
  const say = (t: TimerStateMessage, r: number) => {
    rerender({ t, r });
    return result.current;
  };
  expect(say(timerState({ phase: 'active', currentRound: 1 }), 300)).toBe('Round 1 has started.');
  expect(say(timerState({ phase: 'paused', currentRound: 1 }), 200)).toBe('Round 1 paused.');
  expect(say(timerState({ phase: 'active', currentRound: 1 }), 200)).toBe('Round 1 resumed.');
  const running = timerState({ phase: 'active', currentRound: 1 });
  expect(say(running, 61)).toBe('Round 1 resumed.');
  expect(say(running, 60)).toBe('1 minute left.');
  expect(say(running, 45)).toBe('1 minute left.');
  expect(say(running, 30)).toBe('30 seconds left.');
  expect(say(timerState({ phase: 'idle', currentRound: 1 }), 0)).toBe('Round 1 complete! Time to switch.');
  expect(say(timerState({ phase: 'active', currentRound: 2 }), 300)).toBe('Round 2 has started.');
  expect(say(timerState({ phase: 'grace', currentRound: 2 }), 60)).toBe(
    'Round 2 complete! Time to switch. One minute to rate your partner before the next round.',
  );
  expect(say(timerState({ phase: 'ended', currentRound: 0 }), 0)).toBe('The event has ended. Thank you for coming.');
});

test('a round skipped by the host while paused is announced as a new round, not a resume', () => {
  const { result, rerender } = announcer(timerState({ phase: 'paused', currentRound: 1 }), 100);
  rerender({ t: timerState({ phase: 'active', currentRound: 2 }), r: 300 });
  expect(result.current).toBe('Round 2 has started.');
});
