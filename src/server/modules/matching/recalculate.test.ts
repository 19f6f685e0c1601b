/**
 * At most one calculation of an evening's matches at a time, at most one begun per interval, and none
 * lost (docs/decisions/0093, 0104): the ratings of a bell arrive together; each is "the last" of its
 * guest so far.
 */
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { createRecalculator, RECALCULATE_EVERY_MS } from './recalculate';

/** A calculation the test finishes by hand; counts the runs per evening. */
function gate() {
  const runs: number[] = [];
  const open: (() => void)[] = [];
  const calculate = (eventId: number) =>
    new Promise<void>((resolve) => {
      runs.push(eventId);
      open.push(resolve);
    });
  const finishOne = async () => {
    open.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return { runs, calculate, finishOne, pending: () => open.length };
}

describe('matches after last ratings', () => {
  it('a rating alone waits for its calculation: matches are made when it is answered', async () => {
    const g = gate();
    const recalc = createRecalculator(g.calculate, () => {}, 0);
    let answered = false;
    const first = recalc.after(7).then(() => (answered = true));
    await new Promise((r) => setImmediate(r));
    expect(answered).toBe(false);
    await g.finishOne();
    await first;
    expect(answered).toBe(true);
    expect(g.runs).toEqual([7]);
  });

  it('fifty ratings of one evening during a calculation make exactly one more, which runs after it; other evenings are not held', async () => {
    const g = gate();
    const recalc = createRecalculator(g.calculate, () => {}, 0);
    const first = recalc.after(1);
    const during = await Promise.all(Array.from({ length: 50 }, () => recalc.after(1)));
    expect(during).toHaveLength(50);
    const other = recalc.after(2);
    expect(g.runs).toEqual([1, 2]);
    await g.finishOne(); // evening 1's first
    await first;
    expect(g.runs).toEqual([1, 2, 1]);
    await g.finishOne(); // evening 2
    await other;
    await g.finishOne(); // evening 1's follow-up, which includes the fifty
    await recalc.idle();
    expect(g.runs).toEqual([1, 2, 1]);
    expect(g.pending()).toBe(0);
  });

  it('a follow-up that fails is reported, and the next rating calculates again', async () => {
    const failures: number[] = [];
    let calls = 0;
    let release!: () => void;
    const recalc = createRecalculator(
      (eventId) => {
        calls++;
        if (calls === 1) return new Promise<void>((r) => (release = r));
        if (calls === 2) return Promise.reject(new Error(`database gone for ${eventId}`));
        return Promise.resolve();
      },
      (_err, eventId) => failures.push(eventId),
      0,
    );
    const first = recalc.after(3);
    await recalc.after(3);
    release();
    await first;
    await recalc.idle();
    expect(failures).toEqual([3]);
    await recalc.after(3);
    expect(calls).toBe(3);
  });

  it('a calculation a rating waits for that fails is reported and owed again; the rating is answered (decision 0141)', async () => {
    vi.useFakeTimers();
    onTestFinished(() => void vi.useRealTimers());
    const failures: number[] = [];
    let calls = 0;
    const recalc = createRecalculator(
      (eventId) => (++calls === 1 ? Promise.reject(new Error(`no pooled connection for ${eventId}`)) : Promise.resolve()),
      (_err, eventId) => failures.push(eventId),
    );
    // Before: the rating's request failed with the calculation's error although the rating stood.
    await expect(recalc.after(4)).resolves.toBeUndefined();
    expect(failures).toEqual([4]);
    expect(calls).toBe(1);
    // Owed again, in its turn: once the interval since the failed one began has passed.
    await vi.advanceTimersByTimeAsync(RECALCULATE_EVERY_MS);
    expect(calls).toBe(2);
    await recalc.idle();
    expect(failures).toEqual([4]);
  });

  describe('at most one calculation begun per interval', () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it('last ratings soon after a calculation are owed one more, begun when the interval has passed; a rating after it calculates at once', async () => {
      vi.useFakeTimers();
      const runs: number[] = [];
      const recalc = createRecalculator(
        async (eventId) => {
          runs.push(eventId);
        },
        () => {},
      );
      await recalc.after(4); // a quiet evening: calculated, and waited for
      expect(runs).toEqual([4]);
      // Thirty more last ratings over the next second: answered at once, nothing calculated yet.
      for (let i = 0; i < 30; i++) {
        await recalc.after(4);
        await vi.advanceTimersByTimeAsync(30);
      }
      expect(runs).toEqual([4]);
      // The interval since the first began has passed: one calculation for all thirty.
      await vi.advanceTimersByTimeAsync(RECALCULATE_EVERY_MS - 30 * 30);
      expect(runs).toEqual([4, 4]);
      await vi.advanceTimersByTimeAsync(RECALCULATE_EVERY_MS * 3);
      expect(runs).toEqual([4, 4]);
      // Long after: the next last rating is calculated at once again.
      await recalc.after(4);
      expect(runs).toEqual([4, 4, 4]);
    });

    it('closing the server runs the calculation owed rather than losing it', async () => {
      vi.useFakeTimers();
      const runs: number[] = [];
      const recalc = createRecalculator(
        async (eventId) => {
          runs.push(eventId);
        },
        () => {},
      );
      await recalc.after(9);
      await recalc.after(9);
      expect(runs).toEqual([9]);
      await recalc.idle();
      expect(runs).toEqual([9, 9]);
    });
  });
});
