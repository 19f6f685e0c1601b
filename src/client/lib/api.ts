/**
 * The one HTTP client. Every request sends cookies. A non-OK answer becomes an ApiError whose
 * message is 'status: body text' (the status text when the body is empty), as the spec says;
 * `serverMessage` is the server's own sentence for toasts and alerts.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    readonly body: unknown,
    /** The server's Retry-After (seconds) on a 503: when a retry may succeed. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${status}: ${bodyText}`);
  }

  get serverMessage(): string | undefined {
    const b = this.body as { message?: unknown; error?: unknown } | null;
    if (b && typeof b.error === 'string') return b.error;
    if (b && typeof b.message === 'string') return b.message;
    return undefined;
  }

  /** Field errors from a 400, keyed by path. */
  get fieldErrors(): Record<string, string> {
    const b = this.body as { errors?: { path: string; message: string }[] } | null;
    return Object.fromEntries((b?.errors ?? []).map((e) => [e.path, e.message]));
  }
}

export class NetworkError extends Error {}

/** A refusal decided on this device with no server to ask (the door offline, docs/decisions/0052): its message is for the user. */
export class LocalRefusal extends Error {}

/**
 * A route's response schema from src/shared/schemas (anything with zod's `parse`), or a loader of
 * one for modules of the first paint, which must not pull schemas in. Only `parse` is used, so
 * this file needs no zod at run time.
 */
export interface ResponseSchema<T> {
  parse(data: unknown): T;
}
export type SchemaArg<T> = ResponseSchema<T> | (() => Promise<ResponseSchema<T>>);

/** A list of one schema's items (zod's z.array, without importing zod here): `get(url, listOf(eventSchema))`. */
export function listOf<T>(item: ResponseSchema<T>): ResponseSchema<T[]> {
  return {
    parse(data) {
      if (!Array.isArray(data)) throw new TypeError(`Expected a list, got ${data === null ? 'null' : typeof data}`);
      data.forEach((row, i) => {
        try {
          item.parse(row);
        } catch (err) {
          throw new TypeError(`Item ${i}: ${err instanceof Error ? err.message : String(err)}`, { cause: err });
        }
      });
      return data as T[];
    },
  };
}

/** A development-only failure: the server answered something its shared schema does not describe. */
export class ResponseSchemaError extends Error {
  constructor(
    readonly method: string,
    readonly url: string,
    cause: unknown,
  ) {
    super(`${method} ${url}: the answer does not match its schema in src/shared/schemas. ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

/**
 * In development (import.meta.env.DEV, also under Vitest) an answer is checked against its schema,
 * so a drift between server and client fails loudly; the production build only casts, so no
 * parsing cost. The data returned is the answer itself either way: development and production run
 * the same values.
 */
async function checkAnswer<T>(schema: SchemaArg<T>, data: unknown, method: string, url: string) {
  const s = typeof schema === 'function' ? await schema() : schema;
  try {
    s.parse(data);
  } catch (err) {
    const error = new ResponseSchemaError(method, url, err);
    console.error(error);
    throw error;
  }
}

/** Retry-After in seconds (the delta form; an HTTP date is read too), or undefined. */
function retryAfter(value: string | null): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

export async function api<T>(method: string, url: string, body?: unknown, schema?: SchemaArg<T>, extraHeaders?: Record<string, string>): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'include',
      headers: {
        ...(body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' }),
        ...extraHeaders,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new NetworkError('Unable to connect. Please try again.');
  }
  const text = await res.text();
  // No body at all (a 204) is undefined, as the shared noContent schema says; unreadable JSON is null.
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = null;
  }
  if (!res.ok) throw new ApiError(res.status, text || res.statusText, parsed ?? null, retryAfter(res.headers.get('retry-after')));
  if (import.meta.env.DEV && schema) await checkAnswer(schema, parsed, method, url);
  return parsed as T;
}

/** GET; pass the route's response schema: the answer's type comes from it (and is checked in development). */
export const get = <T>(url: string, schema?: SchemaArg<T>) => api<T>('GET', url, undefined, schema);
export const post = <T>(url: string, body?: unknown, schema?: SchemaArg<T>) => api<T>('POST', url, body ?? {}, schema);
export const put = <T>(url: string, body: unknown, schema?: SchemaArg<T>) => api<T>('PUT', url, body, schema);
export const patch = <T>(url: string, body: unknown, schema?: SchemaArg<T>) => api<T>('PATCH', url, body, schema);
export const del = <T>(url: string, schema?: SchemaArg<T>) => api<T>('DELETE', url, undefined, schema);

/** The server's sentence for an error, or the given fallback. */
export function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage ?? fallback;
  if (err instanceof NetworkError || err instanceof LocalRefusal) return err.message;
  return fallback;
}
