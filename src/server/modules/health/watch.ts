import type { FastifyBaseLogger } from 'fastify';

/** How long a ping may take before the database counts as down. */
export const PING_TIMEOUT_MS = 3_000;

export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/** "12 s", "1.4 s": tenths under ten seconds. */
export function seconds(ms: number) {
  return ms < 10_000 ? (Math.max(0, ms) / 1000).toFixed(1) : String(Math.round(ms / 1000));
}

export interface DatabaseWatch {
  /** Whether an outage is under way (since a ping failed, until one answers). */
  readonly down: boolean;
  /** A probe's ping answered: ends an outage, logging how long it lasted. */
  answered(): void;
  /** A probe's ping failed: starts an outage (logged once), checked again every second until it ends. */
  failed(err: unknown): void;
  /**
   * Something failed as if the database were unreachable (a request answered 503 by the error
   * handler, the live timers' poll): during a known outage nothing more is logged; otherwise one
   * ping (shared by everyone asking meanwhile) decides between an outage starting (logged once)
   * and a failure of something else, which `otherwise` logs as the caller always did.
   */
  suspect(err: unknown, otherwise: () => void): void;
  stop(): void;
}

/**
 * A database outage logs one line when it starts and one when it ends ("database back after 12 s"),
 * however many probes and requests meet it (docs/decisions/0087). While it lasts the watch pings
 * every `recheckMs` itself, so its end is logged (and its length measured) even when nothing else
 * asks.
 */
export function databaseWatch(opts: { ping: () => Promise<void>; log: FastifyBaseLogger; now: () => number; recheckMs?: number }): DatabaseWatch {
  const { ping, log, now } = opts;
  const recheckMs = opts.recheckMs ?? 1_000;
  let downSince: number | null = null;
  let checking: Promise<boolean> | null = null;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  function failed(err: unknown) {
    if (downSince !== null || stopped) return;
    downSince = now();
    log.warn({ err }, 'the database is unreachable: /api/health and /api/health/ready answer 503, requests that need it 503 with Retry-After');
    schedule();
  }

  function answered() {
    if (downSince === null) return;
    const ms = now() - downSince;
    downSince = null;
    clearTimeout(timer);
    log.info({ outageMs: ms }, `database back after ${seconds(ms)} s`);
  }

  /** One ping at a time; resolves whether the database answered. */
  function check(): Promise<boolean> {
    checking ??= withTimeout(ping(), PING_TIMEOUT_MS)
      .then(
        () => {
          answered();
          return true;
        },
        (err: unknown) => {
          failed(err);
          return false;
        },
      )
      .finally(() => {
        checking = null;
      });
    return checking;
  }

  function schedule() {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => {
      void check().then(() => {
        if (downSince !== null) schedule();
      });
    }, recheckMs);
    timer.unref();
  }

  return {
    get down() {
      return downSince !== null;
    },
    answered,
    failed,
    suspect(_err, otherwise) {
      if (downSince !== null || stopped) return;
      void check().then((up) => {
        if (up) otherwise();
      });
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
