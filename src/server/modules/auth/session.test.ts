import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runControlCommand } from '../../control';
import { createTestApp, loginWithCode, me, signUp, TEST_ADMIN_EMAIL, withCookie, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const logout = (cookie?: string) => t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: withCookie(cookie) });

describe('GET /api/auth/me', () => {
  it('answers 401 without a cookie', async () => {
    const res = await me(t.app, undefined);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBeTruthy();
    expect(res.json().error).toBe(res.json().message);
  });

  it('answers 401 to a made-up session cookie', async () => {
    expect((await me(t.app, 'sid=not-a-real-session-token')).statusCode).toBe(401);
  });

  it('knows who is asking', async () => {
    const { user, cookie } = await signUp(t.app, { name: 'Priya Patel' });
    const res = await me(t.app, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.id, email: user.email, name: 'Priya Patel', roles: ['member'] });
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session on the server: the old cookie stops working', async () => {
    const { cookie } = await signUp(t.app);
    expect((await me(t.app, cookie)).statusCode).toBe(200);

    const res = await logout(cookie);
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value ?? '').toBe('');
    expect(cleared?.expires && cleared.expires.getTime()).toBeLessThan(Date.now());

    // Even a client that keeps sending the old cookie is no longer signed in.
    expect((await me(t.app, cookie)).statusCode).toBe(401);
  });

  it('ends only that session: another device stays signed in', async () => {
    const { user, cookie: first } = await signUp(t.app);
    const second = await loginWithCode(t.app, user.email);
    await logout(first);
    expect((await me(t.app, first)).statusCode).toBe(401);
    expect((await me(t.app, second)).statusCode).toBe(200);
  });

  it('is harmless without a session', async () => {
    expect((await logout()).statusCode).toBe(204);
  });
});

describe('roles', () => {
  it('ADMIN_EMAILS makes an admin, who is also a host', async () => {
    const { cookie } = await signUp(t.app, { email: TEST_ADMIN_EMAIL });
    const res = await me(t.app, cookie);
    expect(res.json().roles).toEqual(['member', 'host', 'admin']);
  });

  it('ADMIN_EMAILS matches whatever case the address was typed in', async () => {
    const other = await createTestApp({ env: { ADMIN_EMAILS: 'Boss@Example.COM' }, shareDatabaseWith: t });
    try {
      const { cookie } = await signUp(other.app, { email: 'boss@example.com' });
      expect((await me(other.app, cookie)).json().roles).toContain('admin');
    } finally {
      await other.close();
    }
  });

  it('an ordinary member is only a member', async () => {
    const { cookie } = await signUp(t.app);
    expect((await me(t.app, cookie)).json().roles).toEqual(['member']);
  });

  it('grant and revoke (the admin CLI) change the roles of an existing session', async () => {
    const { user, cookie } = await signUp(t.app);

    await runControlCommand(t.db, { command: 'grant', email: user.email, role: 'host' });
    expect((await me(t.app, cookie)).json().roles).toEqual(['member', 'host']);

    await runControlCommand(t.db, { command: 'revoke', email: user.email, role: 'host' });
    expect((await me(t.app, cookie)).json().roles).toEqual(['member']);

    await runControlCommand(t.db, { command: 'grant', email: user.email.toUpperCase(), role: 'admin' });
    expect((await me(t.app, cookie)).json().roles).toEqual(['member', 'host', 'admin']);

    await runControlCommand(t.db, { command: 'revoke', email: user.email, role: 'admin' });
    expect((await me(t.app, cookie)).json().roles).toEqual(['member']);
  });

  it('granting twice is harmless and granting to an unknown e-mail fails with "User not found"', async () => {
    const { user, cookie } = await signUp(t.app);
    await runControlCommand(t.db, { command: 'grant', email: user.email, role: 'host' });
    await runControlCommand(t.db, { command: 'grant', email: user.email, role: 'host' });
    expect((await me(t.app, cookie)).json().roles).toEqual(['member', 'host']);
    await expect(runControlCommand(t.db, { command: 'grant', email: 'ghost@example.com', role: 'admin' })).rejects.toThrow('User not found');
  });
});
