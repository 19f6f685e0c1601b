import type { QueryClient } from '@tanstack/react-query';

/**
 * The app's one query client. It is made when the first screen that reads data opens
 * (app/query-scope.tsx), not with the first paint of /: the landing page reads nothing, and TanStack
 * Query stays out of its JavaScript (docs/decisions/0024-the-landing-page-without-tanstack-query.md).
 * This module imports TanStack Query's types only, so / can forget cached data without loading it.
 */
let current: QueryClient | null = null;

/** The app's client, made by `create` the first time. */
export function appQueryClient(create: () => QueryClient): QueryClient {
  current ??= create();
  return current;
}

/** Forget every cached answer (a sign-out, a new member signing up on /), if anything was ever read. */
export function clearAppQueries() {
  current?.clear();
}

/** Tests: the next test starts with a new client. */
export function resetAppQueryClient() {
  current?.clear();
  current = null;
}
