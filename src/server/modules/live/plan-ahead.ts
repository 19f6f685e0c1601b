import type { FastifyInstance } from 'fastify';
import * as live from './service';

/**
 * Planning ahead (docs/decisions/0029, 0053): every change at the door brings the evening's plan
 * up to date before the door answers, on the instance where the change was made, then tells every
 * instance to forget the places it kept. So whenever the host presses Start, however soon after
 * the last check-in, the plan stands for everyone the door has answered for, and round 1 writes
 * nothing. Changes arriving while an evening is being planned share one plan after it: at most
 * one plan runs and one waits, per evening.
 */
export function createPlanAhead(app: FastifyInstance, enabled: boolean) {
  const latest = new Map<number, Promise<void>>();
  const waiting = new Map<number, Promise<void>>();
  const planOnce = (eventId: number) =>
    live
      .planAhead(app.db, eventId)
      .then((wrote) => (wrote ? app.bus.publish({ eventId, kind: 'rotation_planned' }) : undefined))
      .catch((err) => app.log.warn({ err, eventId }, 'planning the evening ahead failed (round 1 will plan it)'));
  const planNow = (eventId: number): Promise<void> => {
    if (!enabled) return Promise.resolve();
    // A plan not yet begun will see this change: wait for it rather than queue another.
    const queued = waiting.get(eventId);
    if (queued) return queued;
    const plan = (latest.get(eventId) ?? Promise.resolve()).then(() => {
      waiting.delete(eventId);
      return planOnce(eventId);
    });
    waiting.set(eventId, plan);
    latest.set(eventId, plan);
    void plan.then(() => {
      if (latest.get(eventId) === plan) latest.delete(eventId);
    });
    return plan;
  };
  // Plans under way finish before the database closes.
  app.addHook('onClose', async () => {
    await Promise.all(latest.values());
  });
  return planNow;
}
