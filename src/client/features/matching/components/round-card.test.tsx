import { act, render, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { timerState } from '@client/test/fake-socket';
import { describeRound, RoundCard } from './round-card';

afterEach(() => vi.restoreAllMocks());

test("/live-event's clock follows the evening's one rule: offline it says 'Not synchronized' and how old the time is, never 'Live' (issue 32)", () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  let online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  const timer = timerState({ phase: 'active', currentRound: 2, secondsLeft: 200 });
  const card = (connection: 'open' | 'reconnecting') => (
    <RoundCard view={describeRound(timer, 200, false)} timer={timer} remaining={200} connection={connection} heardAt={Date.now() - 42_000} />
  );
  const { rerender } = render(card('open'));
  expect(screen.getByText('Live')).toBeInTheDocument();

  act(() => {
    online = false;
    window.dispatchEvent(new Event('offline'));
  });
  rerender(card('reconnecting'));
  expect(screen.queryByText('Live')).not.toBeInTheDocument();
  expect(screen.getByText('Not synchronized')).toBeInTheDocument();
  expect(screen.getByText('Last heard 0:42 ago')).toBeInTheDocument();
});
