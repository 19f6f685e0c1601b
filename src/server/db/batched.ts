import type { Db } from './client';

/**
 * Many asks, one statement (docs/decisions/0151): right after the bell every guest rates at once,
 * and a statement's own cost (parse, plan, run, commit) is most of what a rating costs the database.
 * An ask waits for the rest of the event loop's turn, in which the requests that came in with it reach
 * theirs, then goes with every other one waiting as one statement (`run`); those that arrive while it
 * runs go in the next. One lane per database: the statements follow each other, so an ask sees every
 * one sent before its batch.
 *
 * Should a batch's statement fail, nothing of it stands (one statement), and each ask runs again
 * alone, so each caller gets its own answer or its own error.
 */
export interface BatchedOptions<In, Out> {
  /** At most this many asks in one statement. */
  most: number;
  /** Asks with the same key never share a batch: the later one goes in a later statement, and sees the earlier. */
  apart?: (ask: In) => string;
  /** One statement for the batch: an answer for each ask, in the batch's order. */
  run: (db: Db, batch: In[]) => Promise<Out[]>;
}

interface Waiting<In, Out> {
  ask: In;
  resolve: (out: Out) => void;
  reject: (err: unknown) => void;
}
interface Lane<In, Out> {
  /** A batch is due (on the next turn) or under way. */
  sending: boolean;
  queue: Waiting<In, Out>[];
}

/** The real setImmediate, taken as this module loads, before any test fakes the timers. */
const nextTurn: (fn: () => void) => unknown = setImmediate;

/** The next batch from the queue: in the order asked, at most `most`, at most one ask per `apart` key. */
export function nextBatch<T>(queue: T[], most: number, apart?: (x: T) => string): { batch: T[]; rest: T[] } {
  const batch: T[] = [];
  const rest: T[] = [];
  const keys = new Set<string>();
  for (const x of queue) {
    const key = apart?.(x);
    if (batch.length < most && (key === undefined || !keys.has(key))) {
      if (key !== undefined) keys.add(key);
      batch.push(x);
    } else rest.push(x);
  }
  return { batch, rest };
}

/** An ask answered with those asked beside it (see above). */
export function batched<In, Out>(opts: BatchedOptions<In, Out>): (db: Db, ask: In) => Promise<Out> {
  const lanes = new WeakMap<Db, Lane<In, Out>>();
  const apart = opts.apart ? (w: Waiting<In, Out>) => opts.apart!(w.ask) : undefined;

  async function send(db: Db, lane: Lane<In, Out>) {
    try {
      while (lane.queue.length) {
        const { batch, rest } = nextBatch(lane.queue, opts.most, apart);
        lane.queue = rest;
        let answers: Out[] | null = null;
        try {
          answers = await opts.run(
            db,
            batch.map((w) => w.ask),
          );
        } catch (err) {
          if (batch.length === 1) {
            batch[0]!.reject(err);
            continue;
          }
        }
        if (answers) {
          const got = answers;
          batch.forEach((w, i) => w.resolve(got[i]!));
          continue;
        }
        for (const w of batch) {
          try {
            w.resolve((await opts.run(db, [w.ask]))[0]!);
          } catch (err) {
            w.reject(err);
          }
        }
      }
    } finally {
      lane.sending = false;
    }
  }

  return (db, ask) => {
    let lane = lanes.get(db);
    if (!lane) {
      lane = { sending: false, queue: [] };
      lanes.set(db, lane);
    }
    const l = lane;
    return new Promise<Out>((resolve, reject) => {
      l.queue.push({ ask, resolve, reject });
      if (l.sending) return;
      l.sending = true;
      nextTurn(() => void send(db, l));
    });
  };
}
