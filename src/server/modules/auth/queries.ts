import { and, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { batched, GATHER_MS, inPlace, MOST_TOGETHER } from '../../db/batched';
import { runPrepared, type PreparedStatement } from '../../db/prepared';
import { loginCodes, sessions, userRoles, users } from '../../db/schema/index';

/**
 * The sessions that stand among those asked for in `asked` (a CTE of the statement, with its place i
 * and the token's hash h), each with its user and their stored roles. Each is looked up by its hash
 * (LATERAL): joined as a set, the planner read every session to hash them, 12 ms a statement at a
 * rush (docs/decisions/0151).
 * A suspended account has no session (docs/decisions/0041): its rows are deleted as it is suspended, and never read meanwhile.
 */
const standing = `
    SELECT x.i, w.* FROM asked x CROSS JOIN LATERAL (
      SELECT u.id, u.email, u.name, (extract(epoch from s.expires_at) * 1000)::float8 AS expires_ms,
        coalesce((SELECT array_agg(r.role::text) FROM "user_roles" r WHERE r.user_id = u.id), '{}'::text[]) AS roles
      FROM "sessions" s JOIN "users" u ON u.id = s.user_id
      WHERE s.token_hash = x.h AND s.expires_at > now() AND u.suspended_at IS NULL
      LIMIT 1
    ) w`;

/**
 * Sessions that stand: read by every request and every socket command, so prepared once per connection
 * (docs/decisions/0102), and those asked together read in one statement (docs/decisions/0151).
 * $1 a JSON array of {i, h}: the place, the token's hash.
 */
const FIND_SESSIONS: PreparedStatement = {
  name: 'find_sessions',
  text: `WITH asked AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(i int, h text)) ${standing}`,
};

type SessionRow = { id: number; email: string; name: string; expires_ms: number; roles: string[] };
const sessionOf = (row: SessionRow) => ({
  id: Number(row.id),
  email: row.email,
  name: row.name,
  expiresAt: new Date(Number(row.expires_ms)),
  roles: row.roles,
});

const sessionsTogether = batched<string, ReturnType<typeof sessionOf> | null>({
  most: MOST_TOGETHER,
  gatherMs: GATHER_MS,
  async run(db, hashes) {
    const rows = await runPrepared<SessionRow & { i: number }>(db, FIND_SESSIONS, [JSON.stringify(hashes.map((h, i) => ({ i, h })))]);
    return inPlace(rows, hashes.length, sessionOf);
  },
});

/** The session behind a token's hash, if it stands, read with those asked beside it. */
export const findSession = (db: Db, tokenHash: string) => sessionsTogether(db, tokenHash);

/**
 * Sessions, and an Idempotency-Key claimed for each one's member, in one statement (docs/decisions/0125,
 * 0151): a keyed write (a rating right after the bell) makes one statement fewer, and the keyed writes
 * that arrive together share it. The claim is the plugin's (plugins/idempotency.ts): the key's row for
 * this member, kept only when no row holds the key yet. $1 a JSON array of {i, h, k, q}: the place, the
 * token's hash, the key, what the request is. Claims are written in the order of their keys
 * (docs/decisions/0149); two asks with the same key never share a statement (`claimingTogether`), so
 * a claim that another row of the same statement took is never counted twice.
 */
const FIND_SESSIONS_CLAIMING: PreparedStatement = {
  name: 'find_sessions_claiming',
  together: true,
  text: `
    WITH asked AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(i int, h text, k text, q text)),
    s AS (SELECT w.*, x.k, x.q FROM (${standing}) w JOIN asked x ON x.i = w.i),
    claimed AS (
      INSERT INTO "idempotent_requests" (user_id, key, request) SELECT s.id, s.k, s.q FROM s ORDER BY s.id, s.k
      ON CONFLICT DO NOTHING RETURNING user_id, key
    )
    SELECT s.i, s.id, s.email, s.name, s.expires_ms, s.roles, EXISTS (SELECT 1 FROM claimed c WHERE c.user_id = s.id AND c.key = s.k) AS claimed
    FROM s`,
};

type Claiming = { tokenHash: string; key: string; request: string };
type Claimed = { session: ReturnType<typeof sessionOf>; claimed: boolean } | null;

const claimingTogether = batched<Claiming, Claimed>({
  most: MOST_TOGETHER,
  gatherMs: GATHER_MS,
  apart: (ask) => ask.key,
  async run(db, asks) {
    const input = asks.map((a, i) => ({ i, h: a.tokenHash, k: a.key, q: a.request }));
    const rows = await runPrepared<SessionRow & { i: number; claimed: boolean }>(db, FIND_SESSIONS_CLAIMING, [JSON.stringify(input)]);
    return inPlace(rows, asks.length, (row) => ({ session: sessionOf(row), claimed: row.claimed === true }));
  },
});

/** The session behind a token, and the key claimed for its member, with the keyed writes asked beside it. */
export const findSessionClaiming = (db: Db, tokenHash: string, key: string, request: string) => claimingTogether(db, { tokenHash, key, request });

/** Of these token hashes, the ones whose session still stands. */
export async function openSessions(db: Db, tokenHashes: string[]) {
  if (!tokenHashes.length) return [];
  const rows = await db
    .select({ tokenHash: sessions.tokenHash })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(inArray(sessions.tokenHash, tokenHashes), gt(sessions.expiresAt, sql`now()`), isNull(users.suspendedAt)));
  return rows.map((r) => r.tokenHash);
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
  const rows = await db
    .select({ id: users.id, email: users.email, name: users.name, suspendedAt: users.suspendedAt })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return rows[0] ?? null;
}

/** Replace any earlier code for this e-mail: only the newest code works. */
export async function upsertLoginCode(db: Db, p: { email: string; codeHash: string; expiresAt: Date; signup: Record<string, unknown> | null }) {
  await db
    .insert(loginCodes)
    .values({ ...p, attempts: 0 })
    .onConflictDoUpdate({
      target: loginCodes.email,
      // "Send a new code" from the code step has no form with it: the form's answers stay with the new code.
      set: { codeHash: p.codeHash, expiresAt: p.expiresAt, attempts: 0, createdAt: sql`now()`, signup: p.signup ?? sql`${loginCodes.signup}` },
    });
}

/** A right code for a new address stays good for the account's last step (docs/decisions/0070). */
export async function resetLoginAttempts(db: Db, email: string) {
  await db.update(loginCodes).set({ attempts: 0 }).where(eq(loginCodes.email, email));
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
    .returning({ codeHash: loginCodes.codeHash, attempts: loginCodes.attempts, expiresAt: loginCodes.expiresAt, signup: loginCodes.signup });
  return rows[0] ?? null;
}

export async function deleteExpiredLoginCodes(db: Db) {
  await db.delete(loginCodes).where(lt(loginCodes.expiresAt, sql`now()`));
}

export async function deleteLoginCode(db: Db, email: string) {
  await db.delete(loginCodes).where(eq(loginCodes.email, email));
}

/* Wrong codes per account, across codes (docs/decisions/0009-login-guessing-per-account.md). */

type GuardRow = { failures: number; window_start_ms: number };
const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
const iso = (d: Date) => d.toISOString();

/**
 * Take one place for a guess in the account's window, atomically: a new window when the last
 * one is over, else one more unless `max` places are taken. Null: the account is locked.
 */
export async function takeLoginGuess(db: Db, p: { email: string; now: Date; max: number; windowMs: number }) {
  const cutoff = new Date(p.now.getTime() - p.windowMs);
  const r = await db.execute(sql`
    INSERT INTO login_guards AS g (email, window_started_at, failures) VALUES (${p.email}, ${iso(p.now)}::timestamptz, 1)
    ON CONFLICT (email) DO UPDATE SET
      window_started_at = CASE WHEN g.window_started_at <= ${iso(cutoff)}::timestamptz THEN ${iso(p.now)}::timestamptz ELSE g.window_started_at END,
      failures = CASE WHEN g.window_started_at <= ${iso(cutoff)}::timestamptz THEN 1 ELSE g.failures + 1 END,
      lock_mailed_at = CASE WHEN g.window_started_at <= ${iso(cutoff)}::timestamptz THEN NULL ELSE g.lock_mailed_at END,
      unlock_token_hash = CASE WHEN g.window_started_at <= ${iso(cutoff)}::timestamptz THEN NULL ELSE g.unlock_token_hash END
    WHERE g.window_started_at <= ${iso(cutoff)}::timestamptz OR g.failures < ${p.max}
    RETURNING g.failures, (extract(epoch from g.window_started_at) * 1000)::float8 AS window_start_ms`);
  const row = rowsOf<GuardRow>(r)[0];
  return row ? { failures: Number(row.failures), windowStart: new Date(Number(row.window_start_ms)) } : null;
}

/** When the account's lock began (its window's start), or null when it is not locked. */
export async function loginLockWindow(db: Db, p: { email: string; now: Date; max: number; windowMs: number }) {
  const cutoff = new Date(p.now.getTime() - p.windowMs);
  const r = await db.execute(sql`
    SELECT (extract(epoch from window_started_at) * 1000)::float8 AS window_start_ms FROM login_guards
    WHERE email = ${p.email} AND window_started_at > ${iso(cutoff)}::timestamptz AND failures >= ${p.max}`);
  const row = rowsOf<{ window_start_ms: number }>(r)[0];
  return row ? new Date(Number(row.window_start_ms)) : null;
}

/** Give back the place a right guess took (only right codes are not counted). */
export async function returnLoginGuess(db: Db, p: { email: string; now: Date; windowMs: number }) {
  const cutoff = new Date(p.now.getTime() - p.windowMs);
  await db.execute(sql`
    UPDATE login_guards SET failures = failures - 1
    WHERE email = ${p.email} AND window_started_at > ${iso(cutoff)}::timestamptz AND failures > 0`);
}

/**
 * True for exactly one caller per lock: the one that should tell the owner. It stores the hash of
 * the one-time unlock link that its notice carries.
 */
export async function claimLockMail(db: Db, p: { email: string; now: Date; max: number; windowMs: number; unlockTokenHash: string }) {
  const cutoff = new Date(p.now.getTime() - p.windowMs);
  const r = await db.execute(sql`
    UPDATE login_guards SET lock_mailed_at = ${iso(p.now)}::timestamptz, unlock_token_hash = ${p.unlockTokenHash}
    WHERE email = ${p.email} AND window_started_at > ${iso(cutoff)}::timestamptz AND failures >= ${p.max} AND lock_mailed_at IS NULL
    RETURNING email`);
  return rowsOf<{ email: string }>(r).length > 0;
}

/**
 * Use an unlock link: the guard of its lock is deleted (the lock is cleared and the link cannot
 * work twice) if its window has not ended. Returns the e-mail it was for, or null.
 */
export async function useUnlockLink(db: Db, p: { tokenHash: string; now: Date; windowMs: number }) {
  const cutoff = new Date(p.now.getTime() - p.windowMs);
  const r = await db.execute(sql`
    DELETE FROM login_guards WHERE unlock_token_hash = ${p.tokenHash} AND window_started_at > ${iso(cutoff)}::timestamptz
    RETURNING email`);
  return rowsOf<{ email: string }>(r)[0]?.email ?? null;
}

/** Guards whose window ended before `before` count nothing any more. */
export async function deleteOldLoginGuards(db: Db, before: Date) {
  await db.execute(sql`DELETE FROM login_guards WHERE window_started_at <= ${iso(before)}::timestamptz`);
}

/* Codes mailed per address (issue 33): a fixed window in rate_limits, started by its first code. */

/** Count one code mail for `key` atomically; the count in the window after it, and when the window ends. */
export async function countCodeMail(db: Db, p: { key: string; now: Date; windowMs: number }) {
  const end = new Date(p.now.getTime() + p.windowMs);
  const r = await db.execute(sql`
    INSERT INTO rate_limits AS r (key, window_start, expires_at, count) VALUES (${p.key}, ${iso(p.now)}::timestamptz, ${iso(end)}::timestamptz, 1)
    ON CONFLICT (key) DO UPDATE SET
      window_start = CASE WHEN r.expires_at <= ${iso(p.now)}::timestamptz THEN excluded.window_start ELSE r.window_start END,
      expires_at = CASE WHEN r.expires_at <= ${iso(p.now)}::timestamptz THEN excluded.expires_at ELSE r.expires_at END,
      count = CASE WHEN r.expires_at <= ${iso(p.now)}::timestamptz THEN 1 ELSE r.count + 1 END
    RETURNING r.count, (extract(epoch from r.expires_at) * 1000)::float8 AS until_ms`);
  const row = rowsOf<{ count: number; until_ms: number }>(r)[0]!;
  return { count: Number(row.count), until: new Date(Number(row.until_ms)) };
}

export async function forgetCodeMails(db: Db, key: string) {
  await db.execute(sql`DELETE FROM rate_limits WHERE key = ${key}`);
}

export async function deleteOldCodeMailCounts(db: Db, before: Date) {
  await db.execute(sql`DELETE FROM rate_limits WHERE key LIKE 'login-codes:%' AND expires_at <= ${iso(before)}::timestamptz`);
}

/** The roles stored for an account (ADMIN_EMAILS adds admin on top: service.effectiveRoles). */
export async function storedRoles(db: Db, userId: number) {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role as string);
}
