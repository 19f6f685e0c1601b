import type { FastifyInstance } from 'fastify';
import * as live from './service';

/**
 * The door's pace of planning ahead (docs/decisions/0136): an evening is planned once its door has
 * been quiet this long, so a rush of arrivals shares one plan (each plan rewrites the whole evening,
 * and every plan made during a rush is written over by the next).
 */
const PLAN_AHEAD_QUIET_MS = 1_000;
/** A door that never goes quiet is still planned this long after the first change not yet planned. */
const PLAN_AHEAD_LATEST_MS = 10_000;

interface PlanAheadPace {
  quietMs: number;
  latestMs: number;
}

/**
 * Planning ahead (docs/decisions/0029, 0053, 0103, 0136): a change at the door brings the evening's
 * plan up to date soon after, on the instance where the change was made, then tells every instance
 * to forget the places it kept. The door answers without waiting for it. A plan begins once the
 * evening's door has been quiet for `quietMs`, or `latestMs` after the first change it will count,
 * whichever is sooner; it counts every change made before it began. At most one plan runs per
 * evening; a change made while one runs is planned after it. The plans of all evenings run one at a
 * time on an instance (docs/decisions/0140): at a rush forty doors fall due within a moment, and their
 * plans queued together held every scan behind them; one at a time, a scan waits for one plan at most.
 *
 * `settle` is the host's Start on this instance: a plan still to come runs now, ahead of the other
 * evenings' plans waiting, and the start waits for it, so the start finds the plan standing and
 * writes nothing. A start on another instance, or
 * a guest checked in where the door did not see it, is planned by the start itself (service.ts).
 */
export function createPlanAhead(
  app: Pick<FastifyInstance, 'db' | 'bus' | 'log'>,
  enabled: boolean,
  pace: PlanAheadPace = { quietMs: PLAN_AHEAD_QUIET_MS, latestMs: PLAN_AHEAD_LATEST_MS },
  plan: (eventId: number) => Promise<boolean> = (eventId) => live.planAhead(app.db, eventId),
) {
  interface Evening {
    /** The plan under way and those chained after it; settled when the last is done. */
    running: Promise<void>;
    /** performance.now() of the first change not yet counted by a plan, and of the last change. */
    firstChange: number;
    lastChange: number;
    /** The plan waiting for the door to go quiet. */
    timer: NodeJS.Timeout | null;
    /** The host started the evening here: its plans go before other evenings' waiting (decision 0140). */
    hurried: boolean;
  }
  const evenings = new Map<number, Evening>();
  const lane = oneAtATime();
  const planOnce = (eventId: number, ev: Evening) =>
    lane(() => plan(eventId), eventId, ev.hurried)
      .then((wrote) => (wrote ? app.bus.publish({ eventId, kind: 'rotation_planned' }) : undefined))
      .catch((err) => app.log.warn({ err, eventId }, 'planning the evening ahead failed (round 1 will plan it)'));

  /** When the waiting plan is due: the door quiet for quietMs, or latestMs after its first change. */
  const due = (ev: Evening) => Math.min(ev.lastChange + pace.quietMs, ev.firstChange + pace.latestMs);

  const run = (eventId: number, ev: Evening) => {
    if (ev.timer) clearTimeout(ev.timer);
    ev.timer = null;
    const planned = ev.running.then(() => planOnce(eventId, ev));
    ev.running = planned;
    void planned.then(() => {
      // Forgotten once quiet: nothing under way after this plan, nothing waiting.
      if (ev.running === planned && !ev.timer) evenings.delete(eventId);
    });
    return planned;
  };

  /** The waiting plan's timer fired: run it if the door stayed quiet, else wait until it is due. */
  const wake = (eventId: number, ev: Evening) => {
    const wait = due(ev) - performance.now();
    if (wait > 0) ev.timer = setTimeout(() => wake(eventId, ev), wait);
    else void run(eventId, ev);
  };

  return {
    /** A change at the door: planned once the door has been quiet for quietMs (or latestMs after the first change not yet planned). */
    changed(eventId: number): void {
      if (!enabled) return;
      const now = performance.now();
      const ev = evenings.get(eventId) ?? { running: Promise.resolve(), firstChange: now, lastChange: now, timer: null, hurried: false };
      evenings.set(eventId, ev);
      ev.lastChange = now;
      if (ev.timer) return; // the waiting plan will count this change; its timer checks the quiet when it fires
      ev.firstChange = now;
      ev.timer = setTimeout(() => wake(eventId, ev), pace.quietMs);
    },
    /** The host starts the evening here: the plan still to come runs now, and this resolves when every plan asked for is done. */
    async settle(eventId: number): Promise<void> {
      const ev = evenings.get(eventId);
      if (!ev) return;
      ev.hurried = true;
      lane.hurry(eventId);
      if (ev.timer) await run(eventId, ev);
      else await ev.running;
    },
    /** Plans under way finish before the database closes; those waiting are dropped (round 1 plans for itself). */
    async close() {
      for (const ev of evenings.values()) if (ev.timer) clearTimeout(ev.timer);
      await Promise.all([...evenings.values()].map((ev) => ev.running));
    },
  };
}
export type PlanAhead = ReturnType<typeof createPlanAhead>;

/**
 * Runs what it is given one at a time, in order; `first` goes before all that wait, and `hurry` moves
 * a key's waiting work to the front (docs/decisions/0140).
 */
function oneAtATime() {
  const waiting: { key: number; go: () => void }[] = [];
  let busy = false;
  const next = () => {
    const w = waiting.shift();
    busy = !!w;
    w?.go();
  };
  const run = <T>(fn: () => Promise<T>, key: number, first: boolean) =>
    new Promise<T>((resolve, reject) => {
      const go = () => void Promise.resolve().then(fn).then(resolve, reject).finally(next);
      if (!busy) {
        busy = true;
        go();
      } else if (first) waiting.unshift({ key, go });
      else waiting.push({ key, go });
    });
  return Object.assign(run, {
    hurry(key: number) {
      const i = waiting.findIndex((w) => w.key === key);
      if (i > 0) waiting.unshift(...waiting.splice(i, 1));
    },
  });
}
