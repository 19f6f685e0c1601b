import type { FastifyInstance } from 'fastify';

/** A piece of work the server repeats on its own: a sweep (docs/decisions/0096-one-scheduler-for-the-sweeps.md). */
export interface Repeated {
  /** What it does, for the log: a failure is logged as "<what> failed" and the next turn tries again. */
  what: string;
  everyMs: number;
  run: () => Promise<unknown>;
  /**
   * A first turn before the first interval: 'now' (when scheduled), 'ready' (when the app is ready) or
   * 'listen' (when the server listens: tests drive the app with inject and run the sweep by their own
   * clock). Without it, the first turn comes after `everyMs`.
   */
  first?: 'now' | 'ready' | 'listen';
  /**
   * Whether closing the app waits for a turn under way (docs/decisions/0036: a sweep finishes before
   * the database closes). Default true; false when the owner waits in its own way (the mail plugin).
   */
  closeWaits?: boolean;
}

/**
 * Runs `job.run` every `job.everyMs` on this instance, never two turns at once (a turn still running
 * when the next falls due is not doubled: that turn is skipped). The timer never holds the process
 * open, and it stops when the app closes. Every sweep is safe on every instance at once: each claims
 * its rows in SQL. Returns `runNow`, which starts a turn unless one is under way, and gives the turn.
 */
export function every(app: FastifyInstance, job: Repeated) {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const runNow = (): Promise<unknown> => {
    if (running) return running;
    if (stopped) return Promise.resolve();
    running = job
      .run()
      .catch((err: unknown) => app.log.warn({ err }, `${job.what} failed`))
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => void runNow(), job.everyMs);
  timer.unref();
  if (job.first === 'now') void runNow();
  else if (job.first === 'ready') app.addHook('onReady', async () => void runNow());
  else if (job.first === 'listen') app.addHook('onListen', async () => void runNow());
  app.addHook('onClose', async () => {
    stopped = true;
    clearInterval(timer);
    if (job.closeWaits !== false) await running;
  });
  return { runNow };
}
