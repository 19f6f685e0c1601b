/**
 * At most one calculation of an evening's matches at a time, and none lost (docs/decisions/0093):
 * the ratings of a bell arrive together; each is "the last" of its guest so far.
 */
import { describe, expect, it } from 'vitest';
import { createRecalculator } from './recalculate';

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
    const recalc = createRecalculator(g.calculate, () => {});
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
    const recalc = createRecalculator(g.calculate, () => {});
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
});
