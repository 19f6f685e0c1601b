import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginCodes, sessions, userRoles, users } from '../../db/schema/index';

export async function findSessionUser(db: Db, tokenHash: string) {
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
  return rows[0] ?? null;
}

export async function storedRoles(db: Db, userId: number) {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role);
}

export async function insertSession(db: Db, p: { tokenHash: string; userId: number; expiresAt: Date }) {
  await db.insert(sessions).values(p);
}

export async function deleteSession(db: Db, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteExpiredSessions(db: Db) {
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`));
}

export async function findUserByEmail(db: Db, email: string) {
  const rows = await db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.email, email)).limit(1);
  return rows[0] ?? null;
}

/** Replace any earlier code for this e-mail: only the newest code works. */
export async function upsertLoginCode(db: Db, p: { email: string; codeHash: string; expiresAt: Date }) {
  await db
    .insert(loginCodes)
    .values({ ...p, attempts: 0 })
    .onConflictDoUpdate({ target: loginCodes.email, set: { codeHash: p.codeHash, expiresAt: p.expiresAt, attempts: 0, createdAt: sql`now()` } });
}

/**
 * Count one attempt atomically and return the code's state after it, so concurrent guesses
 * cannot exceed the attempt limit.
 */
export async function countLoginAttempt(db: Db, email: string) {
  const rows = await db
    .update(loginCodes)
    .set({ attempts: sql`${loginCodes.attempts} + 1` })
    .where(eq(loginCodes.email, email))
    .returning({ codeHash: loginCodes.codeHash, attempts: loginCodes.attempts, expiresAt: loginCodes.expiresAt });
  return rows[0] ?? null;
}

export async function deleteLoginCode(db: Db, email: string) {
  await db.delete(loginCodes).where(eq(loginCodes.email, email));
}
