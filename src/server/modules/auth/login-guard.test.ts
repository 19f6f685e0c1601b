import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginGuards, sessions } from '../../db/schema/index';
import {
  createTestApp,
  latestCode,
  outbox,
  requestCode,
  sessionCookie,
  signUp,
  TEST_ADMIN_EMAIL,
  uniqueEmail,
  verify,
  type TestContext,
} from '../../test/harness';
import { takeLoginGuess } from './queries';
import { ACCOUNT_SUSPENDED, cleanUpSessions, LOGIN_GUARD_MAX_FAILURES, LOGIN_GUARD_WINDOW_MS, UNLOCK_LINK_USED } from './service';

// The app's clock (buildApp({ now })): tests move it past the hour instead of waiting.
let clock = new Date('2026-03-02T10:00:00Z');
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t.close());

const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let admin: string | undefined;
/** The admin's session cookie (signed up once). */
const adminCookie = async () => (admin ??= (await signUp(t.app, { email: TEST_ADMIN_EMAIL, name: 'Ada Admin' })).cookie);

const login = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email } });
/** A 6-digit code that is certainly not `code`. */
const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');
const LOCKED =
  /^Too many wrong codes for this account\. To keep it safe, signing in with a code is paused until \d\d:\d\d \(UK time\)\. Please try again then\.$/;

async function lockMails(email: string) {
  return (await outbox(t.app, email)).filter((m) => /Someone tried to sign in/.test(m.subject));
}

async function failures(email: string) {
  const [row] = await t.db.select({ failures: loginGuards.failures }).from(loginGuards).where(eq(loginGuards.email, email));
  return row?.failures ?? 0;
}

/** `n` wrong codes, spread over as many re-issued codes as the 5-try limit per code needs. */
async function wrongGuesses(email: string, n: number) {
  let code = '';
  for (let i = 0; i < n; i++) {
    if (i % 5 === 0) code = await requestCode(t.app, email);
    const res = await verify(t.app, email, wrong(code, i + 1));
    expect(res.statusCode, `wrong guess ${i + 1}: ${res.body}`).toBe(401);
  }
}

describe('wrong login codes per account', () => {
  it('10 wrong codes across re-issued codes lock code login for the rest of the hour, even the right code; the owner is told once', async () => {
    const { user } = await signUp(t.app);
    await wrongGuesses(user.email, LOGIN_GUARD_MAX_FAILURES - 1);

    // A fresh code (the account is not locked yet), and the 10th wrong code.
    const code = await requestCode(t.app, user.email);
    const tenth = await verify(t.app, user.email, wrong(code));
    expect(tenth.statusCode).toBe(429);
    expect(tenth.json().message).toMatch(LOCKED);
    expect(tenth.json().error).toBe(tenth.json().message);
    const retryAfter = Number(tenth.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(LOGIN_GUARD_WINDOW_MS / 1000);

    // The right code of a live code is refused while locked, without a session.
    const right = await verify(t.app, user.email, code);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(LOCKED);
    expect(sessionCookie(right)).toBeUndefined();

    // No new code is issued while locked.
    const mailsBefore = (await outbox(t.app, user.email)).length;
    const again = await login(user.email);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(LOCKED);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    expect(await outbox(t.app, user.email)).toHaveLength(mailsBefore);

    // The owner got one mail about it, however often the door is knocked on afterwards.
    for (let i = 0; i < 3; i++) expect((await verify(t.app, user.email, '000000')).statusCode).toBe(429);
    const notices = await lockMails(user.email);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toMatch(/10 wrong login codes/);
    expect(notices[0]!.text).toMatch(/paused until \d\d:\d\d \(UK time\)/);
    expect(notices[0]!.text).not.toMatch(/(?<![A-Za-z0-9_-])\d{6}(?![A-Za-z0-9_-])/);

    // Still locked a minute before the hour is over; after it, code login works again.
    later(LOGIN_GUARD_WINDOW_MS - 120_000);
    expect((await login(user.email)).statusCode).toBe(429);
    later(120_000);
    const fresh = await requestCode(t.app, user.email);
    const ok = await verify(t.app, user.email, fresh);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(sessionCookie(ok)).toBeDefined();
  });

  // Issue 21 "Locked out by a stranger": anyone who knows the address could keep the owner out for
  // an hour. The lock notice carries a one-time link (proof of the mailbox) that signs the owner in.
  describe('the one-time link in the lock notice', () => {
    const unlock = (token: unknown) => t.app.inject({ method: 'POST', url: '/api/auth/unlock', payload: { token } as object });
    const LINK = /\/unlock#token=([A-Za-z0-9_-]{43})\b/;

    async function lockAndGetToken(email: string) {
      await wrongGuesses(email, LOGIN_GUARD_MAX_FAILURES - 1);
      const code = await requestCode(t.app, email);
      expect((await verify(t.app, email, wrong(code))).statusCode).toBe(429);
      const notice = (await lockMails(email)).at(-1)!;
      const token = LINK.exec(notice.text)?.[1];
      expect(token, notice.text).toBeDefined();
      return token!;
    }

    it('signs the owner in at once and clears the lock; it works once; only its hash is stored', async () => {
      const { user } = await signUp(t.app, { name: 'Lena Lockedout' });
      const token = await lockAndGetToken(user.email);
      expect((await lockMails(user.email))[0]!.text).toContain(`${t.config.publicUrl}/unlock#token=${token}`);
      const [row] = await t.db
        .execute(sql`SELECT unlock_token_hash FROM login_guards WHERE email = ${user.email}`)
        .then((r) => (r as unknown as { rows: { unlock_token_hash: string }[] }).rows);
      expect(row!.unlock_token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row!.unlock_token_hash).not.toContain(token);

      const first = await unlock(token);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toMatchObject({ id: user.id, email: user.email, name: 'Lena Lockedout' });
      const cookie = sessionCookie(first);
      expect(cookie).toBeDefined();
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: cookie! } })).json()).toMatchObject({ id: user.id });
      // The lock is gone: a code works again at once.
      const code = await requestCode(t.app, user.email);
      expect((await verify(t.app, user.email, code)).statusCode).toBe(200);

      const second = await unlock(token);
      expect(second.statusCode).toBe(400);
      expect(second.json().message).toBe(UNLOCK_LINK_USED);
      expect(sessionCookie(second)).toBeUndefined();
    });

    // Issue 33: the link answered 200 with a cookie that started working when the suspension was lifted.
    it('does not sign in an account suspended since the notice went out, not even once the suspension is lifted', async () => {
      const { user } = await signUp(t.app, { name: 'Sam Suspended' });
      const token = await lockAndGetToken(user.email);
      const admin = await adminCookie();
      const suspend = (suspended: boolean) =>
        t.app.inject({ method: 'PUT', url: `/api/users/${user.id}/suspension`, headers: { cookie: admin }, payload: { suspended } });
      expect((await suspend(true)).statusCode).toBe(200);

      const res = await unlock(token);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(ACCOUNT_SUSPENDED);
      expect(sessionCookie(res)).toBeUndefined();
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
      expect((await suspend(false)).statusCode).toBe(200);
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    });

    it('an expired link (the hour is over) fails, and so do unknown and malformed tokens', async () => {
      const { user } = await signUp(t.app);
      const token = await lockAndGetToken(user.email);
      later(LOGIN_GUARD_WINDOW_MS + 1000);
      const expired = await unlock(token);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().message).toBe(UNLOCK_LINK_USED);
      expect(sessionCookie(expired)).toBeUndefined();
      expect((await unlock('A'.repeat(43))).statusCode).toBe(400);
      for (const bad of ['', 'short', 42, null, 'x'.repeat(500)]) expect((await unlock(bad)).json().errors, String(bad)).toBeDefined();
    });
  });

  it('a suspended account gets no lock notice (and so no link that signs it in)', async () => {
    const { user } = await signUp(t.app);
    await wrongGuesses(user.email, LOGIN_GUARD_MAX_FAILURES - 1);
    // A code sent before the suspension is still pending: its wrong guesses still count.
    const code = await requestCode(t.app, user.email);
    const admin = await adminCookie();
    const res = await t.app.inject({ method: 'PUT', url: `/api/users/${user.id}/suspension`, headers: { cookie: admin }, payload: { suspended: true } });
    expect(res.statusCode).toBe(200);
    expect((await verify(t.app, user.email, wrong(code))).statusCode).toBe(429);
    expect(await lockMails(user.email)).toHaveLength(0);
  });

  it('a new lock in a later hour is mailed again, once', async () => {
    const { user } = await signUp(t.app);
    await wrongGuesses(user.email, LOGIN_GUARD_MAX_FAILURES - 1);
    const code = await requestCode(t.app, user.email);
    expect((await verify(t.app, user.email, wrong(code))).statusCode).toBe(429);
    later(LOGIN_GUARD_WINDOW_MS + 1000);
    await wrongGuesses(user.email, LOGIN_GUARD_MAX_FAILURES - 1);
    const next = await requestCode(t.app, user.email);
    expect((await verify(t.app, user.email, wrong(next))).statusCode).toBe(429);
    expect(await lockMails(user.email)).toHaveLength(2);
    later(LOGIN_GUARD_WINDOW_MS + 1000);
  });

  it('a right code does not count as a wrong one', async () => {
    const { user } = await signUp(t.app);
    await wrongGuesses(user.email, LOGIN_GUARD_MAX_FAILURES - 1);
    const code = await requestCode(t.app, user.email);
    expect((await verify(t.app, user.email, code)).statusCode).toBe(200);
    expect(await failures(user.email)).toBe(LOGIN_GUARD_MAX_FAILURES - 1);
    // One more wrong code makes 10 in the hour.
    const next = await requestCode(t.app, user.email);
    expect((await verify(t.app, user.email, wrong(next))).statusCode).toBe(429);
    later(LOGIN_GUARD_WINDOW_MS + 1000);
  });

  it('the limit holds under 30 concurrent wrong guesses', async () => {
    const { user } = await signUp(t.app);
    await wrongGuesses(user.email, 7);
    const code = await requestCode(t.app, user.email);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => verify(t.app, user.email, wrong(code, i + 1))));
    expect(
      answers.every((r) => r.statusCode === 401 || r.statusCode === 429),
      answers.map((r) => r.statusCode).join(),
    ).toBe(true);
    // Only 3 more guesses were compared with the code: 2 said 'not right', the 3rd locked.
    expect(answers.filter((r) => /not right/.test(r.json().message))).toHaveLength(2);
    expect(await failures(user.email)).toBe(LOGIN_GUARD_MAX_FAILURES);
    expect(await lockMails(user.email)).toHaveLength(1);
    expect((await verify(t.app, user.email, code)).statusCode).toBe(429);
    later(LOGIN_GUARD_WINDOW_MS + 1000);
  });

  it('the count itself is atomic: 30 concurrent takes in SQL give exactly 10 places', async () => {
    const email = uniqueEmail('guard');
    const takes = await Promise.all(
      Array.from({ length: 30 }, () => takeLoginGuess(t.db, { email, now: clock, max: LOGIN_GUARD_MAX_FAILURES, windowMs: LOGIN_GUARD_WINDOW_MS })),
    );
    const granted = takes.filter((x) => x !== null);
    expect(granted).toHaveLength(LOGIN_GUARD_MAX_FAILURES);
    expect(granted.map((x) => x!.failures).sort((a, b) => a - b)).toEqual(Array.from({ length: LOGIN_GUARD_MAX_FAILURES }, (_, i) => i + 1));
  });

  it('locks one account only', async () => {
    const { user: victim } = await signUp(t.app);
    const { user: other } = await signUp(t.app);
    await wrongGuesses(victim.email, LOGIN_GUARD_MAX_FAILURES - 1);
    const code = await requestCode(t.app, victim.email);
    expect((await verify(t.app, victim.email, wrong(code))).statusCode).toBe(429);
    expect((await login(other.email)).statusCode).toBe(200);
    expect((await verify(t.app, other.email, await latestCode(t.app, other.email))).statusCode).toBe(200);
    later(LOGIN_GUARD_WINDOW_MS + 1000);
  });

  it('the hourly sweep drops guards whose hour is over', async () => {
    const { user } = await signUp(t.app);
    await wrongGuesses(user.email, 1);
    expect(await failures(user.email)).toBe(1);
    // These guards started on the test clock, long before the real "now" the sweep reads.
    await cleanUpSessions(t.db);
    expect(await t.db.select().from(loginGuards)).toEqual([]);
  });
});
