import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../../db/client';
import { users } from '../../db/schema/index';
import { createTestApp, expectBadInput, me, signUp, type TestContext } from '../../test/harness';

const TOKEN = 'control-token-for-tests-0123456789abcdef';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ controlToken: TOKEN });
});
afterAll(() => t.close());

const control = (payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/api/internal/control', payload: payload as object, headers, ...(remoteAddress ? { remoteAddress } : {}) });

describe('POST /api/internal/control (the admin CLI talking to a running server)', () => {
  it('with the right token from this machine, grants and revokes roles', async () => {
    const { user, cookie } = await signUp(t.app);
    const granted = await control({ command: 'grant', email: user.email, role: 'host' }, { 'x-control-token': TOKEN });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json()).toMatchObject({ id: user.id, role: 'host', granted: true });
    expect((await me(t.app, cookie)).json().roles).toEqual(['member', 'host']);

    const revoked = await control({ command: 'revoke', email: user.email, role: 'host' }, { 'x-control-token': TOKEN });
    expect(revoked.statusCode).toBe(200);
    expect((await me(t.app, cookie)).json().roles).toEqual(['member']);
  });

  it('refuses a wrong or missing token with 403 and changes nothing', async () => {
    const { user, cookie } = await signUp(t.app);
    for (const headers of <Record<string, string>[]>[
      { 'x-control-token': 'wrong' },
      { 'x-control-token': TOKEN.slice(0, -1) + 'X' },
      { 'x-control-token': TOKEN + 'extra' },
      {},
    ]) {
      const res = await control({ command: 'grant', email: user.email, role: 'admin' }, headers);
      expect(res.statusCode).toBe(403);
    }
    expect((await me(t.app, cookie)).json().roles).toEqual(['member']);
  });

  it('refuses the right token from another machine with 403', async () => {
    const { user, cookie } = await signUp(t.app);
    const res = await control({ command: 'grant', email: user.email, role: 'admin' }, { 'x-control-token': TOKEN }, '203.0.113.7');
    expect(res.statusCode).toBe(403);
    expect((await me(t.app, cookie)).json().roles).toEqual(['member']);
  });

  it('a signed-in admin without the token is refused too', async () => {
    const { user } = await signUp(t.app);
    const { cookie: adminCookie } = await signUp(t.app, { email: 'admin@test.example' });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/internal/control',
      payload: { command: 'grant', email: user.email, role: 'admin' },
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(403);
  });

  it('loads demo data on "seed", once', async () => {
    const countUsers = async () => Number((await t.db.select({ n: count() }).from(users))[0]!.n);
    const first = await control({ command: 'seed' }, { 'x-control-token': TOKEN });
    expect(first.statusCode).toBe(200);
    expect(first.json().loaded.length).toBeGreaterThan(0);
    const after = await countUsers();
    const second = await control({ command: 'seed' }, { 'x-control-token': TOKEN });
    expect(second.json()).toEqual({ loaded: [] });
    expect(await countUsers()).toBe(after);
  });

  it('answers 400 to an unknown command or role, and 404 to an unknown e-mail', async () => {
    expectBadInput(await control({ command: 'drop-everything' }, { 'x-control-token': TOKEN }));
    expectBadInput(await control({ command: 'grant', email: 'x@example.com', role: 'superuser' }, { 'x-control-token': TOKEN }));
    const res = await control({ command: 'grant', email: 'nobody@example.com', role: 'host' }, { 'x-control-token': TOKEN });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('User not found');
  });
});

describe('POST /api/internal/backup (npm run backup while the server holds the embedded database)', () => {
  it.skipIf(!!process.env.DATABASE_URL)('with the token, answers the data directory as a gzipped tar that opens with every row', async () => {
    const { user } = await signUp(t.app);
    const started = performance.now();
    const res = await t.app.inject({ method: 'POST', url: '/api/internal/backup', headers: { 'x-control-token': TOKEN } });
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/gzip');
    expect(res.headers['cache-control']).toBe('no-store');
    expect([...res.rawPayload.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    // Writes wait while it is read: keep it short (the test database, a few MB).
    expect(ms).toBeLessThan(10_000);
    const copy = await openPglite(null, { loadDataDir: new Blob([new Uint8Array(res.rawPayload)]) });
    try {
      const [row] = await copy.db.select({ email: users.email }).from(users).where(eq(users.id, user.id));
      expect(row?.email).toBe(user.email);
    } finally {
      await copy.close();
    }
  });

  it('refuses a wrong token, or the right one from another machine, with 403', async () => {
    for (const [headers, remoteAddress] of [
      [{ 'x-control-token': 'wrong' }, undefined],
      [{}, undefined],
      [{ 'x-control-token': TOKEN }, '203.0.113.7'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/api/internal/backup', headers, ...(remoteAddress ? { remoteAddress } : {}) });
      expect(res.statusCode).toBe(403);
      expect(res.rawPayload.subarray(0, 2).equals(Buffer.from([0x1f, 0x8b]))).toBe(false);
    }
  });
});

describe('without a control token', () => {
  it('the control route does not exist', async () => {
    const plain = await createTestApp({ shareDatabaseWith: t });
    try {
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/internal/control',
        payload: { command: 'seed' },
        headers: { 'x-control-token': '' },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
