/** The one scheduler every sweep runs on (docs/decisions/0096-one-scheduler-for-the-sweeps.md), on a real Fastify app and fake timers. */
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { every } from './every';

/** Every turn of a test, finished after it so that the app can close. */
const unfinished: Array<() => void> = [];

/** Turns the test finishes by hand. */
function turns() {
  const started: Array<{ finish: () => void; fail: (err: Error) => void }> = [];
  const run = () =>
    new Promise<void>((resolve, reject) => {
      started.push({ finish: resolve, fail: reject });
      unfinished.push(resolve);
    });
  return { started, run };
}

describe('every', () => {
  let app: FastifyInstance;
  const warnings: Array<{ msg: string }> = [];

  beforeEach(() => {
    vi.useFakeTimers();
    warnings.length = 0;
    app = Fastify();
    vi.spyOn(app.log, 'warn').mockImplementation(((obj: unknown, msg: string) => void warnings.push({ msg })) as never);
  });
  afterEach(async () => {
    for (const finish of unfinished.splice(0)) finish();
    vi.useRealTimers();
    await app.close();
  });

  it('runs a turn each interval, never two at once: a turn that falls due while one runs is skipped', async () => {
    const { started, run } = turns();
    every(app, { what: 'test sweep', everyMs: 1_000, run });
    await app.ready();
    expect(started).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(started).toHaveLength(1);
    started[0]!.finish();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toHaveLength(2);
  });

  it('logs a failed turn as "<what> failed" and tries again at the next interval', async () => {
    const { started, run } = turns();
    every(app, { what: 'seat sweep', everyMs: 1_000, run });
    await app.ready();
    await vi.advanceTimersByTimeAsync(1_000);
    started[0]!.fail(new Error('database down'));
    await vi.advanceTimersByTimeAsync(0);
    expect(warnings).toEqual([{ msg: 'seat sweep failed' }]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(started).toHaveLength(2);
  });

  it("runs a first turn at once with first: 'now', and when the app is ready with first: 'ready'", async () => {
    const now = turns();
    const ready = turns();
    every(app, { what: 'now', everyMs: 60_000, first: 'now', run: now.run });
    every(app, { what: 'ready', everyMs: 60_000, first: 'ready', run: ready.run });
    expect(now.started).toHaveLength(1);
    expect(ready.started).toHaveLength(0);
    await app.ready();
    expect(ready.started).toHaveLength(1);
  });

  it('closing the app waits for the turn under way, and no turn starts after', async () => {
    const { started, run } = turns();
    every(app, { what: 'test sweep', everyMs: 1_000, run });
    await app.ready();
    await vi.advanceTimersByTimeAsync(1_000);
    let closed = false;
    const closing = app.close().then(() => (closed = true));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(closed).toBe(false);
    started[0]!.finish();
    await closing;
    expect(closed).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started).toHaveLength(1);
  });

  it('with closeWaits: false, closing stops the timer without waiting for the turn (its owner waits)', async () => {
    const { started, run } = turns();
    every(app, { what: 'mail delivery', everyMs: 1_000, closeWaits: false, run });
    await app.ready();
    await vi.advanceTimersByTimeAsync(1_000);
    await app.close();
    expect(started).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(started).toHaveLength(1);
  });

  it('runNow shares the turn under way instead of starting another', async () => {
    const { started, run } = turns();
    const job = every(app, { what: 'test sweep', everyMs: 60_000, run });
    const a = job.runNow();
    const b = job.runNow();
    expect(started).toHaveLength(1);
    expect(a).toBe(b);
    started[0]!.finish();
    await a;
  });
});
