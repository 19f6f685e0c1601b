import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Me } from '@shared/schemas/auth';
import { ApiError, get, post } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';
import { isSignedIn, rememberUser, resetStorageFor } from '@client/lib/session';

/** The signed-in member from the server session, or null for a visitor. */
// The app shell loads this file on every first paint: the schemas come by loader, fetched only in
// development, so zod stays out of the first-paint chunk (docs/architecture.md, Budgets).
const authSchemas = () => import('@shared/schemas/auth');

export const meQuery = queryOptions({
  queryKey: queryKeys.me(),
  queryFn: async (): Promise<Me | null> => {
    // A visitor with no stored sign-in has no session to ask about (and no 401 to log).
    if (!isSignedIn()) return null;
    try {
      return await get('/api/auth/me', () => authSchemas().then((m) => m.meResponse));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
});

export function useMe() {
  return useQuery(meQuery);
}

/**
 * After a sign-in: nothing of the visitor's answers is kept, and the member is read before the
 * sign-in settles, so the screen it leads to opens whole rather than with a spinner while the member
 * loads (a failed read is left to the screen, which asks again).
 */
async function freshMember(qc: QueryClient) {
  qc.removeQueries();
  await qc.prefetchQuery(meQuery);
}

export function useStartLogin() {
  return useMutation({
    mutationFn: (email: string) => post('/api/auth/login', { email }, () => authSchemas().then((m) => m.loginStarted)),
  });
}

/** What POST /api/auth/verify takes: the code, and for a new address the account's name and age (docs/decisions/0070). */
export interface VerifyInput {
  email: string;
  code: string;
  name?: string;
  age?: number;
}

/**
 * POST /api/auth/verify: signs in (or makes the account, then signs in), or answers that a new
 * address still needs a name and age. The share link the visit came by goes with it: it counts
 * only when an account is made.
 */
export function useVerifyLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (p: VerifyInput) => {
      const { withShareSource } = await import('@client/lib/share-source');
      return post('/api/auth/verify', withShareSource(p), () => authSchemas().then((m) => m.verifyResponse));
    },
    onSuccess: async (answer) => {
      if ('needsProfile' in answer) return;
      if (answer.created) {
        (await import('@client/lib/share-source')).forgetShareSource();
        // A new member starts afresh on this browser: nothing of whoever used it before (docs/spec/member-app.md, the waitlist form).
        resetStorageFor(answer.id, answer.email);
      } else rememberUser(answer.id, answer.email);
      await freshMember(qc);
    },
  });
}

/**
 * POST /api/auth/unlock: the one-time link of a "someone tried to sign in" e-mail signs its owner
 * in and lifts the pause on code login (docs/decisions/0009-login-guessing-per-account.md).
 */
export function useUnlockWithLink() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => post('/api/auth/unlock', { token }, () => authSchemas().then((m) => m.loginResponse)),
    onSuccess: (user) => {
      rememberUser(user.id, user.email);
      return freshMember(qc);
    },
  });
}
