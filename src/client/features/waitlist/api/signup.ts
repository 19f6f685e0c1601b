import type { CreateUserBody } from '@shared/schemas/users';
import { post } from '@client/lib/api';

/**
 * POST /api/users with the spec's full payload (username = e-mail; empty objects and nulls
 * for the fields a signup form does not ask). The server starts a session for the new member.
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
 * Sign up, with the platform of the shared link the visitor came from, if any (/share analytics).
 * The new member's session replaces any other: the caller forgets every cached answer. A plain
 * function for the landing page, whose first paint goes without TanStack Query
 * (docs/decisions/0024-the-landing-page-without-tanstack-query.md); the other forms use `useSignup` (use-signup.ts).
 */
export async function signUp(payload: CreateUserBody) {
  // The share source and the answer's schema load with the submit: neither is in the first paint of /
  // (docs/architecture.md, budgets; the room they leave pays for the service worker's loader, docs/decisions/0051).
  const { forgetShareSource, withShareSource } = await import('@client/lib/share-source');
  const user = await post('/api/users', withShareSource(payload), () => import('@shared/schemas/users').then((m) => m.userSchema));
  forgetShareSource();
  return user;
}
