import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execute } from '../../cli/control-client';
import { loginCodes } from '../../db/schema/index';
import { createTestApp, existingMember, me, sessionCookie, uniqueEmail, verify, type TestContext } from '../../test/harness';
import { CODE_EXPIRED, type AdminLoginLink } from './service';

/**
 * `npm run admin -- login-link EMAIL` (docs/decisions/0089): the first admin signs in without SMTP
 * and without SQL. The command goes as the CLI sends it (cli/control-client.ts's execute) to the
 * real server that holds the database, and the link it prints is used on the real log-in route.
 */
const FIRST_ADMIN = `first.admin.${randomBytes(3).toString('hex')}@example.com`;
let t: TestContext;
let clock = new Date();
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'sf-login-link-'));
  const token = randomBytes(24).toString('hex');
  t = await createTestApp({ controlToken: token, now: () => clock, env: { DATA_DIR: dataDir, ADMIN_EMAILS: FIRST_ADMIN } });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  // What main.ts writes for the CLI when it holds the embedded database: the CLI then asks this server.
  writeFileSync(path.join(dataDir, 'control.json'), JSON.stringify({ pid: process.pid, port, token }), { mode: 0o600 });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const loginLink = (email: string) => execute(t.config, { command: 'login-link', email }) as Promise<AdminLoginLink>;

/** The address and code a printed link carries, as the log-in page reads them (after '#'). */
function fromLink(link: string) {
  const url = new URL(link);
  expect(`${url.origin}${url.pathname}`).toBe(`${t.config.publicUrl}/login`);
  expect(url.search, 'nothing secret in the part a server logs').toBe('');
  const params = new URLSearchParams(url.hash.slice(1));
  return { email: params.get('email')!, code: params.get('code')! };
}

describe('a sign-in link from the console', () => {
  it('signs the first admin in once, as an admin, making the account when there is none; the stored code is only its keyed hash', async () => {
    const printed = await loginLink(FIRST_ADMIN.toUpperCase());
    expect(printed.email).toBe(FIRST_ADMIN);
    expect(printed.newAccount).toBe(true);
    const { email, code } = fromLink(printed.link);
    expect(email).toBe(FIRST_ADMIN);
    expect(code).toMatch(/^\d{6}$/);

    const [stored] = await t.db
      .select({ codeHash: loginCodes.codeHash, expiresAt: loginCodes.expiresAt })
      .from(loginCodes)
      .where(eq(loginCodes.email, FIRST_ADMIN));
    expect(stored!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored!.codeHash).not.toContain(code);
    expect(stored!.expiresAt.getTime() - clock.getTime()).toBe(10 * 60_000);

    // No account yet: the log-in page's last step asks a name and age, with the same code.
    const first = await verify(t.app, email, code);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ needsProfile: true });
    const made = await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { email, code, name: 'Ada', age: 41 } });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({ email, name: 'Ada', created: true });
    const whoami = await me(t.app, sessionCookie(made));
    expect(whoami.json<{ roles: string[] }>().roles).toContain('admin');

    // Used once: the same link signs nobody in again.
    const again = await verify(t.app, email, code);
    expect(again.statusCode).toBe(401);
    expect(sessionCookie(again)).toBeUndefined();

    // Now that the account exists, a new link signs it straight in.
    const next = await loginLink(FIRST_ADMIN);
    expect(next.newAccount).toBe(false);
    const second = await verify(t.app, FIRST_ADMIN, fromLink(next.link).code);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toMatchObject({ email: FIRST_ADMIN, created: false });
    expect((await me(t.app, sessionCookie(second))).json<{ roles: string[] }>().roles).toContain('admin');
  });

  it('expires like a mailed code: 10 minutes', async () => {
    const { code } = fromLink((await loginLink(FIRST_ADMIN)).link);
    clock = new Date(clock.getTime() + 10 * 60_000 + 1000);
    try {
      const late = await verify(t.app, FIRST_ADMIN, code);
      expect(late.statusCode).toBe(401);
      expect(late.json()).toMatchObject({ message: CODE_EXPIRED });
      expect(sessionCookie(late)).toBeUndefined();
    } finally {
      clock = new Date();
    }
  });

  it('works for a member given the admin role (not in ADMIN_EMAILS)', async () => {
    const { user } = await existingMember(t.app);
    await execute(t.config, { command: 'grant', email: user.email, role: 'admin' });
    const res = await verify(t.app, user.email, fromLink((await loginLink(user.email)).link).code);
    expect(res.statusCode, res.body).toBe(200);
    expect((await me(t.app, sessionCookie(res))).json<{ roles: string[] }>().roles).toContain('admin');
  });

  it('is refused, with the reason and what to do, for a member who is not an admin and for an unknown address; nothing is stored', async () => {
    const { user } = await existingMember(t.app);
    await expect(loginLink(user.email)).rejects.toThrow(`${user.email} is not an admin: a sign-in link is only for admins. Add the address to ADMIN_EMAILS`);
    const stranger = uniqueEmail('stranger');
    await expect(loginLink(stranger)).rejects.toThrow(`Nobody has the address ${stranger}, and it is not in ADMIN_EMAILS`);
    for (const email of [user.email, stranger]) expect(await t.db.select().from(loginCodes).where(eq(loginCodes.email, email))).toEqual([]);
  });

  it('refuses an address that is not one before anything runs (400 from the server)', async () => {
    await expect(execute(t.config, { command: 'login-link', email: 'not-an-address' } as never)).rejects.toThrow();
  });
});
