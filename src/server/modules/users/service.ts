import type { z } from 'zod';
import type { createUserBody, updateUserBody, User } from '@shared/schemas/users';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../errors';
import * as matching from '../matching/service';
import * as q from './queries';

export const USER_NOT_FOUND = 'User not found';
export const EMAIL_TAKEN = 'An account with this email already exists. Please log in instead.';

type Row = NonNullable<Awaited<ReturnType<typeof q.findUser>>>;

export function toUser(row: Row): User {
  return { ...row, createdAt: row.createdAt.toISOString() };
}

export async function createUser(db: Db, input: z.output<typeof createUserBody>, opts: { isDemo?: boolean } = {}) {
  const row = await q.insertUser(db, {
    username: input.email,
    name: input.name,
    email: input.email,
    age: input.age,
    bio: input.bio,
    interests: input.interests,
    contactInfo: input.contactInfo,
    profileImage: input.profileImage,
    personalityTraits: input.personalityTraits,
    preferences: input.preferences,
    communicationStyle: input.communicationStyle,
    isDemo: opts.isDemo ?? false,
  });
  if (!row) throw conflict(EMAIL_TAKEN);
  return toUser(row);
}

export async function getUser(db: Db, id: number) {
  const row = await q.findUser(db, id);
  if (!row) throw notFound(USER_NOT_FOUND);
  return toUser(row);
}

export async function listUsers(db: Db) {
  const rows = await q.listUsers(db);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function updateUser(db: Db, id: number, input: z.output<typeof updateUserBody>) {
  const row = await q.updateUser(db, id, input);
  if (!row) throw notFound(USER_NOT_FOUND);
  return toUser(row);
}

export async function deleteUser(db: Db, id: number) {
  if (!(await q.deleteUser(db, id))) throw notFound(USER_NOT_FOUND);
}


export async function userStats(db: Db, id: number) {
  await getUser(db, id);
  return { eventsAttended: await q.attendedCount(db, id), ...(await matching.activity(db, id)) };
}

/** Everything stored about a member, for the "download my data" button. */
export async function exportUser(db: Db, id: number) {
  const user = await getUser(db, id);
  return {
    exportedAt: new Date().toISOString(),
    user,
    roles: (await q.rolesOf(db, id)).map((r) => ({ role: r.role, grantedAt: r.grantedAt.toISOString() })),
    sessions: (await q.sessionsOf(db, id)).map((s) => ({ createdAt: s.createdAt.toISOString(), expiresAt: s.expiresAt.toISOString() })),
    registrations: (await q.userEvents(db, id)).map((r) => ({ ...r, date: r.date.toISOString(), registeredAt: r.registeredAt.toISOString() })),
  };
}

export type GrantableRole = 'host' | 'admin';

/** Grant a role by e-mail (the admin CLI, and later host approvals). */
export async function grantRole(db: Db, email: string, role: GrantableRole) {
  const id = await q.findIdByEmail(db, email.toLowerCase());
  if (!id) throw notFound(USER_NOT_FOUND);
  await q.insertRole(db, id, role);
  return { id, email: email.toLowerCase(), role, granted: true };
}

export async function revokeRole(db: Db, email: string, role: GrantableRole) {
  const id = await q.findIdByEmail(db, email.toLowerCase());
  if (!id) throw notFound(USER_NOT_FOUND);
  const removed = await q.removeRole(db, id, role);
  return { id, email: email.toLowerCase(), role, revoked: removed };
}
