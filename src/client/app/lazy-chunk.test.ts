import { afterEach, expect, test, vi } from 'vitest';
import { loadUntilItArrives } from './lazy-chunk';

afterEach(() => vi.useRealTimers());

test('a load that fails is tried again after the wait until it arrives, and never fails', async () => {
  vi.useFakeTimers();
  const load = vi
    .fn<() => Promise<string>>()
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
    .mockResolvedValue('the toaster');
  const outcome = vi.fn();
  void loadUntilItArrives(load, 3_000)().then(outcome, outcome);
  await vi.advanceTimersByTimeAsync(0);
  expect(load).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(2_999);
  expect(load).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(1);
  expect(load).toHaveBeenCalledTimes(2);
  expect(outcome).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(3_000);
  expect(load).toHaveBeenCalledTimes(3);
  expect(outcome).toHaveBeenCalledWith('the toaster');
});
