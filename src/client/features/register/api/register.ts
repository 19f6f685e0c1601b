import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RegisterAnswersBody } from '@shared/schemas/register';
import { userSchema, type CreateUserBody } from '@shared/schemas/users';
import { loginStarted } from '@shared/schemas/auth';
import { get, post, put } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** GET /api/users/{id}: the member's profile and saved answers, to start the wizard from. */
export const memberQuery = (id: number) =>
  queryOptions({
    queryKey: queryKeys.user(id),
    queryFn: () => get(`/api/users/${id}`, userSchema),
  });

export const useMember = (id: number | null) => useQuery({ ...memberQuery(id ?? 0), enabled: id !== null });

/**
 * PUT /api/users/{id}/answers: the wizard's answers, saved to the member's profile. The answer
 * becomes the cached profile, so /profile shows them at once.
 */
export function useSaveAnswers() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, body }: { userId: number; body: RegisterAnswersBody }) => put(`/api/users/${userId}/answers`, body, userSchema),
    onSuccess: (user) => {
      qc.setQueryData(memberQuery(user.id).queryKey, user);
    },
  });
}

/**
 * POST /api/users with the spec's signup payload (docs/spec/organiser-tools.md §3: username =
 * e-mail, nulls and empty objects for what the wizard does not ask). The server mails a code; the
 * account and its session come with the code, at /login (docs/decisions/0070).
 */
export function useWizardSignup() {
  return useMutation({
    mutationFn: (p: { name: string; email: string; age: number; interests: string[] }) => {
      const email = p.email.trim();
      const body: CreateUserBody = {
        name: p.name.trim(),
        email,
        username: email,
        age: p.age,
        bio: null,
        interests: p.interests,
        contactInfo: null,
        profileImage: null,
        personalityTraits: {},
        preferences: {},
        communicationStyle: null,
      };
      return post('/api/users', body, loginStarted);
    },
  });
}
