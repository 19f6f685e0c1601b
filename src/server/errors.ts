import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

export type ErrorCode = 'bad_request' | 'unauthenticated' | 'forbidden' | 'not_found' | 'conflict' | 'payment_required' | 'gone' | 'rate_limited';

const STATUS: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  rate_limited: 429,
};

/** An expected failure: carries a typed code and becomes an HTTP answer in one place. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: { path: string; message: string }[],
  ) {
    super(message);
    this.status = STATUS[code];
  }
}

export const notFound = (message: string) => new AppError('not_found', message);
export const forbidden = (message = 'You are not allowed to do that') => new AppError('forbidden', message);
export const unauthenticated = (message = 'Please log in first') => new AppError('unauthenticated', message);
export const conflict = (message: string) => new AppError('conflict', message);

export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';
/** Seconds a client should wait before retrying after a 503 (the Retry-After header). */
export const RETRY_AFTER_SECONDS = 2;

/** pg SQLSTATEs that mean "the database is not there right now", not "this query is wrong". */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminating connection due to administrator command (a restart)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the database system is starting up / shutting down
  '53300', // too_many_connections
]);
const UNAVAILABLE_SYSCALL_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated', // pg: 'Connection terminated unexpectedly', '... due to connection timeout'
  'timeout exceeded when trying to connect', // pg-pool: connectionTimeoutMillis
  'is not queryable', // pg: a client after a connection error
  'Connection ended unexpectedly',
  'PGlite is closed',
];

/**
 * Whether an error means the database is unreachable (a restart, a dropped connection, a pool
 * that cannot connect, a closed PGlite) rather than a fault of the request or of our code.
 * Drizzle wraps driver errors (DrizzleQueryError), so the whole `cause` chain is looked at.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_SYSCALL_CODES.has(code))) return true;
    if (e instanceof AggregateError && e.errors.some(isDatabaseUnavailable)) return true; // net's happy eyeballs: ::1 and 127.0.0.1 both refused
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((m) => message.includes(m))) return true;
  }
  return false;
}

function body(message: string, errors?: { path: string; message: string }[]) {
  return errors ? { message, error: message, errors } : { message, error: message };
}

function zodIssues(err: ZodError) {
  return err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** The single error handler: bad input 400, expected failures by code, database outages 503, anything else 500 without internals. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, request, reply) => {
    if (err instanceof AppError) {
      // Bad input always carries the errors list, even when no single field is to blame.
      const errors = err.errors ?? (err.status === 400 ? [{ path: '', message: err.message }] : undefined);
      return reply.code(err.status).send(body(err.message, errors));
    }
    // (Not a 4xx Fastify already chose, e.g. a client that hung up mid-body: ECONNRESET with 400.)
    const chosen = (err as FastifyError).statusCode;
    if ((chosen === undefined || chosen >= 500) && isDatabaseUnavailable(err)) {
      // A restart or a dropped connection: say so, and when to retry. Nothing was acknowledged. A
      // database outage is logged once when it starts and once when it ends, not per request
      // (modules/health/watch.ts); another backend's failure per request, as before.
      const otherwise = () => request.log.warn({ err }, 'database (or another backend) unreachable: answered 503');
      const watch = (request.server as { databaseWatch?: { suspect(err: unknown, otherwise: () => void): void } }).databaseWatch;
      if (watch) watch.suspect(err, otherwise);
      else otherwise();
      return reply.code(503).header('retry-after', String(RETRY_AFTER_SECONDS)).send(body(UNAVAILABLE_MESSAGE));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = (err as { validationContext?: string }).validationContext;
      const errors = err.validation.map((v) => {
        const p = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        return { path: where && where !== 'body' ? `${where}${p ? '.' + p : ''}` : p, message: v.message ?? 'Invalid value' };
      });
      return reply.code(400).send(body(errors[0]?.message ?? 'Invalid request', errors));
    }
    if (err instanceof ZodError) {
      const errors = zodIssues(err);
      return reply.code(400).send(body(errors[0]?.message ?? 'Invalid request', errors));
    }
    // A body that is not JSON (text/plain, forms: the types a cross-site page can send without asking) is bad input.
    const status = (err as FastifyError).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 400 : ((err as FastifyError).statusCode ?? 500);
    if (status >= 400 && status < 500) {
      const message =
        (err as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'The request body is not valid JSON'
          : (err as FastifyError).code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is empty'
            : (err as FastifyError).code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'The request body must be JSON (Content-Type: application/json)'
              : err.message;
      // Bad input always carries `errors` (docs/product.md "Bad input"), also when the body is not JSON at all.
      return reply.code(status).send(body(message, status === 400 ? [{ path: '', message }] : undefined));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(body('Something went wrong on our side. Please try again.'));
  });
}
