/**
 * How the server logs (docs/decisions/0007-terminal-logs.md):
 * - in a terminal (stdout is a TTY) outside production: short lines a person can read,
 *   one per request ("GET /api/events 200 3 ms") and the outbox's login codes on their own line;
 * - otherwise (piped, a file, a log collector, NODE_ENV=production): pino's JSON lines, one per
 *   request too (method, url, route, status, time, client address, user id, request id; errors
 *   always), the cheap access log of docs/decisions/0053;
 * - in tests: nothing.
 * LOG_LEVEL applies to both formats. The probes and the metrics scrape are not logged at info
 * (QUIET_ROUTES), and a request id comes from nginx's X-Request-Id (docs/decisions/0087).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { LogController } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from './env';
import type {} from './plugins/auth';

/** Where terminal lines go: process.stdout, or anything with write() (tests). */
export interface LineSink {
  write(chunk: string): unknown;
  isTTY?: boolean;
  hasColors?: () => boolean;
}

/** Fastify options for the server's logging in this configuration. */
export function serverLogging(
  config: Pick<AppConfig, 'env' | 'logLevel'>,
  out: LineSink = process.stdout,
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  if (config.env === 'test') return { logger: false };
  if (config.env === 'production' || !out.isTTY) return { logger: { level: config.logLevel }, logController: new OneLinePerRequest() };
  return { logger: { level: config.logLevel, stream: terminalStream(out) }, logController: new OneLinePerRequest() };
}

/** What a request id from outside may be (nginx's $request_id is 32 hex digits): anything else is replaced. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Fastify's genReqId: the request's X-Request-Id when it is well-formed (nginx sets it, so one
 * request can be followed from the proxy's log into the app's), otherwise a new random id. Not
 * Fastify's `requestIdHeader`, which takes the header as it comes, whatever its length or bytes.
 */
export function requestId(req: { headers: IncomingHttpHeaders }): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/**
 * Routes a machine asks every few seconds (the load balancer's probes, a phone's ping, Prometheus's
 * scrape): not logged per request at info, only their warnings and errors. A database outage the
 * probes meet is logged once each way by modules/health/watch.ts.
 */
export const QUIET_ROUTES: ReadonlySet<string> = new Set(['/api/health', '/api/health/live', '/api/health/ready', '/api/ping', '/metrics']);

const LEVELS: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, when the request looked its session up (for its log line). */
    logUserId?: number;
  }
}

/**
 * What every request's log line needs beyond Fastify's own: its id echoed in `x-request-id` (a
 * client, or nginx's log, can quote it), the signed-in user's id when the request looked up its
 * session (no extra query for the log: a request that never asked who calls has no user id), and
 * the quiet routes' log level; and HEAD for every GET route. Registered first in buildApp, so that
 * it covers every route and the not-found handler.
 */
export const requestLogContext = fp(
  async (app) => {
    app.decorateRequest('logUserId', undefined);
    // HEAD as GET (docs/decisions/0087): every GET route answers HEAD through the same handler and
    // hooks, so the headers are GET's (compression included), and Node drops the body. Fastify's own
    // HEAD routes (exposeHeadRoutes, turned off in buildApp) skip the hooks added after them, such
    // as compression: GET said gzip, HEAD the uncompressed length.
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      if (methods.includes('GET') && !methods.includes('HEAD')) route.method = [...methods, 'HEAD'];
    });
    // At warn unless the route or LOG_LEVEL is quieter still.
    app.addHook('onRoute', (route) => {
      if (QUIET_ROUTES.has(route.url ?? '') && (LEVELS[route.logLevel || app.log.level] ?? 30) < LEVELS.warn!) route.logLevel = 'warn';
    });
    app.addHook('onRequest', (req, reply, done) => {
      reply.header('x-request-id', req.id);
      done();
    });
    app.addHook('onResponse', (req, _reply, done) => {
      const viewer = req.viewerCache;
      if (!viewer) return done();
      viewer.then(
        (v) => {
          if (v) req.logUserId = v.id;
          done();
        },
        () => done(),
      );
    });
  },
  { name: 'request-log-context' },
);

/**
 * Fastify logs "incoming request" (serialising the request) and "request completed" (with only the
 * request id) for every request; we log once, when the answer is sent, with what a reader or an
 * operator needs: method, url, the route it matched, status, time, the client's address (`ip`:
 * X-Forwarded-For's when TRUST_PROXY is set) and the user id when signed in (pino adds the request
 * id, `reqId`). Half the lines and no request serialiser: the API holds half a bare server's
 * throughput at the default level (docs/decisions/0053). Errors are always logged.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  /** The request's own line already says 404. */
  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = {
      method: request.method,
      url: request.url,
      route: request.routeOptions.url,
      statusCode: reply.statusCode,
      responseTime: reply.elapsedTime,
      ip: request.ip,
      userId: request.logUserId,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

/** A pino destination that turns each JSON line into a short line for a person. */
export function terminalStream(out: LineSink) {
  const colors = typeof out.hasColors === 'function' ? out.hasColors() : false;
  return {
    write(chunk: string) {
      const line = formatLogLine(chunk, colors);
      if (line !== null) out.write(`${line}\n`);
    },
  };
}

const LABELS: Record<number, string> = { 10: 'TRACE', 20: 'DEBUG', 30: '', 40: 'WARN', 50: 'ERROR', 60: 'FATAL' };
/** Fields every pino line carries, and those the formatter shows in its own way. */
const SHOWN = new Set([
  'level',
  'time',
  'pid',
  'hostname',
  'reqId',
  'req',
  'res',
  'msg',
  'err',
  'mail',
  'loginCode',
  'method',
  'url',
  'route',
  'statusCode',
  'responseTime',
  'ip',
]);

const paint = (on: boolean, code: string, s: string) => (on ? `\x1b[${code}m${s}\x1b[0m` : s);

function clock(time: unknown) {
  const d = new Date(typeof time === 'number' ? time : Date.now());
  return [d.getHours(), d.getMinutes(), d.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':');
}

function statusColour(status: number) {
  return status >= 500 ? '31' : status >= 400 ? '33' : status >= 300 ? '36' : '32';
}

function errorText(err: unknown): string {
  if (!err || typeof err !== 'object') return String(err);
  const e = err as { stack?: unknown; message?: unknown; type?: unknown };
  if (typeof e.stack === 'string') return e.stack;
  return `${typeof e.type === 'string' ? `${e.type}: ` : ''}${String(e.message ?? '')}`;
}

function extras(rec: Record<string, unknown>) {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(rec)) {
    if (SHOWN.has(k) || v === undefined) continue;
    const s = typeof v === 'string' ? v : JSON.stringify(v);
    parts.push(`${k}=${s.length > 120 ? `${s.slice(0, 117)}...` : s}`);
  }
  return parts.join(' ');
}

/**
 * One pino JSON line as a short line (or a few, for an error's stack); null to print nothing.
 * Lines that are not JSON pass through as they are.
 */
export function formatLogLine(json: string, colors = false): string | null {
  const text = json.endsWith('\n') ? json.slice(0, -1) : json;
  let rec: Record<string, unknown>;
  try {
    rec = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return text;
  }
  if (!rec || typeof rec !== 'object') return text;
  const level = typeof rec.level === 'number' ? rec.level : 30;
  const label = LABELS[level] ?? String(level);
  const head = paint(colors, '2', clock(rec.time)) + (label ? ` ${paint(colors, level >= 50 ? '1;31' : level >= 40 ? '33' : '2', label)}` : '');
  const msg = typeof rec.msg === 'string' ? rec.msg : '';
  let body: string;

  const mail = rec.mail as { to?: unknown; subject?: unknown } | undefined;
  if (typeof rec.loginCode === 'string' && mail) {
    // The one line a newcomer looks for after pressing "Access My Account".
    body = paint(colors, '1;32', `Login code for ${String(mail.to)}: ${rec.loginCode}`);
  } else if (mail && typeof mail === 'object') {
    body = `Mail to ${String(mail.to)}: ${String(mail.subject)}`;
  } else if (typeof rec.method === 'string' && typeof rec.statusCode === 'number' && typeof rec.responseTime === 'number') {
    body = `${rec.method} ${String(rec.url)} ${paint(colors, statusColour(rec.statusCode), String(rec.statusCode))} ${Math.round(rec.responseTime)} ms`;
  } else {
    body = msg;
  }
  const more = extras(rec);
  if (more) body += ` ${paint(colors, '2', more)}`;
  let out = `${head} ${body}`;
  if (rec.err !== undefined) {
    // Errors worth a WARN or worse get their stack; at lower levels the message is enough.
    const detail = level >= 40 ? errorText(rec.err) : String((rec.err as { message?: unknown }).message ?? '');
    if (detail && detail !== msg) out += level >= 40 ? `\n${detail.replace(/^/gm, '    ')}` : ` (${detail})`;
  }
  return out;
}
