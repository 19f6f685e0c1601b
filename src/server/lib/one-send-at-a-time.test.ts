import { describe, expect, it } from 'vitest';
import { oneSendAtATime } from './one-send-at-a-time';

/** A send the test answers by hand: each call waits until the test settles it. */
function heldSend() {
  const calls: { items: number[]; ok: () => void; fail: (err: Error) => void }[] = [];
  const send = (items: number[]) =>
    new Promise<void>((resolve, reject) => {
      calls.push({ items, ok: resolve, fail: reject });
    });
  return { calls, send };
}

const turn = () => new Promise((r) => setImmediate(r));

describe('oneSendAtATime', () => {
  it('sends an item at once when nothing is under way, and those that come meanwhile together after it, in order', async () => {
    const { calls, send } = heldSend();
    const publish = oneSendAtATime(send, 100);
    const first = publish(1);
    expect(calls.map((c) => c.items)).toEqual([[1]]);
    const rest = [2, 3, 4, 5].map((n) => publish(n));
    await turn();
    // Still one send under way: the four wait for it.
    expect(calls).toHaveLength(1);
    calls[0]!.ok();
    await first;
    await turn();
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4, 5]]);
    calls[1]!.ok();
    await Promise.all(rest);
    // Quiet again: the next goes at once, alone.
    const later = publish(6);
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4, 5], [6]]);
    calls[2]!.ok();
    await later;
  });

  it('sends at most `most` items at a time', async () => {
    const { calls, send } = heldSend();
    const publish = oneSendAtATime(send, 3);
    const all = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => publish(n));
    for (let i = 0; i < 4; i++) {
      await turn();
      calls[i]?.ok();
    }
    await Promise.all(all);
    expect(calls.map((c) => c.items)).toEqual([[1], [2, 3, 4], [5, 6, 7], [8]]);
  });

  it('when a batch fails, sends its items again one at a time, so only the bad one fails its caller', async () => {
    const sent: number[][] = [];
    const publish = oneSendAtATime(async (items: number[]) => {
      sent.push(items);
      await turn();
      if (items.includes(13)) throw new Error('payload string too long');
    }, 100);
    const results = await Promise.allSettled([11, 12, 13, 14].map((n) => publish(n)));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((results[2] as PromiseRejectedResult).reason).toEqual(new Error('payload string too long'));
    expect(sent).toEqual([[11], [12, 13, 14], [12], [13], [14]]);
    // The failure left nothing behind: the next item goes at once.
    await publish(15);
    expect(sent.at(-1)).toEqual([15]);
  });
});
