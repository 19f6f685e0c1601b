import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginResponse, Me } from '@shared/schemas/auth';
import { ApiError, get, post } from '@client/lib/api';
import { forgetUser, isSignedIn, rememberUser } from '@client/lib/session';

/** The signed-in member from the server session, or null for a visitor. */
export const meQuery = queryOptions({
  queryKey: ['auth', 'me'] as const,
  queryFn: async (): Promise<Me | null> => {
    // A visitor with no stored sign-in has no session to ask about (and no 401 to log).
    if (!isSignedIn()) return null;
    try {
      return await get<Me>('/api/auth/me');
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) return null;
      throw err;
    }
  },
});

export function useMe() {
  return useQuery(meQuery);
}

export function useStartLogin() {
  return useMutation({
    mutationFn: (email: string) => post<{ message: string; email: string }>('/api/auth/login', { email }),
  });
}

export function useVerifyLogin() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (p: { email: string; code: string }) => post<LoginResponse>('/api/auth/verify', p),
    onSuccess: (user) => {
      rememberUser(user.id, user.email);
      qc.removeQueries();
      void qc.invalidateQueries(meQuery);
    },
  });
}

export function useLogout() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => post<void>('/api/auth/logout'),
    onSettled: () => {
      forgetUser();
      qc.clear();
    },
  });
}
