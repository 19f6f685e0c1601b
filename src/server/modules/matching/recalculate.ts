/**
 * Matches after a guest's last rating, at most one calculation per evening at a time
 * (docs/decisions/0093). After each bell every guest rates the partner they just left, and each such
 * rating is "the last" of those met so far: calculating the whole evening for each of them queued
 * thousands of calculations behind the ratings. A rating that finds its evening's calculation
 * running marks the evening and returns; the running one is followed by one more, which includes
 * every rating stored meanwhile. A rating that starts a calculation waits for it (so a guest's last
 * rating, alone, has made the matches when it is answered).
 */
export interface Recalculator {
  /** After a rating is stored: calculate now, or once more after the calculation running. */
  after(eventId: number): Promise<void>;
  /** Resolves when no calculation runs (the server's close waits for it). */
  idle(): Promise<void>;
}

export function createRecalculator(calculate: (eventId: number) => Promise<void>, onBackgroundError: (err: unknown, eventId: number) => void): Recalculator {
  const running = new Map<number, Promise<void>>();
  const again = new Set<number>();

  const start = (eventId: number): Promise<void> => {
    const run = (async () => {
      try {
        await calculate(eventId);
      } finally {
        running.delete(eventId);
        if (again.delete(eventId)) void start(eventId).catch((err: unknown) => onBackgroundError(err, eventId));
      }
    })();
    running.set(eventId, run);
    return run;
  };

  return {
    after(eventId) {
      if (running.has(eventId)) {
        again.add(eventId);
        return Promise.resolve();
      }
      return start(eventId);
    },
    async idle() {
      while (running.size) await Promise.allSettled([...running.values()]);
    },
  };
}
