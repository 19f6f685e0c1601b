/** Typed fixtures for the signup forms: the new member as POST /api/users answers. */
import type { CreateUserBody, User } from '@shared/schemas/users';
import { Reply, type FakeRequest } from '@client/test/render';

/** POST /api/users as the server answers it: the member it created from the payload (id 8). */
export function createdUser(req: FakeRequest): User {
  const b = req.body as CreateUserBody;
  return {
    id: 8,
    username: b.email,
    name: b.name,
    email: b.email.toLowerCase(),
    age: b.age,
    bio: b.bio ?? null,
    interests: b.interests ?? [],
    profileImage: null,
    contactInfo: null,
    personalityTraits: {},
    preferences: {},
    communicationStyle: null,
    createdAt: '2026-11-23T12:00:00.000Z',
  };
}

/** A refusal as the server's error handler writes it. */
export const refusal = (status: number, message: string, errors?: { path: string; message: string }[]) =>
  new Reply(status, errors ? { message, error: message, errors } : { message, error: message });

export const TAKEN = 'An account with this email already exists. Please log in instead.';
