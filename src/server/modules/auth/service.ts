import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { LOGIN_CODE_MAX_ATTEMPTS, LOGIN_CODE_TTL_MINUTES } from '@shared/domain/constants';
import type { Role } from '@shared/schemas/users';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { SessionStore, Viewer } from '../../plugins/auth';
import type { Mailer } from '../../plugins/mail';
import * as q from './queries';

export type { Viewer };

export const EMAIL_NOT_FOUND = 'Email not found. Please check your email or sign up first.';
export const WRONG_CODE = 'That code is not right. Check your email and try again.';
export const CODE_EXPIRED = 'This code has expired or was tried too many times. Ask for a new code.';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function viewerFromToken(db: Db, token: string, adminEmails: string[]): Promise<Viewer | null> {
  const user = await q.findSessionUser(db, hashToken(token));
  if (!user) return null;
  return { ...user, roles: effectiveRoles(user.email, await q.storedRoles(db, user.id), adminEmails) };
}

/** member always; admin from the table or ADMIN_EMAILS; an admin can do everything a host can. */
export function effectiveRoles(email: string, stored: string[], adminEmails: string[]): Role[] {
  const isAdmin = stored.includes('admin') || adminEmails.includes(email.toLowerCase());
  const isHost = isAdmin || stored.includes('host');
  return ['member', ...(isHost ? (['host'] as const) : []), ...(isAdmin ? (['admin'] as const) : [])];
}

export async function createSession(db: Db, userId: number, days: number) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + days * 86_400_000);
  await q.insertSession(db, { tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

export async function endSession(db: Db, token: string) {
  await q.deleteSession(db, hashToken(token));
}

/** The sessions the auth plugin reads and writes (wired in buildApp). */
export function sessionStore(db: Db, opts: { adminEmails: string[]; sessionDays: number }): SessionStore {
  return {
    viewerFromToken: (token) => viewerFromToken(db, token, opts.adminEmails),
    create: (userId) => createSession(db, userId, opts.sessionDays),
    end: (token) => endSession(db, token),
  };
}

const codeHash = (email: string, code: string) => createHash('sha256').update(`${email}:${code}`).digest();

/** Step 1 of login: a known e-mail gets a fresh 6-digit code by mail. */
export async function startLogin(db: Db, mailer: Mailer, email: string, appName: string) {
  const user = await q.findUserByEmail(db, email);
  if (!user) throw new AppError('not_found', EMAIL_NOT_FOUND);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await q.upsertLoginCode(db, {
    email,
    codeHash: codeHash(email, code).toString('hex'),
    expiresAt: new Date(Date.now() + LOGIN_CODE_TTL_MINUTES * 60_000),
  });
  await mailer.send({
    to: email,
    subject: `Your ${appName} login code: ${code}`,
    text: `Hi ${user.name},\n\nYour login code is ${code}.\nIt works for ${LOGIN_CODE_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail.\n\n${appName}`,
    loginCode: code,
  });
}

/** Step 2: the right code within 10 minutes and 5 tries proves the e-mail. */
export async function verifyLogin(db: Db, email: string, code: string) {
  const state = await q.countLoginAttempt(db, email);
  if (!state) throw new AppError('unauthenticated', CODE_EXPIRED);
  if (state.expiresAt.getTime() < Date.now() || state.attempts > LOGIN_CODE_MAX_ATTEMPTS) {
    await q.deleteLoginCode(db, email);
    throw new AppError('unauthenticated', CODE_EXPIRED);
  }
  const expected = Buffer.from(state.codeHash, 'hex');
  const given = codeHash(email, code);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new AppError('unauthenticated', WRONG_CODE);
  }
  await q.deleteLoginCode(db, email);
  const user = await q.findUserByEmail(db, email);
  if (!user) throw new AppError('not_found', EMAIL_NOT_FOUND);
  return user;
}

export const cleanUpSessions = q.deleteExpiredSessions;
