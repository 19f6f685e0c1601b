import { EventEmitter } from 'node:events';
import websocket from '@fastify/websocket';
import type { WebSocket } from '@fastify/websocket';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type pg from 'pg';
import type { TimerAnnouncement } from '@shared/domain/timer';
import { clientMessage, socketQuery, type ServerMessage } from '@shared/realtime';
import type { Database } from '../db/client';
import { AppError, forbidden, unauthenticated } from '../errors';
import type { Viewer } from '../modules/auth/service';
import * as live from '../modules/live/service';

/** What crosses instances: "event N changed", never the state itself (that is read from the database). */
type BusMessage = { eventId: number; kind: 'timer'; announce: TimerAnnouncement | 'timer_sync' } | { eventId: number; kind: 'contacts_released' | 'ratings_updated' };

interface Bus {
  /** Settles once the bus first tries to listen (so a started instance hears every change). */
  ready?: Promise<void>;
  publish(m: BusMessage): Promise<void>;
  subscribe(fn: (m: BusMessage) => void): void;
  close(): Promise<void>;
}

const CHANNEL = 'sf_live';

/** In one process (embedded database): an event emitter. */
function localBus(): Bus {
  const e = new EventEmitter();
  e.setMaxListeners(0);
  return {
    async publish(m) {
      e.emit('m', m);
    },
    subscribe(fn) {
      e.on('m', fn);
    },
    async close() {
      e.removeAllListeners();
    },
  };
}

/** Across instances on PostgreSQL: LISTEN/NOTIFY on a dedicated connection, reconnecting if it drops. */
function pgBus(pool: pg.Pool, listener: () => pg.Client, log: { warn(o: unknown, m?: string): void }): Bus {
  const handlers: ((m: BusMessage) => void)[] = [];
  let client: pg.Client | null = null;
  let closed = false;
  const retry = () => {
    if (!closed) setTimeout(() => void connect(), 1000).unref();
  };
  const connect = async () => {
    const c = listener();
    c.on('notification', (n) => {
      if (n.channel !== CHANNEL || !n.payload) return;
      try {
        const m = JSON.parse(n.payload) as BusMessage;
        handlers.forEach((h) => h(m));
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
    } catch (err) {
      log.warn({ err }, 'live bus: could not listen, retrying');
      c.end().catch(() => {});
      retry();
    }
  };
  const first = connect();
  return {
    ready: first,
    async publish(m) {
      await pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(m)]);
    },
    subscribe(fn) {
      handlers.push(fn);
    },
    async close() {
      closed = true;
      const c = client;
      client = null;
      if (c) await c.end().catch(() => {});
    },
  };
}

interface Conn {
  ws: WebSocket;
  userId: number;
  host: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    live: {
      publishTimer(eventId: number, announce: TimerAnnouncement | 'timer_sync'): Promise<void>;
      publish(eventId: number, kind: 'contacts_released' | 'ratings_updated'): Promise<void>;
      deps(): live.LiveDeps;
    };
  }
}

/**
 * The live socket: one authoritative timer per event, persisted; each instance keeps only its
 * own sockets and a timeout for the next due transition, and hears changes over the bus.
 */
export const realtimePlugin = fp<{ database: Database; pollMs?: number }>(
  async (app, { database, pollMs = 1000 }) => {
    await app.register(websocket, { options: { maxPayload: 4096 } });
    const bus = database.kind === 'postgres' && database.pool && database.listener ? pgBus(database.pool, database.listener, app.log) : localBus();
    await bus.ready;
    const rooms = new Map<number, Set<Conn>>();
    const timeouts = new Map<number, NodeJS.Timeout>();

    const deps = (): live.LiveDeps => ({ db: app.db, publish: (eventId, announce) => bus.publish({ eventId, kind: 'timer', announce }) });

    const send = (ws: WebSocket, m: ServerMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m));
    };

    function schedule(eventId: number, endsAt: number | null) {
      const old = timeouts.get(eventId);
      if (old) clearTimeout(old);
      timeouts.delete(eventId);
      if (endsAt === null) return;
      const t = setTimeout(() => {
        timeouts.delete(eventId);
        live.runDue(deps(), eventId).catch((err) => app.log.error({ err }, 'timer transition failed'));
      }, Math.max(0, endsAt - Date.now()) + 5);
      t.unref();
      timeouts.set(eventId, t);
    }

    bus.subscribe((m) => {
      void (async () => {
        if (m.kind === 'timer') {
          const state = await live.timerState(app.db, m.eventId);
          schedule(m.eventId, state.phase === 'active' || state.phase === 'grace' ? state.endsAt : null);
          const room = rooms.get(m.eventId);
          if (!room?.size) return;
          const msg = live.stateMessage(m.announce, state);
          for (const c of room) send(c.ws, msg as ServerMessage);
        } else {
          const room = rooms.get(m.eventId);
          for (const c of room ?? []) {
            if (m.kind === 'ratings_updated' && !c.host) continue;
            send(c.ws, { type: m.kind, eventId: m.eventId });
          }
        }
      })().catch((err) => app.log.error({ err }, 'live broadcast failed'));
    });

    // After a restart (or on a second instance) pick up running timers, and poll as a safety net.
    for (const t of await live.runningTimers(app.db)) schedule(t.eventId, t.endsAt);
    const poll = setInterval(() => {
      live
        .dueTimers(app.db)
        .then((ids) => Promise.all(ids.map((id) => live.runDue(deps(), id))))
        .catch((err) => app.log.warn({ err }, 'timer poll failed'));
    }, pollMs);
    poll.unref();

    app.decorate('live', {
      publishTimer: (eventId, announce) => bus.publish({ eventId, kind: 'timer', announce }),
      publish: (eventId, kind) => bus.publish({ eventId, kind }),
      deps,
    });

    app.addHook('onClose', async () => {
      clearInterval(poll);
      timeouts.forEach((t) => clearTimeout(t));
      await bus.close();
    });

    const admitted = new WeakMap<FastifyRequest, { eventId: number; viewer: Viewer; host: boolean }>();
    app.register(async (scope) => {
      scope.get(
        '/ws',
        {
          websocket: true,
          config: { rateLimit: false },
          preValidation: async (req) => {
            const q = socketQuery.safeParse(req.query);
            if (!q.success) throw new AppError('bad_request', 'eventId and userId are required');
            const viewer = await req.viewer();
            if (!viewer) throw unauthenticated();
            if (viewer.id !== q.data.userId) throw forbidden('userId is not the signed-in user');
            const access = await live.canWatch(app.db, viewer, q.data.eventId);
            if (!access) throw forbidden('Only guests and hosts of this event can join its timer');
            // isHost from the browser is only a wish: honoured for a host of the event.
            admitted.set(req, { eventId: q.data.eventId, viewer, host: access.host && q.data.isHost });
          },
        },
        async (socket, req) => {
          // Checked in preValidation. Nothing is awaited before the listeners are attached:
          // a message arriving meanwhile would be dropped (@fastify/websocket does not buffer).
          const { eventId, viewer, host } = admitted.get(req)!;
          admitted.delete(req);
          const q = { eventId };
          const conn: Conn = { ws: socket, userId: viewer.id, host };
          const room = rooms.get(q.eventId) ?? new Set<Conn>();
          rooms.set(q.eventId, room);
          room.add(conn);
          socket.on('close', () => {
            room.delete(conn);
            if (!room.size) rooms.delete(q.eventId);
          });
          socket.on('message', (raw) => {
            void (async () => {
              let data: unknown;
              try {
                data = JSON.parse(String(raw));
              } catch {
                return send(socket, { type: 'error', message: 'Messages must be JSON' });
              }
              const parsed = clientMessage.safeParse(data);
              if (!parsed.success) return send(socket, { type: 'error', message: parsed.error.issues[0]?.message ?? 'Unknown message' });
              if (parsed.data.type === 'sync') {
                return send(socket, live.stateMessage('timer_sync', await live.timerState(app.db, q.eventId)) as ServerMessage);
              }
              if (!conn.host) return send(socket, { type: 'error', message: 'Only a host of this event can control the timer' });
              try {
                await live.command(deps(), viewer, q.eventId, parsed.data);
              } catch (err) {
                send(socket, { type: 'error', message: err instanceof AppError ? err.message : 'Something went wrong' });
                if (!(err instanceof AppError)) app.log.error({ err }, 'timer command failed');
              }
            })().catch((err) => app.log.error({ err }, 'socket message failed'));
          });
          send(socket, live.stateMessage('timer_sync', await live.timerState(app.db, q.eventId)) as ServerMessage);
        },
      );
    });
  },
  { name: 'realtime', dependencies: ['db', 'auth'] },
);
