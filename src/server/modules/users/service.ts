import type { z } from 'zod';
import { traitsFromAnswers } from '@shared/domain/personality';
import type { registerAnswersBody } from '@shared/schemas/register';
import type { createUserBody, ProfileAnswers, updateUserBody, User, UserExport } from '@shared/schemas/users';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../errors';
import * as matching from '../matching/service';
import * as privacy from '../privacy/service';
import * as share from '../share/service';
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
  // Arrived through one of our links: counted once, for the first source of the visit (docs/decisions/0047).
  if (input.source) await share.recordSignupSource(db, row.id, input.source, input.sourceEventId ?? null);
  return toUser(row);
}

export async function getUser(db: Db, id: number) {
  const row = await q.findUser(db, id);
  if (!row) throw notFound(USER_NOT_FOUND);
  return toUser(row);
}

type AnswersRow = NonNullable<Awaited<ReturnType<typeof q.findAnswers>>>;
const toAnswers = (row: AnswersRow | null): ProfileAnswers | null => (row ? { ...row, completedAt: row.completedAt.toISOString() } : null);

/**
 * The user as the member themself sees it: with their registration-wizard answers (null until
 * completed). Others (an admin) get the profile without them: the raw answers are the member's own.
 */
export async function withOwnAnswers(db: Db, user: User, viewerId: number): Promise<User> {
  if (viewerId !== user.id) return user;
  return { ...user, answers: toAnswers(await q.findAnswers(db, user.id)) };
}

/**
 * Save the registration wizard (/register, docs/spec/organiser-tools.md §2.18) for the member:
 * name, age and interests on the profile, the five answers as the matching traits
 * (@shared/domain/personality), and the raw answers, motivations and free text kept with it.
 */
export async function saveAnswers(db: Db, id: number, input: z.output<typeof registerAnswersBody>): Promise<User> {
  const saved = await q.saveAnswers(
    db,
    id,
    { name: input.name, age: input.age, interests: input.interests, traits: traitsFromAnswers(input.personality) },
    { personality: input.personality, motivations: input.motivations, lookingFor: input.lookingFor },
  );
  if (!saved) throw notFound(USER_NOT_FOUND);
  return { ...toUser(saved.user), answers: toAnswers(saved.answers) };
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

/**
 * Everything stored about a member, for the "download my data" button (docs/decisions/0043): a
 * section per table that holds something about them (modules/users/export-tables.test.ts checks every table
 * with a user column has one). Secrets are named, not given; ratings received are counted only.
 */
export async function exportUser(db: Db, id: number): Promise<UserExport> {
  return privacy.exportData(db, { ...(await getUser(db, id)), answers: toAnswers(await q.findAnswers(db, id)) });
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
