import { openDB, type IDBPDatabase } from 'idb';
import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useMemo, useSyncExternalStore } from 'react';
import { api, ApiError, messageOf, NetworkError, type SchemaArg } from './api';
import { storedUserId } from './session';

/**
 * The writes a guest makes with no connection (a rating, a reaction, the feedback form), kept on the
 * phone in IndexedDB and sent when the connection returns: in the order they were made, each
 * exactly once (its Idempotency-Key is made with it and sent with every try, and the server answers
 * a repeat with the first answer: src/server/plugins/idempotency.ts). A write the server refuses on
 * return stays here, refused, with the server's reason, until the guest dismisses it: nothing is
 * dropped without a word. docs/decisions/0051-the-evening-offline.md.
 */
export type KeptKind = 'rating' | 'reaction' | 'feedback';

export interface KeptWrite {
  /** IndexedDB's own increasing key: the order the writes were made in. */
  seq?: number;
  /** The Idempotency-Key. */
  id: string;
  userId: number;
  eventId: number;
  kind: KeptKind;
  /** What it is about (the partner rated), so a screen can show its kept value. */
  subjectId: number | null;
  method: 'POST' | 'PUT';
  url: string;
  body: unknown;
  /** What the guest sees: "Your rating of Sam: 4". */
  label: string;
  keptAt: number;
  /** The server's reason when it refused this write on return; null while it waits. */
  refusal: string | null;
  /** Query keys to read again once it is sent. */
  refresh: (readonly unknown[])[];
}

/** What a write kept offline says until it is sent (docs/decisions/0051). */
export const KEPT_ON_PHONE = 'saved on this phone, sending when you are back';

export type SendResult<T> = { kept: false; data: T } | { kept: true; write: KeptWrite };

/* ------------------------------------------------------------------ storage */

interface Store {
  all(): Promise<KeptWrite[]>;
  add(w: KeptWrite): Promise<void>;
  put(w: KeptWrite): Promise<void>;
  remove(seq: number): Promise<void>;
}

const DB_NAME = 'speed-friendship';
const STORE = 'outbox';

function indexedDbStore(): Store {
  let db: Promise<IDBPDatabase> | null = null;
  const open = () =>
    (db ??= openDB(DB_NAME, 1, {
      upgrade(d) {
        d.createObjectStore(STORE, { keyPath: 'seq', autoIncrement: true });
      },
    }));
  return {
    all: async () => ((await (await open()).getAll(STORE)) as KeptWrite[]).sort((a, b) => a.seq! - b.seq!),
    add: async (w) => {
      await (await open()).add(STORE, w);
    },
    put: async (w) => {
      await (await open()).put(STORE, w);
    },
    remove: async (seq) => {
      await (await open()).delete(STORE, seq);
    },
  };
}

/** Where there is no IndexedDB (a private window of some browsers, the component tests): kept for this page's life only. */
function memoryStore(): Store {
  let rows: KeptWrite[] = [];
  let next = 1;
  return {
    all: async () => rows.map((r) => ({ ...r })),
    add: async (w) => {
      rows.push({ ...w, seq: next++ });
    },
    put: async (w) => {
      rows = rows.map((r) => (r.seq === w.seq ? { ...w } : r));
    },
    remove: async (seq) => {
      rows = rows.filter((r) => r.seq !== seq);
    },
  };
}

let store: Store = typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore();

/* ------------------------------------------------------------------ what the screens see */

let snapshot: readonly KeptWrite[] = [];
const listeners = new Set<() => void>();

async function reload() {
  try {
    snapshot = await store.all();
  } catch (err) {
    console.error('Could not read the writes kept on this phone', err);
  }
  listeners.forEach((l) => l());
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

/** The query caches of the screens that show kept writes: a write sent (or refused) refreshes what it names in them. */
const caches = new Map<QueryClient, number>();
function refresh(keys: KeptWrite['refresh']) {
  for (const qc of caches.keys()) for (const queryKey of keys) void qc.invalidateQueries({ queryKey });
}

/** The member's kept writes (waiting and refused) for one evening, oldest first. */
export function useKeptWrites(userId: number | null, eventId: number | null): KeptWrite[] {
  const qc = useContext(QueryClientContext);
  useEffect(() => {
    if (!qc) return;
    caches.set(qc, (caches.get(qc) ?? 0) + 1);
    return () => {
      const n = (caches.get(qc) ?? 1) - 1;
      if (n > 0) caches.set(qc, n);
      else caches.delete(qc);
    };
  }, [qc]);
  const all = useSyncExternalStore(subscribe, () => snapshot);
  return useMemo(() => all.filter((w) => w.userId === userId && (eventId === null || w.eventId === eventId)), [all, userId, eventId]);
}

/** A kept write the server has just taken: said for a few seconds ("Sent"), so none vanishes without a word. */
export interface SentWrite {
  id: string;
  userId: number;
  eventId: number;
  label: string;
}

/** How long "Sent" stays on screen. */
export const SENT_SHOWN_MS = 8_000;
let sent: readonly SentWrite[] = [];

function markSent(w: KeptWrite) {
  sent = [...sent, { id: w.id, userId: w.userId, eventId: w.eventId, label: w.label }];
  setTimeout(() => {
    sent = sent.filter((s) => s.id !== w.id);
    listeners.forEach((l) => l());
  }, SENT_SHOWN_MS);
}

/** The member's kept writes of one evening sent in the last few seconds, oldest first. */
export function useSentWrites(userId: number | null, eventId: number | null): SentWrite[] {
  const all = useSyncExternalStore(subscribe, () => sent);
  return useMemo(() => all.filter((w) => w.userId === userId && (eventId === null || w.eventId === eventId)), [all, userId, eventId]);
}

/* ------------------------------------------------------------------ sending */

/** No connection, or the server briefly unavailable: keep it and try again; anything else is an answer. */
const unreachable = (err: unknown) =>
  err instanceof NetworkError || (err instanceof ApiError && (err.status === 503 || err.status === 502 || err.status === 504));

function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

const offline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

export type KeptInput = Omit<KeptWrite, 'seq' | 'id' | 'keptAt' | 'refusal'>;

/** The same thing written again: the same member's rating of the same partner, or the same form, of the same evening. */
const sameTarget = (a: KeptInput, b: KeptInput) =>
  a.userId === b.userId && a.eventId === b.eventId && a.kind === b.kind && a.subjectId === b.subjectId && a.method === b.method && a.url === b.url;

/**
 * Send a write now, or keep it when there is no connection (or when older writes of this member
 * still wait: it goes behind them). The server's refusal of a write sent now is thrown, as before.
 */
export async function sendOrKeep<T>(input: KeptInput, schema?: SchemaArg<T>): Promise<SendResult<T>> {
  const write: KeptWrite = { ...input, id: newKey(), keptAt: Date.now(), refusal: null };
  const queued = snapshot.some((w) => w.userId === input.userId && w.refusal === null);
  if (!offline() && !queued) {
    try {
      return { kept: false, data: await api<T>(input.method, input.url, input.body, schema, { 'idempotency-key': write.id }) };
    } catch (err) {
      // It may have reached the server before the connection went: the same key makes a repeat harmless.
      if (!unreachable(err)) throw err;
    }
  }
  await keep(write);
  scheduleRetry();
  if (!offline()) void flush();
  return { kept: true, write };
}

/** Writes are kept one at a time, so two taps in a row cannot both miss each other. */
let keeping: Promise<void> = Promise.resolve();

/**
 * Keep a write: one per thing written (a double tap, a changed mind), the last choice replacing the one
 * still waiting. It gets a key of its own: the server may already hold the first under the first key.
 */
function keep(write: KeptWrite): Promise<void> {
  const run = keeping.then(async () => {
    for (const w of await store.all()) if (w.refusal === null && sameTarget(w, write)) await store.remove(w.seq!);
    await store.add(write);
    await reload();
  });
  keeping = run.catch(() => undefined);
  return run;
}

let flushing: Promise<void> | null = null;

/** Send every waiting write of the signed-in member, oldest first; one run at a time. */
export function flush(): Promise<void> {
  flushing ??= sendWaiting().finally(() => {
    flushing = null;
  });
  return flushing;
}

async function sendWaiting() {
  const me = storedUserId();
  if (me === null) return;
  const waiting = (await store.all()).filter((w) => w.userId === me && w.refusal === null);
  for (const w of waiting) {
    // Replaced meanwhile by a later choice (keep): that one goes instead, in its turn.
    if (!(await store.all()).some((x) => x.seq === w.seq)) continue;
    try {
      await api(w.method, w.url, w.body, undefined, { 'idempotency-key': w.id });
      await store.remove(w.seq!);
      markSent(w);
      refresh(w.refresh);
    } catch (err) {
      // Still no way through, or signed out meanwhile: the rest waits, in order.
      if (unreachable(err) || (err instanceof ApiError && err.status === 401)) {
        scheduleRetry();
        break;
      }
      await store.put({ ...w, refusal: messageOf(err, 'The server refused it.') });
      refresh(w.refresh);
    } finally {
      await reload();
    }
  }
}

/** Forget a refused write, once the guest has read why. */
export async function dismissKept(w: KeptWrite) {
  if (w.seq !== undefined) await store.remove(w.seq);
  await reload();
}

/** While something waits: try again now and then (the phone may be "online" on a Wi-Fi that leads nowhere). */
export const RETRY_MS = 5_000;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
function scheduleRetry() {
  if (retryTimer !== null || typeof window === 'undefined') return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    if (snapshot.some((w) => w.refusal === null)) void flush();
  }, RETRY_MS);
}

if (typeof window !== 'undefined') {
  // The connection is back: send at once (within the 2 s of docs/architecture.md's offline budget).
  window.addEventListener('online', () => void flush());
  void reload().then(() => {
    if (!offline() && snapshot.some((w) => w.refusal === null)) void flush();
  });
}

/** Tests: start again with an empty store of this page's life. */
export async function resetOutboxForTests() {
  store = memoryStore();
  sent = [];
  if (retryTimer !== null) clearTimeout(retryTimer);
  retryTimer = null;
  await reload();
}
