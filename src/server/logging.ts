/**
 * How the server logs (docs/decisions/0007-terminal-logs.md):
 * - in a terminal (stdout is a TTY) outside production: short lines a person can read,
 *   one per request ("GET /api/events 200 3 ms") and the outbox's login codes on their own line;
 * - otherwise (piped, a file, a log collector, NODE_ENV=production): pino's JSON lines, one per
 *   request too (method, url, route, status, time, request id; errors always), the cheap access
 *   log of docs/decisions/0053;
 * - in tests: nothing.
 * LOG_LEVEL applies to both formats.
 */
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { LogController } from 'fastify';
import type { AppConfig } from './env';

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

/**
 * Fastify logs "incoming request" (serialising the request) and "request completed" (with only the
 * request id) for every request; we log once, when the answer is sent, with what a reader or an
 * operator needs: method, url, the route it matched, status and time (pino adds the request id,
 * `reqId`). Half the lines and no request serialiser: the API holds half a bare server's
 * throughput at the default level (docs/decisions/0053). Errors are always logged.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  /** The request's own line already says 404. */
  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { method: request.method, url: request.url, route: request.routeOptions.url, statusCode: reply.statusCode, responseTime: reply.elapsedTime };
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
