import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { errorBody } from '@shared/schemas/common';
import { metricsText } from '@shared/schemas/metrics';
import type { Database } from '../db/client';
import { AppError, forbidden } from '../errors';

/** What the mailer counts (plugins/mail.ts now; the outbox queue that replaces it calls the same three). */
export interface MailCounters {
  /** A mail handed to the mailer (to be sent, or kept in the outbox). */
  queued(): void;
  /** A mail the SMTP server accepted. */
  sent(): void;
  /** A mail the SMTP server refused, or could not be reached for. */
  failed(): void;
}

export interface AppMetrics {
  mail: MailCounters;
  /**
   * A round change (a timer state) told to this instance's phones: `seconds` from the host's command
   * or the timer's transition on this instance (`origin: 'local'`), or from the moment the change
   * was heard on the bus when another instance made it (`origin: 'bus'`), to the last socket sent.
   */
  roundFanout(seconds: number, origin: 'local' | 'bus', announce: string): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

/**
 * The process's own figures (event-loop lag, memory, CPU, GC): one set per process, made once. Each
 * app (tests build many in one process) has its own registry for its own figures, and /metrics
 * prints both; calling collectDefaultMetrics once per app would start a new event-loop monitor and GC
 * observer every time (docs/decisions/0035-metrics-and-who-may-read-them.md).
 */
let processRegistry: Registry | undefined;
function processMetrics() {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
/** Headers a reverse proxy adds: a request carrying one came through a proxy, whatever its socket peer. */
const FORWARDED = ['forwarded', 'x-forwarded-for', 'x-real-ip', 'x-forwarded-host', 'x-forwarded-proto'];

/**
 * Who may read /metrics (docs/decisions/0035): the bearer of METRICS_TOKEN from anywhere, or, without
 * a token, a client on this machine talking to this process directly: the socket peer is loopback
 * (never req.ip, which TRUST_PROXY takes from X-Forwarded-For) and no proxy header is present, so a
 * request that nginx on this machine forwards (from 127.0.0.1, with X-Forwarded-For) does not count.
 */
export function metricsAccess(
  req: Pick<FastifyRequest, 'headers'> & { socket: { remoteAddress?: string } },
  token: string | undefined,
): 'ok' | 'bad_token' | 'not_local' {
  const auth = req.headers.authorization;
  if (token && typeof auth === 'string') {
    const given = Buffer.from(auth.replace(/^Bearer\s+/i, ''));
    const expected = Buffer.from(token);
    return /^Bearer\s+/i.test(auth) && given.length === expected.length && timingSafeEqual(given, expected) ? 'ok' : 'bad_token';
  }
  const local = LOOPBACK.has(req.socket.remoteAddress ?? '') && !FORWARDED.some((h) => req.headers[h] !== undefined);
  return local ? 'ok' : 'not_local';
}

/** HTTP durations up to 10 s; a round change's fan-out from 1 ms (the live timer's budget is 100 ms p99, bench/RESULTS.md). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const FANOUT_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/**
 * Prometheus metrics on GET /metrics (docs/decisions/0035): request durations by route pattern and
 * status, open WebSockets, the round-change fan-out, mail counters, the pg pool, and the process's
 * own figures (event-loop lag among them).
 */
export const metricsPlugin = fp<{ database: Database; token: string | undefined }>(
  async (app, { database, token }) => {
    const registry = new Registry();

    const http = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by route pattern (never the raw URL), method and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: HTTP_BUCKETS,
      registers: [registry],
    });
    app.addHook('onResponse', async (req, reply) => {
      // The pattern (/api/events/:id), bounded by the routes we declare; anything unmatched is one label.
      const route = req.routeOptions.url ?? 'unmatched';
      http.observe({ method: req.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    });

    new Gauge({
      name: 'sf_websockets_open',
      help: 'Live sockets (/ws) open on this instance',
      registers: [registry],
      collect() {
        // @fastify/websocket's server, registered by the realtime plugin (plugins/realtime.ts).
        this.set(app.hasDecorator('websocketServer') ? app.websocketServer.clients.size : 0);
      },
    });

    const fanout = new Histogram({
      name: 'sf_round_fanout_seconds',
      help: "A round change, from the host's command or the timer's transition (origin=local) or from the bus (origin=bus), to the last phone sent on this instance",
      labelNames: ['origin', 'announce'] as const,
      buckets: FANOUT_BUCKETS,
      registers: [registry],
    });

    const mailQueued = new Counter({ name: 'sf_mail_queued_total', help: 'Mails handed to the mailer', registers: [registry] });
    const mailSent = new Counter({ name: 'sf_mail_sent_total', help: 'Mails the SMTP server accepted', registers: [registry] });
    const mailFailed = new Counter({
      name: 'sf_mail_failed_total',
      help: 'Mails given up after the last attempt (refused, or the SMTP server not reached)',
      registers: [registry],
    });

    // The pg pool: connections open, idle, and requests waiting for one. The embedded PGlite is one
    // in-process connection with no pool and no queue to report, so it has no such metric.
    const pool = database.kind === 'postgres' ? database.pool : undefined;
    if (pool) {
      new Gauge({
        name: 'sf_db_pool_connections',
        help: 'PostgreSQL pool connections of this instance, by state (total = open, idle = open and unused)',
        labelNames: ['state'] as const,
        registers: [registry],
        collect() {
          this.set({ state: 'total' }, pool.totalCount);
          this.set({ state: 'idle' }, pool.idleCount);
        },
      });
      new Gauge({
        name: 'sf_db_pool_waiting',
        help: 'Queries waiting for a PostgreSQL pool connection on this instance',
        registers: [registry],
        collect() {
          this.set(pool.waitingCount);
        },
      });
    }

    app.decorate('metrics', {
      mail: { queued: () => mailQueued.inc(), sent: () => mailSent.inc(), failed: () => mailFailed.inc() },
      roundFanout: (seconds: number, origin: 'local' | 'bus', announce: string) => fanout.observe({ origin, announce }, seconds),
    });

    const processReg = processMetrics();
    app.get(
      '/metrics',
      {
        config: { rateLimit: false },
        schema: { response: { 200: { content: { 'text/plain': { schema: metricsText } } }, 401: errorBody, 403: errorBody } },
      },
      async (req, reply) => {
        const access = metricsAccess(req.raw, token);
        if (access === 'bad_token') throw new AppError('unauthenticated', 'The metrics token is not right');
        if (access === 'not_local') throw forbidden('Metrics are served to this machine, or with the METRICS_TOKEN bearer token');
        const text = (await processReg.metrics()) + (await registry.metrics());
        return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
      },
    );
  },
  { name: 'metrics', dependencies: ['db'] },
);
