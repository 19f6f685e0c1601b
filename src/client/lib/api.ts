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

export async function api<T>(method: string, url: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'include',
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new NetworkError('Unable to connect. Please try again.');
  }
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = null;
  }
  if (!res.ok) throw new ApiError(res.status, text || res.statusText, parsed);
  return parsed as T;
}

export const get = <T>(url: string) => api<T>('GET', url);
export const post = <T>(url: string, body?: unknown) => api<T>('POST', url, body ?? {});
export const put = <T>(url: string, body: unknown) => api<T>('PUT', url, body);
export const del = <T>(url: string) => api<T>('DELETE', url);

/** The server's sentence for an error, or the given fallback. */
export function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return err.serverMessage ?? fallback;
  if (err instanceof NetworkError) return err.message;
  return fallback;
}
