/**
 * Members and their sessions (part of harness.ts, which re-exports it): sign-up, login codes from
 * the outbox, cookies.
 */
import { randomBytes } from 'node:crypto';
import { count, desc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { createUserBody, type CreateUserBody, type User } from '@shared/schemas/users';
import { createUser } from '../modules/users/service';
import type { Db } from '../db/client';
import { mailOutbox, users } from '../db/schema/index';
import { SESSION_COOKIE } from '../plugins/auth';
import type { TestApp } from './harness-app';

let emailCounter = 0;

/** A fresh e-mail address, unique within the run. */
export function uniqueEmail(tag = 'user') {
  return `${tag}.${process.pid}.${++emailCounter}.${randomBytes(3).toString('hex')}@example.com`;
}

/** The `cookie` request header for a session cookie value such as 'sid=…'. */
export function withCookie(cookie: string | undefined, headers: Record<string, string> = {}) {
  return cookie ? { ...headers, cookie } : headers;
}

/** The session cookie a response sets, as 'sid=…' ready for a cookie header; undefined if none. */
export function sessionCookie(res: LightMyRequestResponse): string | undefined {
  const c = res.cookies.find((x) => x.name === SESSION_COOKIE);
  return c && c.value ? `${c.name}=${c.value}` : undefined;
}

export function validSignup(partial: Partial<CreateUserBody> = {}): CreateUserBody {
  return {
    name: 'Test Person',
    email: uniqueEmail(),
    age: 30,
    bio: 'I like long walks and board games.',
    interests: ['Walking', 'Board games'],
    ...partial,
  };
}

/**
 * Sign up as a newcomer does (docs/decisions/0070): POST /api/users (202, a code mailed), then the
 * code from the outbox to POST /api/auth/verify, which makes the account and the session. Returns the
 * new member as GET /api/users/{id} shows them, and the session cookie.
 */
export async function signUp(app: TestApp, partial: Partial<CreateUserBody> = {}) {
  const body = validSignup(partial);
  const res = await app.inject({ method: 'POST', url: '/api/users', payload: body });
  expect(res.statusCode, res.body).toBe(202);
  expect(sessionCookie(res), 'sign-up alone opens no session').toBeUndefined();
  const email = body.email.trim().toLowerCase();
  const verified = await verify(app, email, await latestCode(app, email));
  expect(verified.statusCode, verified.body).toBe(200);
  expect(verified.json<{ created: boolean }>().created, 'verify made the account').toBe(true);
  const cookie = sessionCookie(verified);
  expect(cookie, 'verify sets a session cookie').toBeDefined();
  const { id } = verified.json<{ id: number }>();
  const user = await app.inject({ method: 'GET', url: `/api/users/${id}`, headers: withCookie(cookie) });
  expect(user.statusCode, user.body).toBe(200);
  return { user: user.json<User>(), cookie: cookie! };
}

/**
 * A member who already has an account, made straight in the database with no sign-up mail: for tests
 * that count the mails a later step sends (the login code, the mail queue). Others use signUp.
 */
export async function existingMember(app: TestApp, partial: Partial<CreateUserBody> = {}) {
  return { user: await createUser(app.db, createUserBody.parse(validSignup(partial))) };
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  /** Metadata of the attachments (not their content). */
  attachments?: { filename: string; contentType: string; size: number }[];
  createdAt: string;
}

export async function outbox(app: TestApp, email: string): Promise<OutboxMail[]> {
  const res = await app.inject({ method: 'GET', url: '/api/dev/outbox', query: { to: email } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<OutboxMail[]>();
}

/** The secret of the claim link in the newest friend's-seat invitation mailed to this address (the table keeps only its hash). */
export async function friendSeatLinkMailedTo(app: TestApp, email: string): Promise<string> {
  // The outbox lists the newest first.
  const invite = (await outbox(app, email)).find((m) => /\/friend-seat\//.test(m.text));
  expect(invite, `an invitation to ${email}`).toBeDefined();
  return invite!.text.match(/\/friend-seat\/([A-Za-z0-9_-]+)/)![1]!;
}

/**
 * The 6-digit code in the newest mail to this address, read from the outbox table itself, so it
 * works where the development route is off too (production, SMTP; sent or still queued).
 */
export async function latestCode(app: TestApp, email: string): Promise<string> {
  const [mail] = await app.db
    .select({ subject: mailOutbox.subject, text: mailOutbox.text })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, email.trim().toLowerCase()))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(1);
  const code = mail?.subject.match(/\b(\d{6})\b/)?.[1] ?? mail?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`No login code in the outbox for ${email}`);
  return code;
}

/** POST /api/auth/login, then the code from the outbox, then /api/auth/verify. Returns the session cookie. */
export async function requestCode(app: TestApp, email: string) {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email } });
  expect(res.statusCode, res.body).toBe(200);
  return latestCode(app, email);
}

export function verify(app: TestApp, email: string, code: string) {
  return app.inject({ method: 'POST', url: '/api/auth/verify', payload: { email, code } });
}

export async function loginWithCode(app: TestApp, email: string): Promise<string> {
  const code = await requestCode(app, email);
  const res = await verify(app, email, code);
  expect(res.statusCode, res.body).toBe(200);
  const cookie = sessionCookie(res);
  expect(cookie, 'verify sets a session cookie').toBeDefined();
  return cookie!;
}

/** GET /api/auth/me with a cookie. */
export function me(app: TestApp, cookie: string | undefined) {
  return app.inject({ method: 'GET', url: '/api/auth/me', headers: withCookie(cookie) });
}

export async function userCount(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return Number(row?.n ?? 0);
}
