import { QueryClient } from '@tanstack/react-query';
import { ApiError, NetworkError } from './api';

/** Retries of one read after its first failure (so at most four tries). */
export const MAX_READ_RETRIES = 3;

/**
 * Whether a failed read is worth trying again: only when the server is briefly unavailable
 * (503, e.g. a database restart) or the network dropped. Refusals (4xx) and bugs (other 5xx)
 * answer the same the next time. docs/decisions/0011-same-origin-writes-local-outbox-and-outages.md
 */
export function shouldRetryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= MAX_READ_RETRIES) return false;
  return error instanceof NetworkError || (error instanceof ApiError && error.status === 503);
}

/**
 * Wait before retry `attempt` (0 for the first): doubling from 1 s, at least the server's
 * Retry-After, at most 10 s, with ±20% jitter so many clients do not come back at once.
 */
export function readRetryDelay(attempt: number, error: unknown, random: () => number = Math.random): number {
  const retryAfterMs = error instanceof ApiError && error.retryAfterSeconds !== undefined ? error.retryAfterSeconds * 1000 : 0;
  const base = Math.min(10_000, Math.max(retryAfterMs, 1000 * 2 ** attempt));
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * docs/spec/member-app.md §7: data never goes stale, no refetch on focus or interval; GC after 5
 * minutes. Where the spec says "nothing retried", docs/product.md's honest failure under outage
 * wins for reads: GET queries retry on 503 and network errors (above). Mutations never retry on
 * their own: a write the server may have applied is the user's to repeat.
 */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      // offlineFirst: a read is tried even when the phone says it is offline, so the service worker can
      // answer it from its cache (tonight's screens open offline, docs/decisions/0051); only retries wait
      // for the connection. Writes always run: the kept-offline ones decide themselves (lib/outbox.ts).
      queries: {
        staleTime: Infinity,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        retry: shouldRetryRead,
        retryDelay: readRetryDelay,
        networkMode: 'offlineFirst',
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
