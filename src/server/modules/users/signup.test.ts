import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index';
import {
  createTestApp,
  expectBadInput,
  latestCode,
  me,
  outbox,
  sessionCookie,
  signUp,
  uniqueEmail,
  userCount,
  validSignup,
  verify,
  withCookie,
  type TestContext,
} from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/users', payload: payload as string, headers });

/** The code mailed for `email`, sent back to POST /api/auth/verify. */
const confirm = async (email: string) => verify(t.app, email, await latestCode(t.app, email));

describe('POST /api/users (signup)', () => {
  // Issue 34: sign-up answered 201 with a session for any address, so anyone could sit in another person's name.
  it('answers 202 and mails a code; the account and its session exist only once the code is entered', async () => {
    const input = validSignup({ name: 'Sarah Jones', age: 29, interests: ['Hiking', 'Books'], bio: 'Loves hiking.' });
    const before = await userCount(t.db);
    const res = await post(input);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: 'We sent a 6-digit code to your email. It works for 10 minutes.', email: input.email });
    expect(sessionCookie(res)).toBeUndefined();
    expect(await userCount(t.db)).toBe(before);

    const verified = await confirm(input.email);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ id: expect.any(Number), email: input.email, name: 'Sarah Jones', created: true });
    const cookie = verified.cookies.find((c) => c.name === 'sid');
    expect(cookie?.value).toBeTruthy();
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(cookie?.path).toBe('/');
    const whoami = await me(t.app, sessionCookie(verified));
    expect(whoami.json()).toEqual({ id: verified.json().id, email: input.email, name: 'Sarah Jones', roles: ['member'] });
    const user = await t.app.inject({ method: 'GET', url: `/api/users/${verified.json().id}`, headers: withCookie(sessionCookie(verified)) });
    expect(user.json()).toMatchObject({
      name: 'Sarah Jones',
      email: input.email,
      username: input.email,
      age: 29,
      bio: 'Loves hiking.',
      interests: ['Hiking', 'Books'],
    });
    expect(await userCount(t.db)).toBe(before + 1);
  });

  it('stores the e-mail in lower case and trims the name', async () => {
    const email = uniqueEmail('MiXeD').toUpperCase();
    const { user } = await signUp(t.app, { email, name: '  Tom Baker  ' });
    expect(user.email).toBe(email.toLowerCase());
    expect(user.name).toBe('Tom Baker');
  });

  it('a taken e-mail gets the same answer (it tells nobody the account exists); its owner is mailed a login code, and nothing of the account changes', async () => {
    const email = uniqueEmail('dup');
    const { user } = await signUp(t.app, { email, name: 'First Owner' });
    const before = await userCount(t.db);

    for (const again of [email, email.toUpperCase(), `  ${email.replace(/^./, (c) => c.toUpperCase())} `]) {
      const res = await post(validSignup({ email: again, name: 'Someone Else' }));
      expect(res.statusCode, again).toBe(202);
      expect(res.json().email).toBe(email);
      expect(sessionCookie(res)).toBeUndefined();
    }
    const [mail] = await outbox(t.app, email);
    expect(mail!.text).toContain('An account with this email already exists');
    expect(await userCount(t.db)).toBe(before);

    const signedIn = await confirm(email);
    expect(signedIn.json()).toEqual({ id: user.id, email, name: 'First Owner', created: false });
    expect(await userCount(t.db)).toBe(before);
  });

  it('without the code, nobody is signed in and nothing is booked or counted: a guessed code is refused', async () => {
    const email = uniqueEmail('victim');
    expect((await post(validSignup({ email, name: 'Not Me' }))).statusCode).toBe(202);
    const code = await latestCode(t.app, email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const res = await verify(t.app, email, wrong);
    expect(res.statusCode).toBe(401);
    expect(sessionCookie(res)).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('ignores fields a member may not set (roles, id, demo flag)', async () => {
    const email = uniqueEmail('sneaky');
    const res = await post({ ...validSignup({ email }), id: 999_999, roles: ['admin'], role: 'admin', isDemo: true });
    expect(res.statusCode, res.body).toBe(202);
    const verified = await confirm(email);
    expect(verified.json().id).not.toBe(999_999);
    const whoami = await me(t.app, sessionCookie(verified));
    expect(whoami.json().roles).toEqual(['member']);
    const [row] = await t.db.select({ isDemo: users.isDemo }).from(users).where(eq(users.email, email));
    expect(row?.isDemo).toBe(false);
  });
});

describe('POST /api/users with bad input', () => {
  const cases: { name: string; payload: unknown; path?: string; message?: string | RegExp }[] = [
    { name: 'an empty object', payload: {}, path: 'name', message: 'Please enter your full name' },
    { name: 'no e-mail', payload: { name: 'Ann Lee', age: 30 }, path: 'email', message: 'Please enter your email address' },
    { name: 'no age', payload: { name: 'Ann Lee', email: 'ann.noage@example.com' }, path: 'age', message: 'Please enter your age' },
    { name: 'age as the string "abc"', payload: validSignup({ age: 'abc' as unknown as number }), path: 'age', message: 'Please enter your age' },
    { name: 'age as a numeric string', payload: validSignup({ age: '30' as unknown as number }), path: 'age' },
    { name: 'a fractional age', payload: validSignup({ age: 30.5 }), path: 'age', message: 'Age must be a whole number' },
    {
      name: 'interests as a string',
      payload: validSignup({ interests: 'hiking, books' as unknown as string[] }),
      path: 'interests',
      message: 'Interests must be a list',
    },
    { name: 'age 17', payload: validSignup({ age: 17 }), path: 'age', message: 'Age must be between 18 and 100' },
    { name: 'age 101', payload: validSignup({ age: 101 }), path: 'age', message: 'Age must be between 18 and 100' },
    { name: 'a 10,000-character name', payload: validSignup({ name: 'a'.repeat(10_000) }), path: 'name', message: 'Name must be at most 100 characters' },
    { name: 'HTML in the name', payload: validSignup({ name: '<script>alert(1)</script>' }), path: 'name', message: /letters/ },
    { name: 'SQL in the name', payload: validSignup({ name: "Robert'); DROP TABLE users;--" }), path: 'name', message: /letters/ },
    { name: 'an invalid e-mail', payload: validSignup({ email: 'not-an-email' }), path: 'email', message: 'Please enter a valid email address' },
    { name: 'an e-mail with HTML', payload: validSignup({ email: '<b>x</b>@example.com' }), path: 'email', message: 'Please enter a valid email address' },
    { name: 'a 501-character bio', payload: validSignup({ bio: 'b'.repeat(501) }), path: 'bio', message: 'Bio must be less than 500 characters' },
    { name: 'HTML in an interest', payload: validSignup({ interests: ['<img src=x onerror=alert(1)>'] }), path: 'interests.0', message: /cannot contain/ },
    { name: 'a huge bio within the body limit', payload: validSignup({ bio: 'x'.repeat(200_000) }), path: 'bio' },
    { name: 'a JSON array', payload: [validSignup()], path: '' },
    { name: 'JSON null', payload: 'null', path: '' },
  ];

  for (const c of cases) {
    it(`answers 400 for ${c.name} and creates nothing`, async () => {
      const before = await userCount(t.db);
      const res = c.payload === 'null' ? await post('null', { 'content-type': 'application/json' }) : await post(c.payload);
      const body = expectBadInput(res);
      if (c.path !== undefined) expect(body.errors.map((e) => e.path)).toContain(c.path);
      if (c.message !== undefined) {
        const msg = body.errors.find((e) => e.path === c.path)?.message;
        if (typeof c.message === 'string') expect(msg).toBe(c.message);
        else expect(msg).toMatch(c.message);
      }
      expect(sessionCookie(res)).toBeUndefined();
      expect(await userCount(t.db)).toBe(before);
    });
  }

  it('lists every problem of a request, with the first as the message', async () => {
    const body = expectBadInput(await post({}));
    expect(body.errors.map((e) => e.path).sort()).toEqual(['age', 'email', 'name']);
    expect(body.message).toBe(body.errors[0]!.message);
  });

  it('answers 400 to a body that is not JSON', async () => {
    const before = await userCount(t.db);
    const body = expectBadInput(await post('{"name": "Ann", oops', { 'content-type': 'application/json' }));
    expect(body.message).toBe('The request body is not valid JSON');
    expect(await userCount(t.db)).toBe(before);
  });

  it('answers 400 to an empty JSON body', async () => {
    const body = expectBadInput(await post('', { 'content-type': 'application/json' }));
    expect(body.message).toBe('The request body is empty');
  });

  it('answers 400 to plain text instead of JSON', async () => {
    const before = await userCount(t.db);
    expectBadInput(await post('name=Ann&age=30', { 'content-type': 'text/plain' }));
    expect(await userCount(t.db)).toBe(before);
  });

  it('answers 413 to a body over the size limit, with the error shape, and creates nothing', async () => {
    const before = await userCount(t.db);
    const res = await post(validSignup({ bio: 'x'.repeat(300 * 1024) }));
    expect(res.statusCode).toBe(413);
    const body = res.json();
    expect(body.message).toMatch(/too large/i);
    expect(body.error).toBe(body.message);
    expect(await userCount(t.db)).toBe(before);
  });
});

describe('markup and SQL in free text', () => {
  it('stores HTML and SQL in the bio verbatim, returns it as JSON text, and the users table survives', async () => {
    const bio = `<script>alert("hi")</script><img src=x onerror=alert(1)> Robert'); DROP TABLE users;-- "quoted" \\ back`;
    const before = await userCount(t.db);
    const { user, cookie } = await signUp(t.app, { bio });
    expect(user.bio).toBe(bio);

    const res = await t.app.inject({ method: 'GET', url: `/api/users/${user.id}`, headers: withCookie(cookie) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.json().bio).toBe(bio);

    // The table is still there and holds one more row.
    expect(await userCount(t.db)).toBe(before + 1);
    const [stored] = await t.db.select({ bio: users.bio }).from(users).where(eq(users.id, user.id));
    expect(stored?.bio).toBe(bio);
  });

  it('treats SQL in the e-mail lookup as data', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: "x'or'1'='1@example.com" },
    });
    const before = await userCount(t.db);
    expect(res.statusCode).toBe(200);
    expect(await userCount(t.db)).toBe(before);
    expect(before).toBeGreaterThan(0);
  });
});
