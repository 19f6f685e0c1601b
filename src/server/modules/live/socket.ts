import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { clientMessage, socketQuery, type ServerMessage } from '@shared/realtime';
import { AppError, forbidden, unauthenticated } from '../../errors';
import { SESSION_COOKIE, type CurrentSession, type Viewer } from '../../plugins/auth';
import { SESSION_ENDED } from '../../plugins/realtime';
import { CROSS_SITE_MESSAGE, crossSiteReason } from '../../plugins/same-origin';
import type { Commands } from './commands';
import { send, type ConnSession, type Rooms } from './rooms';
import * as live from './service';

/** How often this instance closes the sockets whose session has expired (ms): within a second of expiry. */
const SESSION_SWEEP_MS = 500;

const sameRoles = (a: Viewer['roles'], b: Viewer['roles']) => a.length === b.length && a.every((r) => b.includes(r));

/**
 * The live socket, /ws?eventId&userId&isHost: guests and hosts of the event hear its timer;
 * hosts also drive it with the commands of the shared `clientMessage` union.
 */
export const liveSocket: FastifyPluginAsync<{
  rooms: Rooms;
  /** The one way in for a host command (commands.ts), with the viewer as their session stands now. */
  command: Commands['command'];
  publicUrl: string;
  /** The timer_sync for one socket: the state, and for a guest their own place in the round. */
  syncFor(eventId: number, userId: number, host: boolean): Promise<ServerMessage>;
}> = async (app, { rooms, command, publicUrl, syncFor }) => {
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
       * The viewer as the session stands now, or null.
       */
      const sessionStands = async () => {
        const now = await app.sessions.current(token);
        if (now && now.viewer.id === viewer.id && sameRoles(now.viewer.roles, viewer.roles)) return now.viewer;
        ended.end();
        return null;
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
          const current = await sessionStands();
          if (!current) return;
          if (parsed.data.type === 'sync') return send(conn, await syncFor(eventId, viewer.id, conn.host));
          try {
            // The one way in, as POST /timer's: the host is checked at this command (docs/decisions/0100).
            await command(current, eventId, parsed.data, { asHost: conn.host });
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
