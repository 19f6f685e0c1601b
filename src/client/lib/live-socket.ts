import { QueryClientContext, type QueryClient } from '@tanstack/react-query';
import { useContext, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ClientMessage, ServerMessage, TimerStateMessage } from '@shared/realtime';
import { secondsLeft } from './format';
import { readLiveMemory, rememberHeard, rememberState } from './live-memory';
import { applyToCache, askAgainWhatFailed, readAgainWhatWasMissed } from './live-cache';
import { queryKeys } from './query-keys';

/**
 * One socket per (event, user) on /ws, shared by every component that listens. It reconnects
 * (every RETRY_MS, once the server answers a plain request), reads every message (readServerMessage), keeps the last timer state and
 * the server clock offset, and never needs a tick from the server: remaining time is computed
 * locally from `endsAt`. Every message is applied once to the shared query keys (applyToCache).
 */
export type ConnectionStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** Every type of message the server sends (the compiler checks the list against the shared union). */
const SERVER_TYPES: Record<ServerMessage['type'], true> = {
  timer_sync: true,
  timer_update: true,
  timer_started: true,
  timer_paused: true,
  grace_started: true,
  round_complete: true,
  event_ended: true,
  contacts_released: true,
  ratings_updated: true,
  guide_updated: true,
  guide_question: true,
  host_message: true,
  inbox_updated: true,
  messages_updated: true,
  checkins_updated: true,
  guest_removed: true,
  error: true,
};

// Development and tests only (the production build drops it, and zod with it): the shared union.
const union = import.meta.env.DEV ? (await import('@shared/realtime')).serverMessage : null;

/**
 * A message from our own server, read as its HTTP answers are (lib/api.ts): in development checked
 * against the shared union, in production by its type only, so zod stays off the live evening's
 * page (docs/decisions/0026). Null, and reported, when it is not one of ours.
 */
export function readServerMessage(text: string): ServerMessage | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (err) {
    console.error('Socket message parse error', err);
    return null;
  }
  const type = data && typeof data === 'object' ? (data as { type?: unknown }).type : undefined;
  if (typeof type !== 'string' || !Object.hasOwn(SERVER_TYPES, type)) {
    console.error('Socket message of no known type', type);
    return null;
  }
  if (union) {
    const parsed = union.safeParse(data);
    if (!parsed.success) {
      console.error('Socket message parse error', parsed.error);
      return null;
    }
    return parsed.data;
  }
  return data as ServerMessage;
}

type Listener = (m: ServerMessage) => void;

/**
 * The wait between two tries after a drop, each a cheap question (REACHABLE_URL) before a socket:
 * a phone whose connection returns is back on the evening within about this and one round trip,
 * and its first message is the whole state (one sync; docs/decisions/0051).
 */
export const RETRY_MS = 500;

/**
 * Asked (a plain fetch: no database behind it, never cached, nothing logged) before each new socket
 * after an ordinary drop, so a phone whose line is down does not pile up failed sockets: Chromium
 * delays every new WebSocket of a page by up to 5 s once many have failed (its per-process
 * WebSocket throttle), which held a phone back 4-6 s after a two-minute cut (docs/decisions/0051).
 */
export const REACHABLE_URL = '/api/ping';
/** How long the question waits for an answer before counting the line as still down. */
export const REACHABLE_TIMEOUT_MS = 3_000;

/**
 * Whether the server can be reached: any answer of its own counts, a gateway's "no upstream"
 * (502-504, nginx in front of a stopped instance) and no answer do not.
 */
export async function reachable(): Promise<boolean> {
  try {
    const signal = typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(REACHABLE_TIMEOUT_MS) : undefined;
    const res = await fetch(REACHABLE_URL, { cache: 'no-store', credentials: 'omit', signal });
    return res.status < 502 || res.status > 504;
  } catch {
    return false;
  }
}

/** The close code the server sends when it shuts down (src/server/plugins/realtime.ts): reconnect now. */
export const SERVICE_RESTART = 1012;
/**
 * The close code the server sends when the socket's session ended (logout, suspension, deletion, a
 * role taken away, expiry: docs/decisions/0061): no retry, which would only be refused; the session
 * is read again, so the page shows what a visitor sees.
 */
export const SESSION_ENDED = 4401;
/** A 1012 reconnects within this many milliseconds (a random share of it, so a room does not arrive at once). */
export const RESTART_JITTER_MS = 250;

interface Channel {
  key: string;
  ws: WebSocket | null;
  status: ConnectionStatus;
  timer: TimerStateMessage | null;
  /** Server clock minus this phone's (ms): the best measured since the socket opened (keptOffset). */
  offset: number;
  /** When (this phone's clock) the server was last heard: kept across reloads (./live-memory.ts). */
  heardAt: number | null;
  listeners: Set<Listener>;
  watchers: Set<() => void>;
  refs: number;
  retryTimer: number | null;
  lastError: string | null;
  /** The host removed this guest from the evening (guest_removed, docs/decisions/0042). */
  removed: boolean;
  /** The app's query cache, when there is one (a bare hook in a test has none). */
  qc: QueryClient | null;
  /** The server has spoken on this socket since it opened: its first message says the phone is in the room. */
  heardSinceOpen: boolean;
  connect(): void;
  /** After an ordinary drop: wait RETRY_MS, ask whether the server answers, then open (or wait again). */
  retryLater(): void;
  /** The phone went offline: close the socket at once and wait for the line. */
  drop(): void;
  /** The server is still heard now (kept for a reload). */
  heard(): void;
  heardTimer: number | null;
}

const channels = new Map<string, Channel>();

/** How often an open socket notes that the server is still heard (for 'Last heard 0:42 ago' after a reload). */
export const HEARD_EVERY_MS = 5_000;

// The phone says its connection is back: every channel waiting to retry tries now.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    channels.forEach((ch) => {
      if (ch.retryTimer === null || ch.ws) return;
      window.clearTimeout(ch.retryTimer);
      ch.retryTimer = null;
      ch.connect();
    });
  });
  // The phone says its connection is gone: a socket may stay 'open' for a long while on a dead line
  // (no close ever arrives), which showed 'Live' and let the host send commands into nothing. Drop it
  // now: the screens say they are not synchronized, and the retries wait for the line (docs/decisions/0065).
  window.addEventListener('offline', () => channels.forEach((ch) => ch.drop()));
  // Leaving or reloading the page: note that the server was heard until now.
  window.addEventListener('pagehide', () => channels.forEach((ch) => ch.status === 'open' && ch.heard()));
}

function open(eventId: number, userId: number, isHost: boolean, qc: QueryClient | null): Channel {
  const key = `${eventId}:${userId}:${isHost ? 1 : 0}`;
  const existing = channels.get(key);
  if (existing) {
    existing.qc ??= qc;
    return existing;
  }
  // What the phone last heard of this evening, even before a reload (./live-memory.ts): the screens
  // show it, with its clock counted from its end instant, until the socket speaks.
  const memory = readLiveMemory(eventId, userId);
  const ch: Channel = {
    key,
    ws: null,
    status: 'connecting',
    timer: memory
      ? {
          ...memory.state,
          ...(memory.places && memory.places.round === memory.state.currentRound ? { mine: memory.places.mine, upNext: memory.places.upNext } : {}),
        }
      : null,
    offset: memory?.offset ?? 0,
    heardAt: memory?.heardAt ?? null,
    heardTimer: null,
    listeners: new Set(),
    watchers: new Set(),
    refs: 0,
    retryTimer: null,
    lastError: null,
    removed: false,
    qc,
    heardSinceOpen: false,
    connect() {
      const proto = location.protocol === 'https:' ? 'wss' : 'ws';
      const ws = new WebSocket(`${proto}://${location.host}/ws?eventId=${eventId}&userId=${userId}&isHost=${isHost}`);
      ch.ws = ws;
      ws.onopen = () => {
        ch.status = 'open';
        ch.heard();
        if (ch.qc) askAgainWhatFailed(ch.qc, eventId);
        ch.heardSinceOpen = false;
        if (ch.heardTimer === null) ch.heardTimer = window.setInterval(() => ch.status === 'open' && ch.heard(), HEARD_EVERY_MS);
        notify(ch);
      };
      ws.onmessage = (e) => {
        const m = readServerMessage(String(e.data));
        if (!m) return;
        const before = ch.timer;
        const first = !ch.heardSinceOpen;
        // The first message follows the server's putting this socket in the evening's room: news from
        // then on arrives; what was said before, since the page read it, is read again (decision 0142).
        if (first && ch.qc) readAgainWhatWasMissed(ch.qc, eventId);
        ch.heardSinceOpen = true;
        if ('serverNow' in m) {
          const now = Date.now();
          ch.offset = keptOffset(first ? null : ch.offset, m.serverNow - now);
          ch.timer = m;
          ch.heardAt = now;
          rememberState(eventId, userId, m, ch.offset, now);
        }
        if (ch.qc) applyToCache(ch.qc, eventId, userId, before, m, ch.offset);
        if (m.type === 'error') ch.lastError = m.message;
        if (m.type === 'guest_removed') ch.removed = true;
        ch.listeners.forEach((l) => l(m));
        notify(ch);
      };
      ws.onclose = (e) => {
        if (ch.ws !== ws) return;
        ch.ws = null;
        if (ch.status === 'open') ch.heard();
        if (ch.refs <= 0) {
          ch.status = 'closed';
          return;
        }
        if (e.code === SESSION_ENDED) {
          ch.status = 'closed';
          notify(ch);
          void ch.qc?.invalidateQueries({ queryKey: queryKeys.me() });
          return;
        }
        ch.status = 'reconnecting';
        notify(ch);
        // 1012 Service Restart: the server is shutting down and said so (docs/decisions/0036).
        // Another instance (or this one restarted) takes the phone at once; the jitter spreads a
        // room's phones over a quarter of a second, and the back-off does not grow.
        if (e.code === SERVICE_RESTART) {
          ch.retryTimer = window.setTimeout(
            () => {
              ch.retryTimer = null;
              ch.connect();
            },
            Math.floor(Math.random() * RESTART_JITTER_MS),
          );
          return;
        }
        ch.retryLater();
      };
    },
    retryLater() {
      ch.retryTimer = window.setTimeout(() => {
        // Still waiting (not left, not reconnected by the 'online' event meanwhile): ask first, then open.
        void reachable().then((up) => {
          if (ch.retryTimer !== waiting || ch.refs <= 0 || ch.ws) return;
          ch.retryTimer = null;
          if (up) ch.connect();
          else ch.retryLater();
        });
      }, RETRY_MS);
      const waiting = ch.retryTimer;
    },
    drop() {
      const ws = ch.ws;
      if (!ws || ch.refs <= 0) return;
      if (ch.status === 'open') ch.heard();
      ch.ws = null;
      ws.onopen = ws.onmessage = ws.onclose = null;
      ws.close();
      ch.status = 'reconnecting';
      notify(ch);
      if (ch.retryTimer === null) ch.retryLater();
    },
    heard() {
      ch.heardAt = Date.now();
      rememberHeard(eventId, userId, ch.heardAt);
    },
  };
  channels.set(key, ch);
  ch.connect();
  return ch;
}

function notify(ch: Channel) {
  ch.watchers.forEach((w) => w());
}

function release(ch: Channel) {
  ch.refs--;
  if (ch.refs > 0) return;
  if (ch.retryTimer) window.clearTimeout(ch.retryTimer);
  if (ch.heardTimer !== null) window.clearInterval(ch.heardTimer);
  if (ch.status === 'open') ch.heard();
  channels.delete(ch.key);
  ch.ws?.close();
}

/**
 * The server clock offset (server minus phone, ms) to count with, given the one kept since the socket
 * opened (null for the first state of an opening) and one just measured from a state's serverNow
 * (docs/decisions/0143). A measurement is never above the true offset: the state left the server at
 * serverNow and took time to arrive and be read, a second or more on a busy phone or Wi-Fi (the bell
 * goes to the whole room at once). So the highest since the opening stands, and a lower one was late,
 * not a clock that moved; each opening measures afresh, so a phone whose clock was set counts right
 * again from its next connection.
 */
export const keptOffset = (kept: number | null, measured: number): number => (kept === null || measured > kept ? measured : kept);

export interface LiveSocket {
  status: ConnectionStatus;
  timer: TimerStateMessage | null;
  /** Server clock minus local clock, ms. */
  offset: number;
  /** When (this phone's clock, ms) the server was last heard, also before a reload; null if never. */
  heardAt: number | null;
  lastError: string | null;
  /** The host removed this guest from the evening: the live screens say so. */
  removed: boolean;
  send(m: ClientMessage): boolean;
}

/**
 * Join an event's live channel while mounted. `onMessage` sees every parsed server message
 * (round complete, contacts released, …). Pass eventId/userId null to stay disconnected.
 */
export function useLiveSocket(eventId: number | null, userId: number | null, isHost: boolean, onMessage?: Listener): LiveSocket {
  const [ch, setCh] = useState<Channel | null>(null);
  // Optional on purpose: without a QueryClientProvider the socket still works, it just has no cache to update.
  const qc = useContext(QueryClientContext) ?? null;
  const handler = useRef(onMessage);
  useEffect(() => {
    handler.current = onMessage;
  });

  useEffect(() => {
    if (!eventId || !userId) return;
    const c = open(eventId, userId, isHost, qc);
    c.refs++;
    const l: Listener = (m) => handler.current?.(m);
    c.listeners.add(l);
    setCh(c);
    return () => {
      c.listeners.delete(l);
      release(c);
      setCh(null);
    };
  }, [eventId, userId, isHost, qc]);

  const snapshot = useSyncExternalStore(
    (cb) => {
      if (!ch) return () => {};
      ch.watchers.add(cb);
      return () => ch.watchers.delete(cb);
    },
    () => (ch ? `${ch.status}|${ch.timer?.version ?? -1}|${ch.timer?.phase ?? ''}|${ch.timer?.serverNow ?? 0}|${ch.lastError ?? ''}|${ch.removed}` : 'none'),
  );
  void snapshot;

  return {
    status: ch?.status ?? 'connecting',
    timer: ch?.timer ?? null,
    offset: ch?.offset ?? 0,
    heardAt: ch?.heardAt ?? null,
    lastError: ch?.lastError ?? null,
    removed: ch?.removed ?? false,
    send(m) {
      if (ch?.ws?.readyState !== WebSocket.OPEN) return false;
      ch.ws.send(JSON.stringify(m));
      return true;
    },
  };
}

/**
 * Seconds left on the timer now, counted locally from endsAt with the server clock offset. While it
 * runs, the screen is drawn again once a second, just after the second shown changes (not on a
 * fixed beat, which would draw the same number several times or show it late): a phone that shows
 * the clock all evening in a dim bar spends its battery on nothing else.
 */
export function useRemainingSeconds(timer: TimerStateMessage | null, offset: number): number {
  const [, force] = useState(0);
  const endsAt = !!timer && (timer.phase === 'active' || timer.phase === 'grace') ? timer.endsAt : null;
  useEffect(() => {
    if (endsAt === null) return;
    let id = 0;
    const wake = () => {
      const left = endsAt - (Date.now() + offset);
      // secondsLeft rounds up: the number shown drops when `left` reaches the next whole second below.
      const wait = left > 0 ? ((left - 1) % 1000) + 1 : 1000;
      id = window.setTimeout(() => {
        force((n) => n + 1);
        wake();
      }, wait);
    };
    wake();
    return () => window.clearTimeout(id);
  }, [endsAt, offset]);
  if (!timer) return 0;
  if (endsAt !== null) return secondsLeft(endsAt - (Date.now() + offset));
  return timer.timeRemaining;
}
