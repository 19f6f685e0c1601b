import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

export type ErrorCode =
  | 'bad_request'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'payment_required'
  | 'gone'
  | 'rate_limited';

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

function body(message: string, errors?: { path: string; message: string }[]) {
  return errors ? { message, error: message, errors } : { message, error: message };
}

function zodIssues(err: ZodError) {
  return err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

/** The single error handler: bad input 400, expected failures by code, anything else 500 without internals. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, request, reply) => {
    if (err instanceof AppError) {
      // Bad input always carries the errors list, even when no single field is to blame.
      const errors = err.errors ?? (err.status === 400 ? [{ path: '', message: err.message }] : undefined);
      return reply.code(err.status).send(body(err.message, errors));
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
    const status = (err as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        (err as FastifyError).code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'The request body is not valid JSON'
          : (err as FastifyError).code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
            ? 'The request body is empty'
            : err.message;
      // Bad input always carries `errors` (docs/product.md "Bad input"), also when the body is not JSON at all.
      return reply.code(status).send(body(message, status === 400 ? [{ path: '', message }] : undefined));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.code(500).send(body('Something went wrong on our side. Please try again.'));
  });
}
