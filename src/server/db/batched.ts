import type { Db } from './client';

/**
 * Many asks, one statement (docs/decisions/0151): right after the bell every guest rates at once,
 * and a statement's own cost (parse, plan, run, commit) is most of what a rating costs the database.
 * An ask goes with every other one waiting as one statement (`run`): on a quiet lane after the rest of
 * the event loop's turn, at a rush after `gatherMs` (see RUSH_MS); those that arrive while it runs go
 * in the next. One lane per database: the statements follow each other, so an ask sees every one sent
 * before its batch.
 *
 * Should a batch's statement fail, nothing of it stands (one statement), and each ask runs again
 * alone, so each caller gets its own answer or its own error.
 */
export interface BatchedOptions<In, Out> {
  /** At most this many asks in one statement. */
  most: number;
  /** Asks with the same key never share a batch: the later one goes in a later statement, and sees the earlier. */
  apart?: (ask: In) => string;
  /**
   * How long the first ask of a batch waits for others, in ms (0: the rest of the event loop's turn).
   * On the embedded database nothing else runs while a statement does, so at a rush the requests are
   * read between statements a few at a time: without a wait, each statement held one or two asks
   * (measured, docs/decisions/0151). A batch that reaches `most` goes at once.
   */
  gatherMs?: number;
  /** One statement for the batch: an answer for each ask, in the batch's order. */
  run: (db: Db, batch: In[]) => Promise<Out[]>;
}

/**
 * What the statements every guest sends at once wait for others: a few milliseconds, which a guest
 * does not notice and in which, at a rush, dozens of requests reach theirs (docs/decisions/0151).
 */
export const GATHER_MS = 5;

/** At most this many asks in one statement of the burst after the bell: its 2,000 go as ten or more. */
export const MOST_TOGETHER = 200;

/**
 * A batch's answers in the batch's order, from rows that carry the place `i` each ask was given in the
 * statement's JSON; an ask with no row (refused, or no session) gets null.
 */
export function inPlace<Row extends { i: number }, Out>(rows: Row[], count: number, make: (row: Row) => Out): (Out | null)[] {
  const byPlace = new Map(rows.map((row) => [Number(row.i), row]));
  return Array.from({ length: count }, (_, i) => {
    const row = byPlace.get(i);
    return row ? make(row) : null;
  });
}

interface Waiting<In, Out> {
  ask: In;
  resolve: (out: Out) => void;
  reject: (err: unknown) => void;
}
interface Lane<In, Out> {
  /** A batch is due (gathering) or under way. */
  sending: boolean;
  queue: Waiting<In, Out>[];
  /** The gathering batch's wait, while it gathers. */
  gathering: ReturnType<typeof setTimeout> | null;
  /** performance.now() when the last batch was sent. */
  lastSent: number;
}

/**
 * A lane that sent a batch less than this long ago is at a rush: its next batch gathers for
 * `gatherMs`. A quiet lane's first ask waits only for the rest of the turn, so a lone request is
 * not slowed.
 */
export const RUSH_MS = 50;

/** The real timers, taken as this module loads, before any test fakes them. */
const nextTurn: (fn: () => void) => unknown = setImmediate;
const after: (fn: () => void, ms: number) => ReturnType<typeof setTimeout> = setTimeout;
const cancel: (t: ReturnType<typeof setTimeout>) => void = clearTimeout;

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

  /** Runs a batch: each ask gets its answer, or, should the statement fail, runs again alone. */
  async function runBatch(db: Db, batch: Waiting<In, Out>[]) {
    let answers: Out[] | null = null;
    try {
      answers = await opts.run(
        db,
        batch.map((w) => w.ask),
      );
    } catch (err) {
      if (batch.length === 1) {
        batch[0]!.reject(err);
        return;
      }
    }
    if (answers) {
      const got = answers;
      batch.forEach((w, i) => w.resolve(got[i]!));
      return;
    }
    for (const w of batch) {
      try {
        w.resolve((await opts.run(db, [w.ask]))[0]!);
      } catch (err) {
        w.reject(err);
      }
    }
  }

  /** The next batch is gathered (or sent at once when it is full); none is due when nobody waits. */
  function schedule(db: Db, lane: Lane<In, Out>) {
    if (!lane.queue.length) {
      lane.sending = false;
      return;
    }
    const rush = performance.now() - lane.lastSent < RUSH_MS;
    if (lane.queue.length >= opts.most) void send(db, lane);
    else if (opts.gatherMs && rush) lane.gathering = after(() => void send(db, lane), opts.gatherMs);
    else nextTurn(() => void send(db, lane));
  }

  async function send(db: Db, lane: Lane<In, Out>) {
    if (lane.gathering) cancel(lane.gathering);
    lane.gathering = null;
    const { batch, rest } = nextBatch(lane.queue, opts.most, apart);
    lane.queue = rest;
    lane.lastSent = performance.now();
    try {
      await runBatch(db, batch);
    } finally {
      schedule(db, lane);
    }
  }

  return (db, ask) => {
    let lane = lanes.get(db);
    if (!lane) {
      lane = { sending: false, queue: [], gathering: null, lastSent: -Infinity };
      lanes.set(db, lane);
    }
    const l = lane;
    return new Promise<Out>((resolve, reject) => {
      l.queue.push({ ask, resolve, reject });
      // A batch that is gathering goes at once when full; one under way is followed by the next.
      if (l.sending) {
        if (l.gathering && l.queue.length >= opts.most) void send(db, l);
        return;
      }
      l.sending = true;
      schedule(db, l);
    });
  };
}
