import type { FastifyInstance } from 'fastify';
import { isDatabaseUnavailable } from '../../errors';
import * as live from './service';

/**
 * The running timers of this instance: a timeout for each event's next due transition, picked
 * up again after a restart (or on a second instance), and a poll as a safety net. Whichever
 * instance writes a transition first wins it (see live.runDue, said by commands.ts).
 *
 * Closing (a SIGTERM, docs/decisions/0036): no transition starts once the app begins to close, and
 * the ones under way finish before the database is closed. What falls due meanwhile is picked up by
 * another instance's poll, or by this one when it starts again (runningTimers below).
 */
export async function startTimers(app: FastifyInstance, due: (eventId: number) => Promise<void>, pollMs: number) {
  const timeouts = new Map<number, NodeJS.Timeout>();
  const running = new Set<Promise<unknown>>();
  let stopped = false;

  /** A transition (or a poll's batch), kept until it settles so that closing can wait for it. */
  function track(work: () => Promise<unknown>, failed: (err: unknown) => void) {
    if (stopped) return;
    const p = work().catch(failed);
    running.add(p);
    void p.finally(() => running.delete(p));
  }

  function schedule(eventId: number, endsAt: number | null) {
    const old = timeouts.get(eventId);
    if (old) clearTimeout(old);
    timeouts.delete(eventId);
    if (endsAt === null || stopped) return;
    const t = setTimeout(
      () => {
        timeouts.delete(eventId);
        track(
          () => due(eventId),
          (err) => app.log.error({ err }, 'timer transition failed'),
        );
      },
      Math.max(0, endsAt - Date.now()) + 5,
    );
    t.unref();
    timeouts.set(eventId, t);
  }

  for (const t of await live.runningTimers(app.db)) schedule(t.eventId, t.endsAt);
  const poll = setInterval(() => {
    track(
      () => live.dueTimers(app.db).then((ids) => Promise.all(ids.map((id) => due(id)))),
      // Every second: a database outage is logged once, by the watch (modules/health/watch.ts, docs/decisions/0087).
      (err) => {
        const log = () => app.log.warn({ err }, 'timer poll failed');
        if (isDatabaseUnavailable(err)) app.databaseWatch.suspect(err, log);
        else log();
      },
    );
  }, pollMs);
  poll.unref();

  const stop = () => {
    stopped = true;
    clearInterval(poll);
    timeouts.forEach((t) => clearTimeout(t));
    timeouts.clear();
  };
  // preClose runs before the listener closes; onClose after the requests in flight are answered.
  app.addHook('preClose', async () => stop());
  app.addHook('onClose', async () => {
    stop();
    await Promise.allSettled([...running]);
  });

  return { schedule };
}
