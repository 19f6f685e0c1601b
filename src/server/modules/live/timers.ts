import type { FastifyInstance } from 'fastify';
import * as live from './service';

/**
 * The running timers of this instance: a timeout for each event's next due transition, picked
 * up again after a restart (or on a second instance), and a poll as a safety net. Whichever
 * instance writes a transition first wins it (see live.runDue).
 */
export async function startTimers(app: FastifyInstance, deps: () => live.LiveDeps, pollMs: number) {
  const timeouts = new Map<number, NodeJS.Timeout>();

  function schedule(eventId: number, endsAt: number | null) {
    const old = timeouts.get(eventId);
    if (old) clearTimeout(old);
    timeouts.delete(eventId);
    if (endsAt === null) return;
    const t = setTimeout(() => {
      timeouts.delete(eventId);
      live.runDue(deps(), eventId).catch((err) => app.log.error({ err }, 'timer transition failed'));
    }, Math.max(0, endsAt - Date.now()) + 5);
    t.unref();
    timeouts.set(eventId, t);
  }

  for (const t of await live.runningTimers(app.db)) schedule(t.eventId, t.endsAt);
  const poll = setInterval(() => {
    live
      .dueTimers(app.db)
      .then((ids) => Promise.all(ids.map((id) => live.runDue(deps(), id))))
      .catch((err) => app.log.warn({ err }, 'timer poll failed'));
  }, pollMs);
  poll.unref();

  app.addHook('onClose', async () => {
    clearInterval(poll);
    timeouts.forEach((t) => clearTimeout(t));
  });

  return { schedule };
}
