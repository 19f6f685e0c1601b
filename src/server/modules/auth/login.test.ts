import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCodes, users } from '../../db/schema/index';
import { LOGIN_CODE_MAIL_WINDOW_MS, LOGIN_CODE_MAILS } from './service';
import {
  createTestApp,
  expectBadInput,
  latestCode,
  me,
  outbox,
  requestCode,
  sessionCookie,
  signUp,
  uniqueEmail,
  verify,
  type TestContext,
} from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email } });

/** A 6-digit code that is certainly not `code`. */
const wrong = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

async function member() {
  const { user } = await signUp(t.app);
  return user;
}

describe('POST /api/auth/login', () => {
  // Issue 34: one way in. An unknown address used to get 404 "Email not found", which told anyone who had an account.
  it('answers an unknown address exactly as a known one, mails it a code, and makes no account', async () => {
    const known = await member();
    const unknown = uniqueEmail('stranger');
    const [a, b] = [await login(known.email), await login(unknown)];
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json()).toEqual({ ...a.json(), email: unknown });
    expect(sessionCookie(b)).toBeUndefined();
    const [mail] = await outbox(t.app, unknown);
    expect(mail!.subject).toMatch(/login code: \d{6}$/);
    expect(mail!.text).toMatch(/create your Speed Friendship account/);
    expect(await t.db.select().from(users).where(eq(users.email, unknown))).toEqual([]);
  });

  it('mails a 6-digit code to a known e-mail', async () => {
    const user = await member();
    const res = await login(user.email);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().email).toBe(user.email);
    expect(sessionCookie(res)).toBeUndefined();

    // The newest first: this code, then the one that proved the address at sign-up.
    const mails = await outbox(t.app, user.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.to).toBe(user.email);
    expect(mails[0]!.subject).toMatch(/\b\d{6}\b/);
    const code = mails[0]!.subject.match(/\b(\d{6})\b/)![1]!;
    expect(mails[0]!.text).toContain(code);
    expect(mails[0]!.text).toMatch(/10 minutes/);
  });

  it('accepts the e-mail in any case', async () => {
    const user = await member();
    const res = await login(user.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(await outbox(t.app, user.email)).toHaveLength(2);
  });

  it('answers 400 to an invalid e-mail', async () => {
    expectBadInput(await login('not-an-email'));
    expectBadInput(await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: {} }));
  });
});

describe('POST /api/auth/verify', () => {
  it('with the right code answers {id, email, name} and sets a working session cookie', async () => {
    const user = await member();
    const code = await requestCode(t.app, user.email);
    const res = await verify(t.app, user.email, code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: user.id, email: user.email, name: user.name, created: false });

    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    const whoami = await me(t.app, sessionCookie(res));
    expect(whoami.statusCode).toBe(200);
    expect(whoami.json()).toMatchObject({ id: user.id, email: user.email });
  });

  it('a code works only once', async () => {
    const user = await member();
    const code = await requestCode(t.app, user.email);
    expect((await verify(t.app, user.email, code)).statusCode).toBe(200);
    const again = await verify(t.app, user.email, code);
    expect(again.statusCode).toBe(401);
    expect(sessionCookie(again)).toBeUndefined();
  });

  it('answers 401 to a wrong code, without a session', async () => {
    const user = await member();
    const code = await requestCode(t.app, user.email);
    const res = await verify(t.app, user.email, wrong(code));
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/not right/);
    expect(res.json().error).toBe(res.json().message);
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('answers 401 to a code for an e-mail that never asked for one', async () => {
    const user = await member();
    expect((await verify(t.app, user.email, '123456')).statusCode).toBe(401);
  });

  it('answers 400 to codes that are not 6 digits, without using up a try', async () => {
    const user = await member();
    const code = await requestCode(t.app, user.email);
    for (const bad of ['12345678901', '12345', 'abcdef', '12 45', '']) {
      const body = expectBadInput(await verify(t.app, user.email, bad));
      expect(body.errors.map((e) => e.path)).toContain('code');
    }
    expectBadInput(await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { email: user.email, code: 123456 } }));
    const [row] = await t.db.select({ attempts: loginCodes.attempts }).from(loginCodes).where(eq(loginCodes.email, user.email));
    expect(row?.attempts).toBe(0);
    expect((await verify(t.app, user.email, code)).statusCode).toBe(200);
  });

  it('takes a pasted code with spaces or a dash in it', async () => {
    const user = await member();
    const code = await requestCode(t.app, user.email);
    const res = await verify(t.app, user.email, ` ${code.slice(0, 3)} ${code.slice(3)} `);
    expect(res.statusCode, res.body).toBe(200);
    const other = await member();
    const second = await requestCode(t.app, other.email);
    expect((await verify(t.app, other.email, `${second.slice(0, 3)}-${second.slice(3)}`)).statusCode).toBe(200);
  });

  it('a code stops working after 10 minutes', async () => {
    const user = await member();
    const code = await requestCode(t.app, user.email);
    const [row] = await t.db
      .select({ expiresAt: loginCodes.expiresAt, createdAt: loginCodes.createdAt })
      .from(loginCodes)
      .where(eq(loginCodes.email, user.email));
    const ttl = row!.expiresAt.getTime() - Date.now();
    expect(ttl).toBeGreaterThan(9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(10 * 60_000);

    // Eleven minutes later, as far as the code is concerned.
    await t.db
      .update(loginCodes)
      .set({ expiresAt: sql`now() - interval '1 minute'`, createdAt: sql`now() - interval '11 minutes'` })
      .where(eq(loginCodes.email, user.email));
    const res = await verify(t.app, user.email, code);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/expired/);
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('still accepts the right code on the 5th try', async () => {
    const user = await member();
    const code = await requestCode(t.app, user.email);
    for (let i = 1; i <= 4; i++) expect((await verify(t.app, user.email, wrong(code, i))).statusCode).toBe(401);
    expect((await verify(t.app, user.email, code)).statusCode).toBe(200);
  });

  it('after 5 wrong tries even the right code fails', async () => {
    const user = await member();
    const code = await requestCode(t.app, user.email);
    for (let i = 1; i <= 5; i++) expect((await verify(t.app, user.email, wrong(code, i))).statusCode).toBe(401);
    const res = await verify(t.app, user.email, code);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/too many times|expired/);
    expect(sessionCookie(res)).toBeUndefined();
  });

  it('a new login request replaces the old code', async () => {
    const user = await member();
    const first = await requestCode(t.app, user.email);
    // Make sure the second code differs (a 1 in a million coincidence otherwise).
    let second = await requestCode(t.app, user.email);
    while (second === first) second = await requestCode(t.app, user.email);

    const mails = await outbox(t.app, user.email);
    expect(mails[0]!.subject).toContain(second);
    expect(await latestCode(t.app, user.email)).toBe(second);

    expect((await verify(t.app, user.email, first)).statusCode).toBe(401);
    expect((await verify(t.app, user.email, second)).statusCode).toBe(200);
  });

  it('a new login request gives a fresh set of tries', async () => {
    const user = await member();
    const old = await requestCode(t.app, user.email);
    for (let i = 1; i <= 5; i++) await verify(t.app, user.email, wrong(old, i));
    const code = await requestCode(t.app, user.email);
    expect((await verify(t.app, user.email, code)).statusCode).toBe(200);
  });

  it('20 parallel wrong guesses cannot exceed the attempt limit', async () => {
    const user = await member();
    const code = await requestCode(t.app, user.email);
    const guesses = Array.from({ length: 20 }, (_, i) => verify(t.app, user.email, wrong(code, i + 1)));
    const answers = await Promise.all(guesses);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(401));
    // Only 5 guesses were ever compared with the code; the rest found it used up.
    expect(answers.filter((r) => /not right/.test(r.json().message))).toHaveLength(5);

    const res = await verify(t.app, user.email, code);
    expect(res.statusCode).toBe(401);
    expect(sessionCookie(res)).toBeUndefined();
  });
});

// Issue 33: eight requests for one address sent eight mails; only the per-IP limit (20 a minute) held.
describe('codes per address', () => {
  const addressOf = async () => (await member()).email;

  it(`mails at most ${LOGIN_CODE_MAILS} codes to one address in ${LOGIN_CODE_MAIL_WINDOW_MS / 60_000} minutes; the next answers 429 with Retry-After`, async () => {
    const email = await addressOf();
    for (let i = 0; i < LOGIN_CODE_MAILS; i++) expect((await login(email)).statusCode).toBe(200);
    const refused = await Promise.all([login(email), login(email), login(email)]);
    for (const res of refused) {
      expect(res.statusCode).toBe(429);
      expect(res.json().message).toMatch(/^We have sent several codes to this address in the last few minutes\. Please wait until \d\d:\d\d \(UK time\)/);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(LOGIN_CODE_MAIL_WINDOW_MS / 1000);
    }
    // The one that proved the address at sign-up, and the five since.
    expect((await outbox(t.app, email)).filter((m) => /login code/.test(m.subject))).toHaveLength(LOGIN_CODE_MAILS + 1);
    // The last code mailed still works, and signing in starts the count again.
    expect((await verify(t.app, email, await latestCode(t.app, email))).statusCode).toBe(200);
    expect((await login(email)).statusCode).toBe(200);
  });

  it('answers an address without an account the same way once the limit is reached, so the limit tells nothing', async () => {
    const known = await addressOf();
    const unknown = 'no.account.here@example.com';
    for (let i = 0; i < LOGIN_CODE_MAILS; i++) {
      await login(known);
      await login(unknown);
    }
    const [a, b] = [await login(known), await login(unknown)];
    expect([a.statusCode, b.statusCode]).toEqual([429, 429]);
    expect(a.json()).toEqual(b.json());
    // Only a hash of the address is kept for the count.
    const keys = await t.db.execute(sql`select key from rate_limits where key like 'login-codes:%'`);
    const text = JSON.stringify((keys as unknown as { rows: unknown[] }).rows);
    expect(text).not.toContain(known);
    expect(text).not.toContain(unknown);
  });

  it('counts one address apart from another', async () => {
    const [one, two] = [await addressOf(), await addressOf()];
    for (let i = 0; i < LOGIN_CODE_MAILS; i++) await login(one);
    expect((await login(one)).statusCode).toBe(429);
    expect((await login(two)).statusCode).toBe(200);
  });
});
