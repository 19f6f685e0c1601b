import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, existingMember, expectBadInput, outbox, type OutboxMail, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (app: TestContext['app'], email: string) => app.inject({ method: 'POST', url: '/api/auth/login', payload: { email } });

describe('GET /api/dev/outbox (development and tests)', () => {
  it('lists the mails to one address, newest first, as {to, subject, text, createdAt}', async () => {
    const { user } = await existingMember(t.app);
    const { user: someoneElse } = await existingMember(t.app);
    await login(t.app, someoneElse.email);
    for (let i = 0; i < 3; i++) expect((await login(t.app, user.email)).statusCode).toBe(200);

    const mails = await outbox(t.app, user.email);
    expect(mails).toHaveLength(3);
    for (const m of mails) {
      expect(m).toEqual(
        expect.objectContaining({ to: expect.any(String), subject: expect.any(String), text: expect.any(String), createdAt: expect.any(String) }),
      );
      expect(m.to).toBe(user.email);
      expect(new Date(m.createdAt).toISOString()).toBe(m.createdAt);
    }
    const times = mails.map((m: OutboxMail) => Date.parse(m.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);

    // The newest mail carries the only code that still works.
    const newest = mails[0]!.subject.match(/\d{6}/)![0];
    const oldest = mails[2]!.subject.match(/\d{6}/)![0];
    if (newest !== oldest) {
      const bad = await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { email: user.email, code: oldest } });
      expect(bad.statusCode).toBe(401);
    }
    const ok = await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { email: user.email, code: newest } });
    expect(ok.statusCode).toBe(200);
  });

  it('finds the mails whatever the case of the address asked for', async () => {
    const { user } = await existingMember(t.app);
    await login(t.app, user.email);
    expect(await outbox(t.app, user.email.toUpperCase())).toHaveLength(1);
  });

  it('answers 400 without a valid address', async () => {
    expectBadInput(await t.app.inject({ method: 'GET', url: '/api/dev/outbox' }));
    expectBadInput(await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=nope' }));
  });

  it('answers only requests from this machine: another address gets 404, whatever X-Forwarded-For says', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' }, shareDatabaseWith: t });
    try {
      for (const app of [t.app, proxied.app]) {
        const { user } = await existingMember(app);
        expect((await login(app, user.email)).statusCode).toBe(200);
        for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
          const res = await app.inject({ method: 'GET', url: '/api/dev/outbox', query: { to: user.email }, remoteAddress });
          expect(res.statusCode, remoteAddress).toBe(200);
        }
        for (const remoteAddress of ['192.168.1.20', '10.0.0.7', '::ffff:192.168.1.20', '2001:db8::1']) {
          const res = await app.inject({
            method: 'GET',
            url: '/api/dev/outbox',
            query: { to: user.email },
            remoteAddress,
            headers: { 'x-forwarded-for': '127.0.0.1' },
          });
          expect(res.statusCode, remoteAddress).toBe(404);
          expect(res.json()).toEqual({ message: 'Not found', error: 'Not found' });
          expect(res.body).not.toMatch(/\d{6}/);
        }
        // Not even a 400 for a bad query: nothing tells a stranger the route exists.
        expect((await app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '192.168.1.20' })).statusCode).toBe(404);
      }
    } finally {
      await proxied.close();
    }
  });

  it('does not exist once SMTP is configured (404), even for this machine', async () => {
    const smtp = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' }, shareDatabaseWith: t });
    try {
      const { user } = await existingMember(t.app);
      expect((await login(t.app, user.email)).statusCode).toBe(200);
      const res = await smtp.app.inject({ method: 'GET', url: '/api/dev/outbox', query: { to: user.email } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/\d{6}/);
    } finally {
      await smtp.close();
    }
  });

  it('does not exist in production (404)', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production' }, shareDatabaseWith: t });
    try {
      const { user } = await existingMember(prod.app);
      expect((await login(prod.app, user.email)).statusCode).toBe(200);
      const res = await prod.app.inject({ method: 'GET', url: '/api/dev/outbox', query: { to: user.email } });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toMatch(/\d{6}/);
    } finally {
      await prod.close();
    }
  });
});
