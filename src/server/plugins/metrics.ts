import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { errorBody } from '@shared/schemas/common';
import { metricsText } from '@shared/schemas/metrics';
import type { Release } from '@shared/schemas/release';
import type { Database, Db } from '../db/client';
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

/**
 * The `route` label of a request (docs/decisions/0088): bounded whatever URLs are asked for and however
 * many files a release has. API routes, /ws and /metrics keep their pattern (`/api/events/:id`, a 404
 * from a matched API route included: the pattern is bounded by the routes we declare). Otherwise:
 */
export const ROUTE_LABEL = {
  /** A file of the built client (@fastify/static's routes, one per file: 121 and growing with each release). */
  static: '(static)',
  /** An HTML page: the single-page app's answer to any path, /events, the public evening page. */
  page: '(page)',
  /** A 404 outside the API's patterns: an unknown URL, a file that is not there, an evening that is not. */
  notFound: '(not found)',
  /** Anything else that matched no route (a request refused before routing). */
  unmatched: '(unmatched)',
} as const;

const isHtml = (reply: FastifyReply) => /^text\/html\b/i.test(String(reply.getHeader('content-type') ?? ''));

export function routeLabel(req: FastifyRequest, reply: FastifyReply): string {
  const pattern = req.routeOptions.url;
  if (pattern !== undefined && (pattern.startsWith('/api/') || pattern === '/ws' || pattern === '/metrics')) return pattern;
  if (reply.statusCode === 404) return ROUTE_LABEL.notFound;
  if (pattern === undefined) {
    // The single-page app's page, which the not-found handler sends for any other GET (app.ts), a 304 to a revalidation included.
    const pageRequest = (req.method === 'GET' || req.method === 'HEAD') && !req.url.startsWith('/api/') && !req.url.startsWith('/ws');
    return pageRequest || isHtml(reply) ? ROUTE_LABEL.page : ROUTE_LABEL.unmatched;
  }
  // @fastify/static marks each file's route with the file it sends; a wildcard route outside the API serves files too.
  const config = req.routeOptions.config as { file?: unknown } | undefined;
  if (config?.file !== undefined || pattern.includes('*')) return ROUTE_LABEL.static;
  if (isHtml(reply)) return ROUTE_LABEL.page;
  // A few fixed files the server writes itself (/robots.txt, /sitemap.xml): their own pattern, bounded.
  return pattern;
}

/** How long a scrape waits for the database (its ping, the mail queue) before calling it down. */
export const SCRAPE_DB_TIMEOUT_MS = 1_000;

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The mail waiting for SMTP, for every instance of the site (one outbox, plugins/mail-outbox.ts):
 * how many, and how long the oldest has waited. Mail kept without SMTP ('local') waits for nobody.
 * One query on the outbox's (status, next_attempt_at) index.
 */
export async function mailQueue(db: Db): Promise<{ depth: number; oldestSeconds: number }> {
  const r = await db.execute(sql`
    SELECT count(*)::int AS depth, coalesce(extract(epoch FROM now() - min(created_at)), 0)::float8 AS oldest
    FROM mail_outbox WHERE status IN ('pending', 'sending')`);
  const row = (r as unknown as { rows: { depth: number | string; oldest: number | string }[] }).rows[0];
  return { depth: Number(row?.depth ?? 0), oldestSeconds: Math.max(0, Number(row?.oldest ?? 0)) };
}

/** HTTP durations up to 10 s; a round change's fan-out from 1 ms (the live timer's budget is 100 ms p99, bench/RESULTS.md). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const FANOUT_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/**
 * Prometheus metrics on GET /metrics (docs/decisions/0035, 0088): request durations by route (a bounded
 * label, routeLabel above) and status, open WebSockets, the round-change fan-out, mail counters and the
 * mail queue, whether the database answers and this instance is ready, the release it runs, the pg
 * pool, and the process's own figures (event-loop lag among them).
 */
export const metricsPlugin = fp<{ database: Database; token: string | undefined; release: Release }>(
  async (app, { database, token, release }) => {
    const registry = new Registry();

    const http = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP requests by route pattern (never the raw URL), method and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: HTTP_BUCKETS,
      registers: [registry],
    });
    app.addHook('onResponse', async (req, reply) => {
      http.observe({ method: req.method, route: routeLabel(req, reply), status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
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

    // Asked of the database at each scrape (refreshed by the /metrics handler below), each within
    // SCRAPE_DB_TIMEOUT_MS: a scrape never hangs on a dead database.
    const databaseUp = new Gauge({
      name: 'sf_database_up',
      help: 'Whether the database answered this scrape within 1 s (1) or not (0)',
      registers: [registry],
    });
    const ready = new Gauge({
      name: 'sf_ready',
      help: 'Whether this instance takes traffic (1) or not (0): not shutting down, and its database answers (GET /api/health/ready)',
      registers: [registry],
    });
    const mailDepth = new Gauge({
      name: 'sf_mail_queue_depth',
      help: 'Mails waiting for the SMTP server (pending or being sent), site-wide (one outbox); NaN when the database did not answer',
      registers: [registry],
    });
    const mailOldest = new Gauge({
      name: 'sf_mail_queue_oldest_age_seconds',
      help: 'Age of the oldest mail waiting for the SMTP server (0 when none), site-wide; NaN when the database did not answer',
      registers: [registry],
    });
    new Gauge({
      name: 'sf_build_info',
      help: 'The release this instance runs (GET /api/version): always 1, the version and commit as labels',
      labelNames: ['version', 'commit'] as const,
      registers: [registry],
    }).set({ version: release.version, commit: release.commit ?? 'unknown' }, 1);

    async function refreshFromDatabase() {
      const [ping, queue] = await Promise.allSettled([
        withTimeout(database.ping(), SCRAPE_DB_TIMEOUT_MS),
        withTimeout(mailQueue(database.db), SCRAPE_DB_TIMEOUT_MS),
      ]);
      const up = ping.status === 'fulfilled';
      databaseUp.set(up ? 1 : 0);
      // The readiness probe's own flag (modules/health, set on SIGTERM), when that module is registered.
      const shuttingDown = app.hasDecorator('readiness') && app.readiness.shuttingDown;
      ready.set(up && !shuttingDown ? 1 : 0);
      mailDepth.set(queue.status === 'fulfilled' ? queue.value.depth : NaN);
      mailOldest.set(queue.status === 'fulfilled' ? queue.value.oldestSeconds : NaN);
    }

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
        // A scrape every few seconds per instance is not news: only its warnings and errors are logged.
        logLevel: 'warn',
        config: { rateLimit: false },
        schema: { response: { 200: { content: { 'text/plain': { schema: metricsText } } }, 401: errorBody, 403: errorBody } },
      },
      async (req, reply) => {
        const access = metricsAccess(req.raw, token);
        if (access === 'bad_token') throw new AppError('unauthenticated', 'The metrics token is not right');
        if (access === 'not_local') throw forbidden('Metrics are served to this machine, or with the METRICS_TOKEN bearer token');
        await refreshFromDatabase();
        const text = (await processReg.metrics()) + (await registry.metrics());
        return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
      },
    );
  },
  { name: 'metrics', dependencies: ['db'] },
);
