import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atMostEvery } from './at-most-every';

describe('atMostEvery', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('says the first at once and everything after it within the interval once, at its end', async () => {
    const said: [number, number][] = [];
    const news = atMostEvery(
      1000,
      async (key) => void said.push([key, Date.now()]),
      () => {},
    );
    const start = Date.now();
    await news.say(7);
    for (let i = 0; i < 50; i++) await news.say(7);
    expect(said).toEqual([[7, start]]);
    await vi.advanceTimersByTimeAsync(999);
    expect(said).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(said).toEqual([
      [7, start],
      [7, start + 1000],
    ]);
    // Nothing more owed: nothing more said, and the next is said at once again after a quiet interval.
    await vi.advanceTimersByTimeAsync(5000);
    expect(said).toHaveLength(2);
    await news.say(7);
    expect(said).toHaveLength(3);
    news.close();
  });

  it('keeps each key to itself, and forgets what is owed when closed', async () => {
    const said: number[] = [];
    const news = atMostEvery(
      1000,
      async (key) => void said.push(key),
      () => {},
    );
    await news.say(1);
    await news.say(2);
    await news.say(1);
    expect(said).toEqual([1, 2]);
    news.close();
    await vi.advanceTimersByTimeAsync(2000);
    expect(said).toEqual([1, 2]);
  });

  it('hands a failure of what it owed to onError, and goes on', async () => {
    const failures: number[] = [];
    let fail = false;
    const said: number[] = [];
    const news = atMostEvery(
      100,
      async (key) => {
        if (fail) throw new Error('the bus is away');
        said.push(key);
      },
      (_err, key) => failures.push(key),
    );
    await news.say(3);
    await news.say(3);
    fail = true;
    await vi.advanceTimersByTimeAsync(100);
    expect(failures).toEqual([3]);
    fail = false;
    await vi.advanceTimersByTimeAsync(100);
    await news.say(3);
    expect(said).toEqual([3, 3]);
    news.close();
  });
});
