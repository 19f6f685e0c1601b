import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupSources, users } from '../../db/schema/index';
import { createTestApp, expectBadInput, latestCode, me, outbox, sessionCookie, signUp, uniqueEmail, userCount, type TestContext } from '../../test/harness';
import { ACCOUNT_SUSPENDED, PROFILE_NEEDED } from './service';

/**
 * Issue 34, one way in (docs/decisions/0070): log-in and sign-up are one flow. An e-mail gets a code
 * whether it has an account or not; the code proves the address; a new address gives a name and an
 * age on the same screen, and only then is there an account and a session.
 */
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email } });
const verifyWith = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/auth/verify', payload });
const byEmail = (email: string) => t.db.select().from(users).where(eq(users.email, email));

describe('a new address through the log-in page', () => {
  it('the right code asks for a name and age, makes nothing yet, and the same code then makes the account and signs in', async () => {
    const email = uniqueEmail('flyer');
    expect((await login(email)).statusCode).toBe(200);
    const code = await latestCode(t.app, email);

    const first = await verifyWith({ email, code });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ needsProfile: true, email, message: PROFILE_NEEDED });
    expect(sessionCookie(first)).toBeUndefined();
    expect(await byEmail(email)).toEqual([]);

    const done = await verifyWith({ email, code, name: 'Priya', age: 27 });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ id: expect.any(Number), email, name: 'Priya', created: true });
    const whoami = await me(t.app, sessionCookie(done));
    expect(whoami.json()).toMatchObject({ email, name: 'Priya', roles: ['member'] });
    const [row] = await byEmail(email);
    expect(row).toMatchObject({ name: 'Priya', age: 27, username: email, bio: null, interests: [] });

    // The code is spent: it makes nothing a second time.
    expect((await verifyWith({ email, code, name: 'Priya', age: 27 })).statusCode).toBe(401);
  });

  it('name and age can come with the first try of the code', async () => {
    const email = uniqueEmail('quick');
    await login(email);
    const res = await verifyWith({ email, code: await latestCode(t.app, email), name: 'Tom', age: 40 });
    expect(res.json()).toMatchObject({ name: 'Tom', created: true });
  });

  it('refuses an age under 18 or a bad name with 400, and the code still works once they are right', async () => {
    const email = uniqueEmail('young');
    await login(email);
    const code = await latestCode(t.app, email);
    const before = await userCount(t.db);
    const young = expectBadInput(await verifyWith({ email, code, name: 'Kid', age: 17 }));
    expect(young.errors.map((e) => e.path)).toContain('age');
    const badName = expectBadInput(await verifyWith({ email, code, name: '<b>x</b>', age: 30 }));
    expect(badName.errors.map((e) => e.path)).toContain('name');
    expect(await userCount(t.db)).toBe(before);
    expect((await verifyWith({ email, code, name: 'Ada', age: 18 })).json()).toMatchObject({ created: true });
  });

  it('a wrong code gives no hint whether the address is new', async () => {
    const email = uniqueEmail('guess');
    await login(email);
    const code = await latestCode(t.app, email);
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    const res = await verifyWith({ email, code: wrong, name: 'Eve', age: 30 });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/not right/);
    expect(await byEmail(email)).toEqual([]);
  });

  it('counts a share link as a sign-up only once the account exists', async () => {
    const email = uniqueEmail('linked');
    await login(email);
    const code = await latestCode(t.app, email);
    const asked = await verifyWith({ email, code, source: 'whatsapp' });
    expect(asked.json().needsProfile).toBe(true);
    const done = await verifyWith({ email, code, source: 'whatsapp', name: 'Lin', age: 33 });
    const rows = await t.db.select().from(signupSources).where(eq(signupSources.userId, done.json().id));
    expect(rows.map((r) => r.source)).toEqual(['whatsapp-post']);
  });
});

describe('a sign-up form', () => {
  it("keeps the form's answers with the code: verify makes the account from them, even after a new code is asked", async () => {
    const email = uniqueEmail('form');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Grace Hopper', email, age: 44, bio: 'Compilers.', interests: ['Sailing'] },
    });
    expect(res.statusCode).toBe(202);
    // "Send a new code" from the code step: the answers stay.
    expect((await login(email)).statusCode).toBe(200);
    const done = await verifyWith({ email, code: await latestCode(t.app, email) });
    expect(done.json()).toEqual({ id: expect.any(Number), email, name: 'Grace Hopper', created: true });
    const [row] = await byEmail(email);
    expect(row).toMatchObject({ age: 44, bio: 'Compilers.', interests: ['Sailing'] });
  });

  it('two verifies of one code at once make one account and both sign in to it', async () => {
    const email = uniqueEmail('twice');
    await t.app.inject({ method: 'POST', url: '/api/users', payload: { name: 'Twin', email, age: 30 } });
    const code = await latestCode(t.app, email);
    const answers = await Promise.all([verifyWith({ email, code }), verifyWith({ email, code })]);
    expect(await byEmail(email)).toHaveLength(1);
    const ok = answers.filter((r) => r.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const r of answers) expect([200, 401]).toContain(r.statusCode);
  });
});

describe('a suspended account', () => {
  it('is answered like any address; its owner is told by mail, and gets no code', async () => {
    const { user } = await signUp(t.app, { name: 'Sus Pended' });
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, user.id));
    const res = await login(user.email);
    expect(res.statusCode).toBe(200);
    const [mail] = await outbox(t.app, user.email);
    expect(mail!.text).toContain(ACCOUNT_SUSPENDED);
    expect(mail!.subject).not.toMatch(/\d{6}/);
  });
});
