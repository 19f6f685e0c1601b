import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { LOGIN_CODE_MAX_ATTEMPTS, LOGIN_CODE_TTL_MINUTES } from '@shared/domain/constants';
import { TIME_ZONE } from '@shared/domain/time';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import { createUserBody, type Role } from '@shared/schemas/users';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import type { CurrentSession, SessionStore, Viewer } from '../../plugins/auth';
import type { Mailer } from '../../plugins/mail';
import * as q from './queries';
import { hashSecret, newSecret } from '../../lib/secret';

export type { Viewer };

export const APP_NAME = 'Speed Friendship';

/** A locked account's answer, and too many codes for one address, say when to come back (Retry-After), like the per-IP limit's. */
export async function retryAfterOnLock<T>(reply: FastifyReply, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof LoginLockedError || err instanceof TooManyCodesError) reply.header('retry-after', String(err.retryAfterSeconds));
    throw err;
  }
}

/** What POST /api/auth/login and POST /api/users answer, for every address alike (docs/decisions/0070). */
export const codeSent = (email: string) => ({ message: 'We sent a 6-digit code to your email. It works for 10 minutes.', email });

export const WRONG_CODE = 'That code is not right. Check your email and try again.';
export const UNLOCK_LINK_USED = 'This link has already been used or has expired. Ask for a new login code instead.';
export const CODE_EXPIRED = 'This code has expired or was tried too many times. Ask for a new code.';
/** Said to a suspended account at login (docs/decisions/0041). */
export const ACCOUNT_SUSPENDED = 'This account is suspended, so you cannot sign in. If you think this is a mistake, reply to the e-mail we sent you about it.';

export const hashToken = hashSecret;

/** The key a session goes by on the live bus: the start of its token's hash (migration 0015 says the same). */
export const sessionKey = (tokenHash: string) => tokenHash.slice(0, 16);

/** The session behind a token as it is now, in one query: its user with their roles, and its expiry. */
type StoredSession = NonNullable<Awaited<ReturnType<typeof q.findSession>>>;
const asViewer = ({ roles, expiresAt: _expiresAt, ...user }: StoredSession, adminEmails: string[]): Viewer => ({
  ...user,
  roles: effectiveRoles(user.email, roles, adminEmails),
});

export async function currentSession(db: Db, token: string, adminEmails: string[]): Promise<CurrentSession | null> {
  const tokenHash = hashToken(token);
  const row = await q.findSession(db, tokenHash);
  return row ? { viewer: asViewer(row, adminEmails), expiresAt: row.expiresAt, key: sessionKey(tokenHash) } : null;
}

export async function viewerFromToken(db: Db, token: string, adminEmails: string[]): Promise<Viewer | null> {
  return (await currentSession(db, token, adminEmails))?.viewer ?? null;
}

/** The viewer, and whether their Idempotency-Key was claimed, in one statement (docs/decisions/0125). */
export async function viewerClaiming(db: Db, token: string, claim: { key: string; request: string }, adminEmails: string[]) {
  const found = await q.findSessionClaiming(db, hashToken(token), claim.key, claim.request);
  return found ? { viewer: asViewer(found.session, adminEmails), claimed: found.claimed } : { viewer: null, claimed: false };
}

/** member always; admin from the table or ADMIN_EMAILS; an admin can do everything a host can. */
export function effectiveRoles(email: string, stored: string[], adminEmails: string[]): Role[] {
  const isAdmin = stored.includes('admin') || adminEmails.includes(email.toLowerCase());
  const isHost = isAdmin || stored.includes('host');
  return ['member', ...(isHost ? (['host'] as const) : []), ...(isAdmin ? (['admin'] as const) : [])];
}

export async function createSession(db: Db, userId: number, days: number) {
  const token = newSecret();
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
    viewerClaiming: (token, claim) => viewerClaiming(db, token, claim, opts.adminEmails),
    current: (token) => currentSession(db, token, opts.adminEmails),
    async stillOpen(tokens) {
      const open = new Set(await q.openSessions(db, tokens.map(hashToken)));
      return new Set(tokens.filter((t) => open.has(hashToken(t))));
    },
    create: (userId) => createSession(db, userId, opts.sessionDays),
    end: (token) => endSession(db, token),
  };
}

/**
 * A pending code is stored as HMAC-SHA256(key, email:code), the key outside the database (issue 33):
 * the million codes of an address cannot be tried against a stolen copy of the tables.
 */
const codeHash = (secret: Buffer, email: string, code: string) => createHmac('sha256', secret).update(`${email}:${code}`).digest();

/** Without a key given (a direct call, not through the routes): one per process, in memory. */
const processSecret = randomBytes(32);

/** Wrong codes an account takes within LOGIN_GUARD_WINDOW_MS, across codes, before code login locks. */
export const LOGIN_GUARD_MAX_FAILURES = 10;
export const LOGIN_GUARD_WINDOW_MS = 60 * 60_000;

const londonClock = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

export const loginLockedMessage = (until: Date) =>
  `Too many wrong codes for this account. To keep it safe, signing in with a code is paused until ${londonClock.format(until)} (UK time). Please try again then.`;

/** Code login is locked for this account until `until` (429 with Retry-After). */
export class LoginLockedError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(
    readonly until: Date,
    now: Date,
  ) {
    super('rate_limited', loginLockedMessage(until));
    this.retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  }
}

/** Codes mailed to one address within LOGIN_CODE_MAIL_WINDOW_MS before more are refused (issue 33); a right code starts the count again. */
export const LOGIN_CODE_MAILS = 5;
export const LOGIN_CODE_MAIL_WINDOW_MS = 15 * 60_000;

export const tooManyCodesMessage = (until: Date) =>
  `We have sent several codes to this address in the last few minutes. Please wait until ${londonClock.format(until)} (UK time) before asking for another; a code already sent still works until it expires.`;

/** Too many codes asked for one address (429 with Retry-After): said alike whether the address has an account or not. */
export class TooManyCodesError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(until: Date, now: Date) {
    super('rate_limited', tooManyCodesMessage(until));
    this.retryAfterSeconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  }
}

/** The code-mail counter's key for an address: not the address itself. */
const codeMailKey = (email: string) => `login-codes:${createHash('sha256').update(email).digest('hex')}`;

const guard = (email: string, now: Date) => ({ email, now, max: LOGIN_GUARD_MAX_FAILURES, windowMs: LOGIN_GUARD_WINDOW_MS });

async function refuseWhileLocked(db: Db, email: string, now: Date) {
  const since = await q.loginLockWindow(db, guard(email, now));
  if (since) throw new LoginLockedError(new Date(since.getTime() + LOGIN_GUARD_WINDOW_MS), now);
}

/** The account a sign-up form or the log-in page's last step asks for, once the code proves the address. */
export type NewAccount = z.output<typeof createUserBody>;

/** Asked of a new address after its code, when no sign-up form gave them (docs/decisions/0070). */
export const PROFILE_NEEDED = 'Your e-mail is confirmed. Tell us your first name and age to create your account.';

/**
 * Step 1, for log-in and sign-up alike (docs/decisions/0070): any address gets a fresh 6-digit
 * code by mail, known or not, and the answer is the same either way, so it tells nobody whether an
 * account exists. A sign-up form's answers (`signup`) wait with the code; no account exists until
 * the code is entered. A suspended account's owner is told by mail, and gets no code.
 */
export async function startLogin(
  db: Db,
  mailer: Mailer,
  email: string,
  appName: string,
  now = new Date(),
  secret: Buffer = processSecret,
  signup: NewAccount | null = null,
) {
  // Counted before the address is looked up, so the limit answers alike for every address.
  const mailed = await q.countCodeMail(db, { key: codeMailKey(email), now, windowMs: LOGIN_CODE_MAIL_WINDOW_MS });
  if (mailed.count > LOGIN_CODE_MAILS) throw new TooManyCodesError(mailed.until, now);
  const user = await q.findUserByEmail(db, email);
  if (user?.suspendedAt) {
    await mailer.send({ to: email, subject: `Your ${appName} account`, text: `Hi ${user.name},\n\n${ACCOUNT_SUSPENDED}\n\n${appName}` });
    return;
  }
  await refuseWhileLocked(db, email, now);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await q.upsertLoginCode(db, {
    email,
    codeHash: codeHash(secret, email, code).toString('hex'),
    expiresAt: new Date(now.getTime() + LOGIN_CODE_TTL_MINUTES * 60_000),
    // An existing account is signed in, never re-made; a new address keeps the form's answers.
    signup: user ? null : (signup as Record<string, unknown> | null),
  });
  const lasts = `It works for ${LOGIN_CODE_TTL_MINUTES} minutes. If you did not ask for it, you can ignore this e-mail: nothing happens without the code.`;
  const text = user
    ? `Hi ${user.name},\n\n${signup ? `${EMAIL_TAKEN_BY_MAIL}\n\n` : ''}Your login code is ${code}.\n${lasts}\n\n${appName}`
    : `Hi${signup ? ` ${signup.name}` : ''},\n\nYour code is ${code}. Enter it on the page you came from to confirm this address and create your ${appName} account.\n${lasts}\n\n${appName}`;
  await mailer.send({ to: email, subject: `Your ${appName} login code: ${code}`, text, loginCode: code });
}

/** Said by mail, not on the page (which answers alike for every address), when a sign-up names an address that has an account. */
export const EMAIL_TAKEN_BY_MAIL =
  'An account with this email already exists, so this code logs you in to it (nothing you typed in the sign-up form was changed).';

export type VerifyOutcome = { user: { id: number; email: string; name: string }; created: boolean } | { needsProfile: true };

/**
 * Step 2: the right code within 10 minutes and 5 tries proves the e-mail, unless the account has
 * had LOGIN_GUARD_MAX_FAILURES wrong codes within the hour: then no code works until the hour is over.
 * Each guess takes its place in the account's count before it is compared (one atomic upsert),
 * so parallel guesses cannot exceed the limit; a right code gives its place back.
 *
 * A proven new address becomes an account (`createAccount`) from the sign-up form's answers waiting
 * with the code, or from `profile` (the log-in page's last step); with neither, the code stays good
 * for that step and the answer is `needsProfile` (docs/decisions/0070).
 */
export async function verifyLogin(
  db: Db,
  email: string,
  code: string,
  opts: {
    mailer?: Mailer;
    appName?: string;
    now?: Date;
    publicUrl?: string;
    secret?: Buffer;
    profile?: Partial<NewAccount>;
    createAccount?: (account: NewAccount) => Promise<{ id: number; email: string; name: string }>;
  } = {},
): Promise<VerifyOutcome> {
  const now = opts.now ?? new Date();
  await refuseWhileLocked(db, email, now);
  const state = await q.countLoginAttempt(db, email);
  if (!state) throw new AppError('unauthenticated', CODE_EXPIRED);
  if (state.expiresAt.getTime() < now.getTime() || state.attempts > LOGIN_CODE_MAX_ATTEMPTS) {
    await q.deleteLoginCode(db, email);
    throw new AppError('unauthenticated', CODE_EXPIRED);
  }
  const place = await q.takeLoginGuess(db, guard(email, now));
  if (!place) {
    await q.deleteLoginCode(db, email);
    await refuseWhileLocked(db, email, now);
    throw new AppError('unauthenticated', CODE_EXPIRED);
  }
  const expected = Buffer.from(state.codeHash, 'hex');
  const given = codeHash(opts.secret ?? processSecret, email, code);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    if (place.failures >= LOGIN_GUARD_MAX_FAILURES) {
      // This wrong code used the account's last place: lock and tell the owner, once per lock.
      const until = new Date(place.windowStart.getTime() + LOGIN_GUARD_WINDOW_MS);
      const unlockToken = newSecret();
      if (opts.mailer && (await q.claimLockMail(db, { ...guard(email, now), unlockTokenHash: hashToken(unlockToken) }))) {
        await mailLockNotice(db, opts.mailer, email, until, opts.appName ?? 'Speed Friendship', `${opts.publicUrl ?? ''}/unlock#token=${unlockToken}`);
      }
      throw new LoginLockedError(until, now);
    }
    throw new AppError('unauthenticated', WRONG_CODE);
  }
  await q.returnLoginGuess(db, { email, now, windowMs: LOGIN_GUARD_WINDOW_MS });
  const proven = async () => {
    await q.deleteLoginCode(db, email);
    // The mailbox is proven: its owner may ask for codes again.
    await q.forgetCodeMails(db, codeMailKey(email));
  };
  const user = await q.findUserByEmail(db, email);
  if (user) {
    await proven();
    // A code sent before the suspension does not open a session.
    if (user.suspendedAt) throw new AppError('forbidden', ACCOUNT_SUSPENDED);
    return { user: { id: user.id, email: user.email, name: user.name }, created: false };
  }
  const account = newAccount(email, state.signup, opts.profile);
  if (!account || !opts.createAccount) {
    // Proven, but nothing to make the account from yet: the same code finishes it with a name and age.
    await q.resetLoginAttempts(db, email);
    return { needsProfile: true };
  }
  let created: { id: number; email: string; name: string };
  try {
    created = await opts.createAccount(account);
  } catch (err) {
    // The same code sent twice at once: the other request made the account; this one signs in to it.
    const made = await q.findUserByEmail(db, email);
    if (!made) throw err;
    created = { id: made.id, email: made.email, name: made.name };
  }
  await proven();
  return { user: created, created: true };
}

/** The new account's answers: the sign-up form's, with the log-in page's name and age over them; null while a name or age is missing. */
function newAccount(email: string, signup: Record<string, unknown> | null, profile: Partial<NewAccount> | undefined): NewAccount | null {
  const given = Object.fromEntries(Object.entries(profile ?? {}).filter(([, v]) => v !== undefined));
  const parsed = createUserBody.safeParse({ ...(signup ?? {}), ...given, email, username: email });
  return parsed.success ? parsed.data : null;
}

async function mailLockNotice(db: Db, mailer: Mailer, email: string, until: Date, appName: string, unlockLink: string) {
  const user = await q.findUserByEmail(db, email);
  // A suspended account cannot sign in anyway: no notice, and no link that would sign it in (issue 33).
  if (!user || user.suspendedAt) return;
  await mailer.send({
    to: email,
    subject: `Someone tried to sign in to your ${appName} account`,
    text:
      `Hi ${user.name},\n\nSomeone entered ${LOGIN_GUARD_MAX_FAILURES} wrong login codes for your account within an hour, ` +
      `so signing in with a code is paused until ${londonClock.format(until)} (UK time). Nobody signed in.\n\n` +
      `Need to get in now? This link signs you in at once and lifts the pause. It works once, until ${londonClock.format(until)}:\n${unlockLink}\n\n` +
      `If it was not you, you do not need to do anything else: codes and this link only ever go to this e-mail address, so keep it safe.\n\n${appName}`,
  });
}

/**
 * POST /api/auth/unlock: the one-time link of a lock notice proves the mailbox, like a code: it
 * signs the owner in and clears the lock. Single use, valid until the lock's hour is over; only its
 * hash is stored (docs/decisions/0009-login-guessing-per-account.md).
 */
export async function unlockWithLink(db: Db, token: string, now = new Date()) {
  const email = await q.useUnlockLink(db, { tokenHash: hashToken(token), now, windowMs: LOGIN_GUARD_WINDOW_MS });
  const user = email ? await q.findUserByEmail(db, email) : null;
  if (!user) throw new AppError('bad_request', UNLOCK_LINK_USED);
  await q.deleteLoginCode(db, user.email);
  await q.forgetCodeMails(db, codeMailKey(user.email));
  // Suspended since the notice went out: the link proves the mailbox but opens no session (issue 33).
  if (user.suspendedAt) throw new AppError('forbidden', ACCOUNT_SUSPENDED);
  return { id: user.id, email: user.email, name: user.name };
}

/** The hourly sweep (main.ts): expired sessions, and account guards and code-mail counts whose window is over. */
export async function cleanUpSessions(db: Db) {
  await q.deleteExpiredSessions(db);
  await q.deleteOldLoginGuards(db, new Date(Date.now() - LOGIN_GUARD_WINDOW_MS));
  await q.deleteOldCodeMailCounts(db, new Date());
  // An expired code is no use to anyone: it is not kept until someone tries it.
  await q.deleteExpiredLoginCodes(db);
}

/** What `npm run admin -- login-link` prints (docs/decisions/0089-one-env-file-for-the-server-and-its-commands.md). */
export interface AdminLoginLink {
  email: string;
  /** PUBLIC_URL/login#email=…&code=…: the log-in page opens at its code step with the code filled in. */
  link: string;
  code: string;
  expiresAt: string;
  /** No account yet (an address of ADMIN_EMAILS): after the code, the page asks a first name and age. */
  newAccount: boolean;
}

export const NOT_AN_ADMIN = (email: string) =>
  `${email} is not an admin: a sign-in link is only for admins. Add the address to ADMIN_EMAILS (and restart), or run npm run admin -- grant ${email} admin.`;
export const NO_SUCH_ADMIN = (email: string) =>
  `Nobody has the address ${email}, and it is not in ADMIN_EMAILS: add it to ADMIN_EMAILS in the settings file (and restart) to make it the first admin.`;

/**
 * `npm run admin -- login-link EMAIL`: the first admin's first sign-in without SMTP, from the
 * server's console. It is a login code like a mailed one (stored as its keyed hash, good for
 * LOGIN_CODE_TTL_MINUTES and LOGIN_CODE_MAX_ATTEMPTS tries, gone once used, replaced by any newer
 * code for the address), handed over in a link instead of a mail. Only for an admin: an account
 * with the admin role, or an address of ADMIN_EMAILS (which may have no account yet).
 */
export async function adminLoginLink(
  db: Db,
  email: string,
  opts: { adminEmails: string[]; publicUrl: string; secret: Buffer; now?: Date },
): Promise<AdminLoginLink> {
  const now = opts.now ?? new Date();
  const address = email.trim().toLowerCase();
  const user = await q.findUserByEmail(db, address);
  if (!user && !opts.adminEmails.includes(address)) throw new AppError('not_found', NO_SUCH_ADMIN(address));
  if (user && !effectiveRoles(user.email, await q.storedRoles(db, user.id), opts.adminEmails).includes('admin')) {
    throw new AppError('forbidden', NOT_AN_ADMIN(address));
  }
  if (user?.suspendedAt) throw new AppError('forbidden', ACCOUNT_SUSPENDED);
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + LOGIN_CODE_TTL_MINUTES * 60_000);
  await q.upsertLoginCode(db, { email: address, codeHash: codeHash(opts.secret, address, code).toString('hex'), expiresAt, signup: null });
  // After '#': the code never reaches a server's or proxy's log.
  const link = `${opts.publicUrl}/login#${new URLSearchParams({ email: address, code }).toString()}`;
  return { email: address, link, code, expiresAt: expiresAt.toISOString(), newAccount: !user };
}
