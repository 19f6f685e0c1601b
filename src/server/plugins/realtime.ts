import { EventEmitter } from 'node:events';
import websocket from '@fastify/websocket';
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { WebSocket as Socket } from 'ws';
import type { TimerAnnouncement, TimerState } from '@shared/domain/timer';
import type { CheckInMethod } from '@shared/schemas/door';
import type { InboxMessage } from '@shared/schemas/messages';
import type { Database } from '../db/client';
import { oneSendAtATime } from '../lib/one-send-at-a-time';

/**
 * What crosses instances: "event N changed". A timer change carries the state just written (a few
 * numbers), so no instance reads it back; without it, instances read it from the database.
 */
export type BusMessage =
  | {
      eventId: number;
      kind: 'timer';
      announce: TimerAnnouncement | 'timer_sync';
      state?: TimerState;
      /**
       * At a round start: whether the evening's rotation was (re)written ('written') or stood as
       * planned ('kept'). Instances keep the evening's places and read them again only after a
       * write (or when a sender did not say), docs/decisions/0025.
       */
      plan?: 'written' | 'kept';
    }
  /** Contacts were released: pages show the matches' contact details. */
  | { eventId: number; kind: 'contacts_released' }
  /** A rating arrived: hosts refresh the progress. */
  | { eventId: number; kind: 'ratings_updated' }
  /** The conversation guide changed. */
  | { eventId: number; kind: 'guide_updated' }
  /** A host message and the guests it went to (carried whole: at most 500 characters and an evening's ids, well under NOTIFY's 8000 bytes). */
  | { eventId: number; kind: 'host_message'; message: InboxMessage; recipients: number[] }
  /** Messages read or acknowledged: hosts refresh their counts, `userId`'s other devices their inbox. */
  | { eventId: number; kind: 'messages_updated'; userId?: number }
  /**
   * Check-ins or arrival reports changed: hosts refresh the door, the guests named their own state.
   * `states`: a named guest's check-in as the change left it (ISO time, null: not checked in), which
   * their phone takes as it is instead of reading the evening again (docs/decisions/0139), and how,
   * which the hosts' desks apply to their list (0142; an older sender leaves `method` out).
   */
  | {
      eventId: number;
      kind: 'checkins_updated';
      userIds: number[];
      states?: { userId: number; checkedInAt: string | null; method?: CheckInMethod | null }[];
    }
  /** The evening was planned ahead of its start (docs/decisions/0029): instances forget the places they kept. */
  | { eventId: number; kind: 'rotation_planned' }
  /** A host removed a guest (docs/decisions/0042): the guest's phone is told, and the evening's places are read again. */
  | { eventId: number; kind: 'guest_removed'; userId: number };

/**
 * A session ended (logout, suspension, deletion, a role taken away): said by the database itself
 * when the change commits (migration 0015), on the same channel. `session` is the start of the
 * ended session's token hash; without it, every session of the user ended (or their roles changed).
 */
export interface SessionEnded {
  kind: 'session_ended';
  userId: number;
  session?: string;
}

const isSessionEnded = (m: { kind?: unknown }): m is SessionEnded => m.kind === 'session_ended';

/** Tells every instance (this one included) what changed; each instance's subscribers hear every message. */
export interface MessageBus {
  publish(m: BusMessage): Promise<void>;
  subscribe(fn: (m: BusMessage) => void): void;
  /** Sessions that ended, on every instance (a socket opened with one closes, modules/live/socket.ts). */
  sessionEnded(fn: (m: SessionEnded) => void): void;
  /**
   * Called when this instance hears the bus again after losing it (its listening connection dropped
   * and came back): whatever was said meanwhile was missed, and what it kept may be stale.
   */
  resumed(fn: () => void): void;
}

interface Bus extends MessageBus {
  /** Settles once the bus first tries to listen (so a started instance hears every change). */
  ready?: Promise<void>;
  close(): Promise<void>;
}

const CHANNEL = 'sf_live';
/**
 * Several messages in one statement, each its own notification, heard in the order given (a volatile
 * function in the select list runs after ORDER BY). Two identical payloads in it reach listeners once
 * (PostgreSQL's NOTIFY within one transaction), which every message here allows: each says what changed,
 * not how often (docs/decisions/0137).
 */
const NOTIFY_EACH = 'SELECT pg_notify($1, p) FROM unnest($2::text[]) WITH ORDINALITY AS t(p, i) ORDER BY i';
/** At most this many messages to one statement (each at most 8000 bytes: NOTIFY's limit). */
const MOST_NOTIFIED_TOGETHER = 200;

/**
 * How often every open socket is pinged (ms). A proxy ends a connection that carries nothing for
 * its read timeout (nginx's default is 60 s, deploy/nginx/speed-friendship.conf sets 75 s for
 * /ws), and a round can run for minutes without a message; a phone that has gone (no pong by the
 * next ping) is closed instead of being written to all evening. docs/decisions/0033-production-behind-nginx.md
 */
export const PING_INTERVAL_MS = 25_000;
/** The WebSocket close code for "this server is restarting: connect again now" (RFC 6455, IANA registry). */
export const SERVICE_RESTART = 1012;
/** The close code for "the session that opened this socket has ended" (the application's range, 4000-4999). */
export const SESSION_ENDED = 4401;

/**
 * In one process (embedded database): an event emitter; what the database's triggers say (a session
 * ending) comes through PGlite's LISTEN.
 */
function localBus(listen: Database['listen'], log: { warn(o: unknown, m?: string): void }): Bus {
  const e = new EventEmitter();
  e.setMaxListeners(0);
  const stop = listen?.(CHANNEL, (payload) => {
    try {
      const m = JSON.parse(payload) as { kind?: unknown };
      if (isSessionEnded(m)) e.emit('session', m);
    } catch (err) {
      log.warn({ err }, 'bad live notification');
    }
  });
  return {
    ready: stop?.then(() => undefined),
    async publish(m) {
      e.emit('m', m);
    },
    subscribe(fn) {
      e.on('m', fn);
    },
    sessionEnded(fn) {
      e.on('session', fn);
    },
    // One process: nothing can be missed.
    resumed() {},
    async close() {
      e.removeAllListeners();
      await (await stop)?.().catch(() => {});
    },
  };
}

/** Across instances on PostgreSQL: LISTEN/NOTIFY on a dedicated connection, reconnecting if it drops. */
function pgBus(pool: pg.Pool, listener: () => pg.Client, log: { warn(o: unknown, m?: string): void }): Bus {
  const handlers: ((m: BusMessage) => void)[] = [];
  const sessionHandlers: ((m: SessionEnded) => void)[] = [];
  const onResumed: (() => void)[] = [];
  let client: pg.Client | null = null;
  let closed = false;
  let listenedBefore = false;
  const retry = () => {
    if (!closed) setTimeout(() => void connect(), 1000).unref();
  };
  const connect = async () => {
    const c = listener();
    c.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        const m = JSON.parse(n.payload) as BusMessage | SessionEnded;
        if (isSessionEnded(m)) sessionHandlers.forEach((h) => h(m));
        else handlers.forEach((h) => h(m));
      } catch (err) {
        log.warn({ err }, 'bad live notification');
      }
    });
    c.on('error', () => {
      if (client === c) client = null;
      c.end().catch(() => {});
      retry();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CHANNEL}`);
      if (closed) {
        await c.end();
        return;
      }
      client = c;
      // Listening again after a drop: tell the subscribers, who read back what they may have missed.
      if (listenedBefore) onResumed.forEach((fn) => fn());
      listenedBefore = true;
    } catch (err) {
      log.warn({ err }, 'live bus: could not listen, retrying');
      c.end().catch(() => {});
      retry();
    }
  };
  const first = connect();
  // At a rush (the door, the bell) an instance says hundreds of changes a second: those said while a
  // NOTIFY is under way go together in the next statement, in order (docs/decisions/0137).
  // On a pooled connection, not the listening one: tried, and at 10,000 guests the night was worse in
  // every run (docs/decisions/0141, "Tried and not kept").
  const notify = oneSendAtATime(async (payloads: string[]) => {
    if (payloads.length === 1) await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, payloads[0]]);
    else await pool.query(NOTIFY_EACH, [CHANNEL, payloads]);
  }, MOST_NOTIFIED_TOGETHER);
  return {
    ready: first,
    publish: (m) => notify(JSON.stringify(m)),
    subscribe(fn) {
      handlers.push(fn);
    },
    sessionEnded(fn) {
      sessionHandlers.push(fn);
    },
    resumed(fn) {
      onResumed.push(fn);
    },
    async close() {
      closed = true;
      const c = client;
      client = null;
      if (c) await c.end().catch(() => {});
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    bus: MessageBus;
    /** Tells every phone 1012 Service Restart (reconnect now); one that does not answer is cut after a second. */
    sendPhonesElsewhere: () => void;
  }
}

/**
 * The realtime transport: the WebSocket server and the message bus between instances (an event
 * emitter on the embedded database, LISTEN/NOTIFY on PostgreSQL). What travels on it, and the
 * /ws route, belong to the live module (src/server/modules/live).
 */
export const realtimePlugin = fp<{ database: Database; pingMs?: number }>(
  async (app, { database, pingMs = PING_INTERVAL_MS }) => {
    await app.register(websocket, {
      options: { maxPayload: 4096 },
      // Closing (a SIGTERM, docs/decisions/0036): every phone is told 1012 Service Restart, which the
      // client answers by reconnecting at once (src/client/lib/live-socket.ts), through the proxy to
      // another instance or to this one restarted. A phone that does not answer the close is cut after
      // a second, so that the server can close.
      preClose(done) {
        const cut = sendPhonesElsewhere();
        app.websocketServer.close(() => clearTimeout(cut));
        done();
      },
    });
    function sendPhonesElsewhere() {
      const wss = app.websocketServer;
      for (const client of wss.clients) client.close(SERVICE_RESTART, 'Server restarting');
      const cut = setTimeout(() => wss.clients.forEach((client) => client.terminate()), 1000);
      cut.unref();
      return cut;
    }
    // Called first on SIGTERM (src/server/main.ts), before the connections are drained (docs/decisions/0132).
    app.decorate('sendPhonesElsewhere', () => void sendPhonesElsewhere());
    // Heartbeat: ping each socket; one that has not answered the previous ping is ended.
    const answered = new WeakSet<object>();
    app.websocketServer.on('connection', (ws: Socket) => {
      answered.add(ws);
      ws.on('pong', () => answered.add(ws));
    });
    const heartbeat = setInterval(() => {
      for (const ws of app.websocketServer.clients) {
        if (!answered.has(ws)) {
          ws.terminate();
          continue;
        }
        answered.delete(ws);
        ws.ping();
      }
    }, pingMs);
    heartbeat.unref();
    const bus =
      database.kind === 'postgres' && database.pool && database.listener
        ? pgBus(database.pool, database.listener, app.log)
        : localBus(database.listen, app.log);
    await bus.ready;
    app.decorate('bus', {
      publish: (m: BusMessage) => bus.publish(m),
      subscribe: (fn: (m: BusMessage) => void) => bus.subscribe(fn),
      sessionEnded: (fn: (m: SessionEnded) => void) => bus.sessionEnded(fn),
      resumed: (fn: () => void) => bus.resumed(fn),
    });
    app.addHook('onClose', async () => {
      clearInterval(heartbeat);
      await bus.close();
    });
  },
  { name: 'realtime', dependencies: ['db'] },
);
