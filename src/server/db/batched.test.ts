/**
 * The lane that lets the asks arriving together share one statement (docs/decisions/0151): a lone ask
 * is not held back, a rush is gathered, a full batch goes at once, and a failed batch gives each ask
 * its own answer or error. The statements themselves are tested over the real routes
 * (matching/ratings-at-once.test.ts, plugins/idempotency.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { batched, GATHER_MS } from './batched';
import type { Db } from './client';

/** A lane over a stand-in statement that records each batch it is given. */
function lane(opts: { most?: number; gatherMs?: number; fails?: (batch: number[]) => boolean; apart?: (n: number) => string } = {}) {
  const batches: number[][] = [];
  const ask = batched<number, string>({
    most: opts.most ?? 200,
    gatherMs: opts.gatherMs ?? GATHER_MS,
    apart: opts.apart,
    async run(_db, batch) {
      batches.push([...batch]);
      if (opts.fails?.(batch)) throw new Error(`refused ${batch.join(',')}`);
      return batch.map((n) => `answer ${n}`);
    },
  });
  const db = {} as Db;
  return { batches, ask: (n: number) => ask(db, n) };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('asks sharing a statement', () => {
  it('asks made in the same turn share one statement, each gets its own answer', async () => {
    const { batches, ask } = lane();
    expect(await Promise.all([1, 2, 3].map(ask))).toEqual(['answer 1', 'answer 2', 'answer 3']);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('a lone ask on a quiet lane is sent within the turn, not after the gathering wait', async () => {
    const { ask } = lane({ gatherMs: 200 });
    const began = performance.now();
    await ask(1);
    expect(performance.now() - began).toBeLessThan(100);
  });

  it('at a rush the next batch gathers the asks that arrive meanwhile', async () => {
    const { batches, ask } = lane({ gatherMs: 30 });
    const first = ask(1);
    await first; // the lane sent a batch just now: it is at a rush
    const later = [ask(2), sleep(5).then(() => ask(3)), sleep(10).then(() => ask(4))];
    expect(await Promise.all(later)).toEqual(['answer 2', 'answer 3', 'answer 4']);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('a full batch goes at once, without waiting for the gathering', async () => {
    const { batches, ask } = lane({ most: 3, gatherMs: 10_000 });
    await ask(0);
    const began = performance.now();
    await Promise.all([1, 2, 3].map(ask));
    expect(performance.now() - began).toBeLessThan(1_000);
    expect(batches).toEqual([[0], [1, 2, 3]]);
  });

  it('asks with the same key go in different statements, in the order asked', async () => {
    const { batches, ask } = lane({ apart: (n) => String(n % 2) });
    await Promise.all([1, 2, 3, 4, 5].map(ask));
    expect(batches).toEqual([[1, 2], [3, 4], [5]]);
  });

  it('a batch that fails runs each ask alone: the one that breaks gets its error, the others their answers', async () => {
    const { batches, ask } = lane({ fails: (b) => b.includes(2) });
    const results = await Promise.allSettled([1, 2, 3].map(ask));
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual(['answer 1', 'refused 2', 'answer 3']);
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
  });
});
