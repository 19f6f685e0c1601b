import { QueryClient } from '@tanstack/react-query';

/** docs/spec/member-app.md §7: data never goes stale, no refetch on focus or interval, nothing retried; GC after 5 minutes. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: Infinity, gcTime: 5 * 60_000, refetchOnWindowFocus: false, retry: false },
      mutations: { retry: false },
    },
  });
}
