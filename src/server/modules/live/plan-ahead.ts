import type { FastifyInstance } from 'fastify';
import * as live from './service';

/**
 * At most one plan ahead per evening in this time while its door is busy (docs/decisions/0103, 0104): a
 * rush of arrivals shares a plan, and the one connection of the embedded database is not taken by
 * a plan per guest.
 */
export const PLAN_AHEAD_EVERY_MS = 3_000;

/**
 * Planning ahead (docs/decisions/0029, 0053, 0103): a change at the door brings the evening's plan
 * up to date soon after, on the instance where the change was made, then tells every instance to
 * forget the places it kept. The door answers without waiting for it. The first change of a quiet
 * door is planned at once; changes after it, at most once every PLAN_AHEAD_EVERY_MS, each plan
 * counting every change made before it began. At most one plan runs per evening.
 *
 * `settle` is the host's Start on this instance: a plan still to come runs now, and the start waits
 * for it, so the start finds the plan standing and writes nothing. A start on another instance, or
 * a guest checked in where the door did not see it, is planned by the start itself (service.ts).
 */
export function createPlanAhead(app: FastifyInstance, enabled: boolean, everyMs = PLAN_AHEAD_EVERY_MS) {
  interface Evening {
    /** The plan under way and those chained after it; settled when the last is done. */
    running: Promise<void>;
    /** performance.now() when the last plan was asked for. */
    lastAsked: number;
    /** A plan waiting for its turn in time. */
    timer: NodeJS.Timeout | null;
  }
  const evenings = new Map<number, Evening>();
  const planOnce = (eventId: number) =>
    live
      .planAhead(app.db, eventId)
      .then((wrote) => (wrote ? app.bus.publish({ eventId, kind: 'rotation_planned' }) : undefined))
      .catch((err) => app.log.warn({ err, eventId }, 'planning the evening ahead failed (round 1 will plan it)'));

  const run = (eventId: number, ev: Evening) => {
    if (ev.timer) clearTimeout(ev.timer);
    ev.timer = null;
    ev.lastAsked = performance.now();
    const plan = ev.running.then(() => planOnce(eventId));
    ev.running = plan;
    void plan.then(() => {
      // Forgotten once quiet: nothing under way after this plan, nothing waiting.
      if (ev.running === plan && !ev.timer && performance.now() - ev.lastAsked >= everyMs) evenings.delete(eventId);
    });
    return plan;
  };

  return {
    /** A change at the door: planned at once on a quiet door, else in its turn (never more than everyMs after the plan before). */
    changed(eventId: number): void {
      if (!enabled) return;
      const ev = evenings.get(eventId) ?? { running: Promise.resolve(), lastAsked: -Infinity, timer: null };
      evenings.set(eventId, ev);
      if (ev.timer) return; // the plan waiting will count this change
      const wait = ev.lastAsked + everyMs - performance.now();
      if (wait <= 0) void run(eventId, ev);
      else ev.timer = setTimeout(() => void run(eventId, ev), wait);
    },
    /** The host starts the evening here: the plan still to come runs now, and this resolves when every plan asked for is done. */
    async settle(eventId: number): Promise<void> {
      const ev = evenings.get(eventId);
      if (!ev) return;
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
