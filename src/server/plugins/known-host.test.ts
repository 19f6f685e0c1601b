/**
 * DNS rebinding (issue 33): a page on evil.example whose name is made to point at 127.0.0.1 sends
 * its requests from this machine with `Host: evil.example:5000`. Outside production, the server
 * answers only its own names: PUBLIC_URL's host, localhost, and addresses written as digits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestContext } from '../test/harness';
import { knownHost, UNKNOWN_HOST_MESSAGE } from './known-host';

let dev: TestContext;
beforeAll(async () => {
  dev = await createTestApp({ env: { NODE_ENV: 'development', PUBLIC_URL: 'http://friends.example.org:5000' } });
});
afterAll(() => dev.close());

const outboxAt = (host: string, to: string) => dev.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}`, headers: { host } });

describe('a development server answers only its own host names', () => {
  it("refuses a rebinding page's Host on the outbox, even from this machine, and gives no login code", async () => {
    const { user } = await signUp(dev.app);
    expect((await dev.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email } })).statusCode).toBe(200);
    for (const host of ['evil.example:5000', 'evil.example', 'localhost.evil.example:5000', '127.0.0.1.nip.io:5000', 'friends.example.org.evil.example']) {
      const res = await outboxAt(host, user.email);
      expect(res.statusCode, host).toBe(403);
      expect(res.json<{ message: string }>().message).toBe(UNKNOWN_HOST_MESSAGE);
      expect(res.body).not.toMatch(/\d{6}/);
    }
    // The same request with this machine's own names reads the code.
    for (const host of ['localhost:5000', '127.0.0.1:5000', '[::1]:5000', 'friends.example.org:5000', 'FRIENDS.example.org']) {
      const res = await outboxAt(host, user.email);
      expect(res.statusCode, host).toBe(200);
      expect(res.body).toMatch(/\d{6}/);
    }
  });

  it('refuses every other route for an unknown host too (writes, health, pages)', async () => {
    const health = await dev.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'evil.example:5000' } });
    expect(health.statusCode).toBe(403);
    const login = await dev.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { host: 'evil.example:5000', origin: 'http://evil.example:5000' },
      payload: { email: 'admin@speedfriendship.test' },
    });
    expect(login.statusCode).toBe(403);
    // A phone on the same Wi-Fi uses the machine's address.
    expect((await dev.app.inject({ method: 'GET', url: '/api/health', headers: { host: '192.168.1.20:5000' } })).statusCode).toBe(200);
  });

  it('knows its names: PUBLIC_URL, localhost and addresses as digits; nothing else', () => {
    for (const host of ['localhost', 'LOCALHOST:80', '127.0.0.1', '127.0.1.1:5000', '[::1]', '10.0.0.7:5000', 'friends.example.org', undefined])
      expect(knownHost(host, 'friends.example.org'), String(host)).toBe(true);
    for (const host of ['evil.example', 'localhost.evil.example', 'sub.friends.example.org', '', 'a b', 'evil.example@localhost'])
      expect(knownHost(host, 'friends.example.org'), host).toBe(false);
  });
});

describe('in production', () => {
  it('leaves the Host to the proxy in front (and there is no outbox)', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production', PUBLIC_URL: 'https://friends.example.org' }, shareDatabaseWith: dev });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/health', headers: { host: 'instance-2.internal:5000' } });
      expect(res.statusCode).toBe(200);
      expect((await prod.app.inject({ method: 'GET', url: '/api/dev/outbox?to=a@b.co', headers: { host: 'localhost' } })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
