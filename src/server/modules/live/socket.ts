import type { WebSocket } from '@fastify/websocket';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { clientMessage, socketQuery, type ServerMessage, type TimerStateMessage } from '@shared/realtime';
import { AppError, forbidden, unauthenticated } from '../../errors';
import { SESSION_COOKIE, type CurrentSession, type Viewer } from '../../plugins/auth';
import { SESSION_ENDED } from '../../plugins/realtime';
import { CROSS_SITE_MESSAGE, crossSiteReason } from '../../plugins/same-origin';
import * as live from './service';
import type { RoundPlaces } from './service';

/** The session a socket was opened with (issue 33): it closes when that session ends. */
export interface ConnSession {
  /** The session cookie's token, kept to check the session again on each command. */
  token: string;
  /** The key the bus names the session by (plugins/realtime.ts, `session_ended`). */
  key: string;
  expiresAt: Date;
  /** Closes the socket with SESSION_ENDED. */
  end(): void;
}

/** How often this instance closes the sockets whose session has expired (ms): within a second of expiry. */
const SESSION_SWEEP_MS = 500;

const sameRoles = (a: Viewer['roles'], b: Viewer['roles']) => a.length === b.length && a.every((r) => b.includes(r));

interface Conn {
  ws: Pick<WebSocket, 'readyState' | 'OPEN' | 'send'>;
  userId: number;
  host: boolean;
  session: ConnSession | null;
  /**
   * What the room sent this socket before its own timer_sync went out, held so that the sync is
   * always the first message (a broadcast may arrive while the sync is being read); null after.
   */
  held: string[] | null;
}

const deliver = (c: Conn, text: string) => {
  if (c.held) c.held.push(text);
  else if (c.ws.readyState === c.ws.OPEN) c.ws.send(text);
};
const send = (c: Conn, m: ServerMessage) => deliver(c, JSON.stringify(m));

/** This instance's open sockets, one room per event. */
export function createRooms() {
  const rooms = new Map<number, Set<Conn>>();
  return {
    /** A new socket joins its event's room; what the room sends it is held until `opened`. */
    join(eventId: number, ws: Conn['ws'], userId: number, host: boolean, session: ConnSession | null = null) {
      const conn: Conn = { ws, userId, host, session, held: [] };
      const room = rooms.get(eventId) ?? new Set<Conn>();
      rooms.set(eventId, room);
      room.add(conn);
      return {
        conn,
        leave() {
          room.delete(conn);
          if (!room.size) rooms.delete(eventId);
        },
        /** The socket's first message (its timer_sync), then whatever the room sent meanwhile. */
        opened(first: ServerMessage) {
          const held = conn.held ?? [];
          conn.held = null;
          send(conn, first);
          for (const text of held) deliver(conn, text);
        },
      };
    },
    /**
     * A session ended (the bus said so): the sockets it opened here close. Without `key`, every
     * socket of the user closes (suspended, deleted, a role taken away).
     */
    endSessions(userId: number, key?: string) {
      for (const room of rooms.values()) {
        for (const c of room) if (c.userId === userId && c.session && (key === undefined || c.session.key === key)) c.session.end();
      }
    },
    /** Sockets whose session has expired by `now` close. */
    endExpired(now: number) {
      for (const room of rooms.values()) for (const c of room) if (c.session && c.session.expiresAt.getTime() <= now) c.session.end();
    },
    /** Every socket here with its session, to check them all at once (after the bus was away). */
    sessions() {
      const out: ConnSession[] = [];
      for (const room of rooms.values()) for (const c of room) if (c.session) out.push(c.session);
      return out;
    },
    /** The events someone here is watching. */
    events() {
      return [...rooms.keys()];
    },
    /** Someone here is watching this event. */
    watched(eventId: number) {
      return !!rooms.get(eventId)?.size;
    },
    /** To the sockets of these people (and, with `andHosts`, the event's hosts). */
    sendTo(eventId: number, userIds: Iterable<number>, m: ServerMessage, andHosts = false) {
      const who = new Set(userIds);
      for (const c of rooms.get(eventId) ?? []) {
        if (who.has(c.userId) || (andHosts && c.host)) send(c, m);
      }
    },
    /** Anyone but hosts watching (so someone's `mine` is worth computing). */
    hasGuests(eventId: number) {
      for (const c of rooms.get(eventId) ?? []) if (!c.host) return true;
      return false;
    },
    /**
     * A timer state to everyone watching: each guest's copy carries their own place in the round
     * (`mine`, docs/decisions/0017); hosts get the state alone.
     */
    broadcastState(eventId: number, m: TimerStateMessage & { type: string }, places: { now: RoundPlaces; next: RoundPlaces } | null) {
      const plain = JSON.stringify(m);
      // The state's JSON once, then each guest's entries spliced in before the closing brace.
      const head = plain.slice(0, -1);
      for (const c of rooms.get(eventId) ?? []) {
        if (c.ws.readyState !== c.ws.OPEN) continue;
        if (c.host || !places) deliver(c, plain);
        else deliver(c, `${head},"mine":${JSON.stringify(places.now.get(c.userId) ?? null)},"upNext":${JSON.stringify(places.next.get(c.userId) ?? null)}}`);
      }
    },
    /** To everyone watching the event; `hostsOnly` for what only its hosts may hear. */
    broadcast(eventId: number, m: ServerMessage, hostsOnly = false) {
      for (const c of rooms.get(eventId) ?? []) {
        if (hostsOnly && !c.host) continue;
        send(c, m);
      }
    },
  };
}
export type Rooms = ReturnType<typeof createRooms>;

/**
 * The live socket, /ws?eventId&userId&isHost: guests and hosts of the event hear its timer;
 * hosts also drive it with the commands of the shared `clientMessage` union.
 */
export const liveSocket: FastifyPluginAsync<{
  rooms: Rooms;
  deps: () => live.LiveDeps;
  publicUrl: string;
  /** The timer_sync for one socket: the state, and for a guest their own place in the round. */
  syncFor(eventId: number, userId: number, host: boolean): Promise<ServerMessage>;
}> = async (app, { rooms, deps, publicUrl, syncFor }) => {
  const publicOrigin = new URL(publicUrl).origin;
  const admitted = new WeakMap<FastifyRequest, { eventId: number; session: CurrentSession; token: string; host: boolean }>();

  // A socket lives no longer than the session that opened it (issue 33, docs/decisions/0061): the
  // database says on the bus when one ends (migration 0015), an expired one is closed by this clock,
  // and after the bus was away every socket's session is read again.
  app.bus.sessionEnded((m) => rooms.endSessions(m.userId, m.session));
  const expiry = setInterval(() => rooms.endExpired(Date.now()), SESSION_SWEEP_MS);
  expiry.unref();
  app.addHook('onClose', async () => clearInterval(expiry));
  app.bus.resumed(() => {
    const open = rooms.sessions();
    app.sessions
      .stillOpen([...new Set(open.map((s) => s.token))])
      .then((still) => open.forEach((s) => still.has(s.token) || s.end()))
      .catch((err) => app.log.error({ err }, "live: checking the sockets' sessions after the bus returned failed"));
  });

  app.get(
    '/ws',
    {
      websocket: true,
      config: { rateLimit: false },
      preValidation: async (req) => {
        // The upgrade is a GET, but the socket carries the session cookie and host commands: a
        // page of another site may not open it (docs/decisions/0011-same-origin-writes-local-outbox-and-outages.md).
        if (crossSiteReason({ method: 'POST', headers: req.headers, host: req.host }, publicOrigin)) throw forbidden(CROSS_SITE_MESSAGE);
        const q = socketQuery.safeParse(req.query);
        // Bad input is 400 naming the fields (docs/product.md "Bad input"), also an id beyond 2^31 - 1.
        if (!q.success) {
          throw new AppError(
            'bad_request',
            'eventId and userId are required',
            q.error.issues.map((i) => ({ path: ['querystring', ...i.path].join('.'), message: i.message })),
          );
        }
        const token = req.cookies[SESSION_COOKIE];
        const session = token ? await app.sessions.current(token) : null;
        if (!token || !session) throw unauthenticated();
        const { viewer } = session;
        if (viewer.id !== q.data.userId) throw forbidden('userId is not the signed-in user');
        const access = await live.canWatch(app.db, viewer, q.data.eventId);
        if (!access) throw forbidden('Only guests and hosts of this event can join its timer');
        // isHost from the browser is only a wish: honoured for a host of the event.
        admitted.set(req, { eventId: q.data.eventId, session, token, host: access.host && q.data.isHost });
      },
    },
    async (socket, req) => {
      // Checked in preValidation. Nothing is awaited before the listeners are attached:
      // a message arriving meanwhile would be dropped (@fastify/websocket does not buffer).
      const { eventId, session, token, host } = admitted.get(req)!;
      const { viewer } = session;
      admitted.delete(req);
      // A hijacked upgrade gets no "request completed" line (src/server/logging.ts): the socket's own
      // line tells the operator which instance holds whose socket.
      req.log.info({ method: req.method, url: req.url, route: '/ws', statusCode: 101, userId: viewer.id, eventId, host }, 'socket opened');
      const ended: ConnSession = {
        token,
        key: session.key,
        expiresAt: session.expiresAt,
        end: () => {
          leave();
          if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(SESSION_ENDED, 'Your session has ended');
        },
      };
      const { conn, leave, opened } = rooms.join(eventId, socket, viewer.id, host, ended);
      socket.on('close', leave);
      /**
       * Each message is checked against the session as it is now (one query): ended, or its roles
       * changed since the socket opened (a host's role taken away), and the socket closes without
       * acting on it. The bus closes such sockets within a second anyway; this closes the gap before.
       */
      const sessionStands = async () => {
        const now = await app.sessions.current(token);
        if (now && now.viewer.id === viewer.id && sameRoles(now.viewer.roles, viewer.roles)) return true;
        ended.end();
        return false;
      };
      socket.on('message', (raw) => {
        void (async () => {
          let data: unknown;
          try {
            data = JSON.parse(String(raw));
          } catch {
            return send(conn, { type: 'error', message: 'Messages must be JSON' });
          }
          const parsed = clientMessage.safeParse(data);
          if (!parsed.success) return send(conn, { type: 'error', message: parsed.error.issues[0]?.message ?? 'Unknown message' });
          if (!(await sessionStands())) return;
          if (parsed.data.type === 'sync') return send(conn, await syncFor(eventId, viewer.id, conn.host));
          if (!conn.host) return send(conn, { type: 'error', message: live.TIMER_HOSTS_ONLY });
          try {
            // Admitted as a host of this event when the socket opened (preValidation above).
            await live.hostCommand(deps(), eventId, parsed.data);
          } catch (err) {
            send(conn, { type: 'error', message: err instanceof AppError ? err.message : 'Something went wrong' });
            if (!(err instanceof AppError)) app.log.error({ err }, 'timer command failed');
          }
        })().catch((err) => app.log.error({ err }, 'socket message failed'));
      });
      try {
        opened(await syncFor(eventId, viewer.id, host));
      } catch (err) {
        // The state could not be read (the database is away): the client reconnects and tries again.
        app.log.error({ err }, 'timer sync failed');
        socket.close(1011, 'The evening could not be read');
      }
    },
  );
};
