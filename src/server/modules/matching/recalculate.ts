/**
 * Matches after a guest's last rating: at most one calculation per evening at a time, and at most
 * one begun per RECALCULATE_EVERY_MS (docs/decisions/0093, 0104). After each bell every guest rates
 * the partner they just left, and each such rating is "the last" of those met so far. A last rating
 * in a quiet evening starts a calculation and waits for it (so a guest's last rating, alone, has made
 * the matches when it is answered). One that finds a calculation running, or one begun less than
 * RECALCULATE_EVERY_MS ago, is answered at once and owed one more calculation, which begins when the
 * running one is over and the interval has passed, and includes every rating stored meanwhile.
 * A calculation a rating waited for that fails (at a rush, no pooled connection within the pool's
 * wait) is reported and owed again in its turn; the rating, which stood, is answered as stored
 * (docs/decisions/0141).
 */
export interface Recalculator {
  /** After a rating is stored: calculate now, or once more in its turn. */
  after(eventId: number): Promise<void>;
  /** Calculations owed run now; resolves when none runs (the server's close waits for it). */
  idle(): Promise<void>;
}

/**
 * The least time between the beginnings of two calculations of one evening. Decision 0104: with forty
 * evenings rating at once, back-to-back calculations (each a transaction reading and rewriting the
 * whole evening) took the embedded database's one connection from the ratings themselves.
 */
export const RECALCULATE_EVERY_MS = 2_000;

interface Evening {
  running: Promise<void> | null;
  /** A calculation is owed: it begins in its turn. */
  owed: boolean;
  timer: NodeJS.Timeout | null;
  /** performance.now() when the last calculation began. */
  began: number;
}

export function createRecalculator(
  calculate: (eventId: number) => Promise<void>,
  onError: (err: unknown, eventId: number) => void,
  everyMs = RECALCULATE_EVERY_MS,
): Recalculator {
  const evenings = new Map<number, Evening>();

  const start = (eventId: number, ev: Evening): Promise<void> => {
    if (ev.timer) clearTimeout(ev.timer);
    ev.timer = null;
    ev.owed = false;
    ev.began = performance.now();
    const run = (async () => {
      try {
        await calculate(eventId);
      } finally {
        ev.running = null;
        if (ev.owed) schedule(eventId, ev);
      }
    })();
    ev.running = run;
    return run;
  };
  const inBackground = (eventId: number, ev: Evening) => void start(eventId, ev).catch((err: unknown) => onError(err, eventId));
  /** The owed calculation, once the interval since the last one began has passed. */
  const schedule = (eventId: number, ev: Evening) => {
    const wait = ev.began + everyMs - performance.now();
    if (wait <= 0) inBackground(eventId, ev);
    else ev.timer = setTimeout(() => inBackground(eventId, ev), wait);
  };

  return {
    after(eventId) {
      if (evenings.size > 1_000) for (const [id, ev] of evenings) if (!ev.running && !ev.timer && performance.now() - ev.began >= everyMs) evenings.delete(id);
      let ev = evenings.get(eventId);
      if (!ev) {
        ev = { running: null, owed: false, timer: null, began: -Infinity };
        evenings.set(eventId, ev);
      }
      if (ev.running || ev.timer) {
        ev.owed = true;
        return Promise.resolve();
      }
      if (performance.now() - ev.began >= everyMs)
        return start(eventId, ev).catch((err: unknown) => {
          onError(err, eventId);
          ev.owed = true;
          if (!ev.running && !ev.timer) schedule(eventId, ev);
        });
      ev.owed = true;
      schedule(eventId, ev);
      return Promise.resolve();
    },
    async idle() {
      for (;;) {
        for (const [eventId, ev] of evenings) if (ev.timer) inBackground(eventId, ev);
        const running = [...evenings.values()].flatMap((ev) => (ev.running ? [ev.running] : []));
        if (!running.length) return;
        await Promise.allSettled(running);
      }
    },
  };
}
