import type { CreateUserBody } from '@shared/schemas/users';
import { post } from '@client/lib/api';

/**
 * POST /api/users with the spec's full payload (username = e-mail; empty objects and nulls
 * for the fields a signup form does not ask).
 */
export function toSignupPayload(p: { name: string; email: string; age: number; bio?: string | null; interests?: string[] }): CreateUserBody {
  const email = p.email.trim();
  return {
    name: p.name.trim(),
    email,
    username: email,
    age: p.age,
    bio: p.bio?.trim() ? p.bio.trim() : null,
    interests: p.interests ?? [],
    contactInfo: null,
    profileImage: null,
    personalityTraits: {},
    preferences: {},
    communicationStyle: null,
  };
}

/**
 * Sign up, with the platform of the shared link the visitor came from, if any (/share analytics):
 * the server mails a code and keeps the answers with it; the account, and its count as a sign-up,
 * are made only when the code is entered at /login (docs/decisions/0070). A plain
 * function for the landing page, whose first paint goes without TanStack Query
 * (docs/decisions/0024-the-landing-page-without-tanstack-query.md); the other forms use `useSignup` (use-signup.ts).
 */
export async function signUp(payload: CreateUserBody) {
  // The share source and the answer's schema load with the submit: neither is in the first paint of /
  // (docs/architecture.md, budgets; the room they leave pays for the service worker's loader, docs/decisions/0051).
  const { withShareSource } = await import('@client/lib/share-source');
  return post('/api/users', withShareSource(payload), () => import('@shared/schemas/auth').then((m) => m.loginStarted));
}
