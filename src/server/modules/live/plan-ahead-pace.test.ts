/**
 * The door's pace of planning ahead (docs/decisions/0136), on the app's clock: a plan begins once the
 * evening's door has been quiet for the quiet time, or at the latest some time after the first change
 * it counts; at most one runs per evening; the host's Start runs the plan still to come at once. The
 * plan itself is a stand-in here; live/plan-ahead.test.ts runs the real one against a real server.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { createPlanAhead } from './plan-ahead';

const pace = { quietMs: 1_000, latestMs: 10_000 };

/** A plan ahead whose plans are recorded (when each began, for which evening) and held until `finish`. */
function planAheadWithStandIn() {
  const begun: { eventId: number; at: number; finish: () => void }[] = [];
  const said: unknown[] = [];
  const app = {
    db: {} as Db,
    bus: { publish: async (m: unknown) => void said.push(m) } as unknown as FastifyInstance['bus'],
    log: { warn: () => undefined } as unknown as FastifyBaseLogger,
  };
  const plan = (eventId: number) => new Promise<boolean>((resolve) => begun.push({ eventId, at: Date.now(), finish: () => resolve(true) }));
  const plans = createPlanAhead(app, true, pace, plan);
  return { plans, begun, said, t0: Date.now() };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('planning ahead at the door', () => {
  it('a single arrival is planned once the door has been quiet for a second, not before', async () => {
    const { plans, begun, t0 } = planAheadWithStandIn();
    plans.changed(7);
    await vi.advanceTimersByTimeAsync(999);
    expect(begun).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(begun.map((b) => [b.eventId, b.at - t0])).toEqual([[7, 1_000]]);
  });

  it('a rush of arrivals, one every 300 ms for three seconds, shares one plan begun a second after the last', async () => {
    const { plans, begun, said, t0 } = planAheadWithStandIn();
    for (let i = 0; i < 10; i++) {
      plans.changed(7);
      await vi.advanceTimersByTimeAsync(300);
    }
    // The last arrival came at 2,700 ms: nothing planned yet at 3,000.
    expect(begun).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(700);
    expect(begun.map((b) => b.at - t0)).toEqual([3_700]);
    begun[0]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(said).toEqual([{ eventId: 7, kind: 'rotation_planned' }]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(begun).toHaveLength(1);
  });

  it('a door that never goes quiet is still planned ten seconds after its first arrival, and again after', async () => {
    const { plans, begun, t0 } = planAheadWithStandIn();
    for (let i = 0; i < 40; i++) {
      plans.changed(7);
      if (begun.length && begun.at(-1)!.at <= Date.now()) begun.at(-1)!.finish();
      await vi.advanceTimersByTimeAsync(500);
    }
    // Arrivals every 500 ms from 0 to 19,500 ms: a plan 10 s after the first arrival, another 10 s after
    // the first arrival it did not count (at 10,000 ms); the second counted the last arrival, so none after.
    begun.at(-1)!.finish();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(begun.map((b) => b.at - t0)).toEqual([10_000, 20_000]);
  });

  it('two evenings are paced apart, their plans one at a time; a change during a plan is planned after it, never beside it', async () => {
    const { plans, begun, t0 } = planAheadWithStandIn();
    plans.changed(7);
    await vi.advanceTimersByTimeAsync(500);
    plans.changed(8);
    await vi.advanceTimersByTimeAsync(500);
    expect(begun.map((b) => [b.eventId, b.at - t0])).toEqual([[7, 1_000]]);
    // Evening 7's plan is still running when its door changes again, and when the door goes quiet;
    // evening 8's plan, due at 1,500, waits for it (decision 0140).
    plans.changed(7);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(begun.map((b) => [b.eventId, b.at - t0])).toEqual([[7, 1_000]]);
    begun[0]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(begun.map((b) => [b.eventId, b.at - t0])).toEqual([
      [7, 1_000],
      [8, 3_000],
    ]);
    begun[1]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(begun.map((b) => [b.eventId, b.at - t0])).toEqual([
      [7, 1_000],
      [8, 3_000],
      [7, 3_000],
    ]);
  });

  it('forty doors due at once are planned one after another, and a start goes before those still waiting (decision 0140)', async () => {
    const { plans, begun } = planAheadWithStandIn();
    for (let e = 1; e <= 40; e++) plans.changed(e);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(begun.map((b) => b.eventId)).toEqual([1]);
    let started = false;
    const start = plans.settle(30).then(() => (started = true));
    begun[0]!.finish();
    await vi.advanceTimersByTimeAsync(0);
    // Evening 30's start runs its plan next, before the 38 others waiting.
    expect(begun.map((b) => b.eventId)).toEqual([1, 30]);
    begun[1]!.finish();
    await start;
    expect(started).toBe(true);
    for (let i = 2; i < 40; i++) {
      expect(begun).toHaveLength(i + 1);
      begun[i]!.finish();
      await vi.advanceTimersByTimeAsync(0);
    }
    expect(begun.map((b) => b.eventId)).toEqual([1, 30, ...Array.from({ length: 40 }, (_, i) => i + 1).filter((e) => e !== 1 && e !== 30)]);
  });

  it("the host's Start runs the plan still to come at once and waits for it", async () => {
    const { plans, begun, t0 } = planAheadWithStandIn();
    plans.changed(7);
    await vi.advanceTimersByTimeAsync(200);
    let settled = false;
    const start = plans.settle(7).then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(begun.map((b) => b.at - t0)).toEqual([200]);
    expect(settled).toBe(false);
    begun[0]!.finish();
    await start;
    // The waiting plan was the one the start ran: none comes after it.
    await vi.advanceTimersByTimeAsync(5_000);
    expect(begun).toHaveLength(1);
    // An evening with nothing to plan starts at once.
    await plans.settle(9);
  });
});
