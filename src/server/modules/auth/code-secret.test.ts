/**
 * Codes at rest (issue 33): a pending login code is stored under a keyed hash whose key is not in
 * the database, so a copy of the tables does not give a live code; an expired code is swept.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginCodes } from '../../db/schema/index';
import { loadConfig } from '../../env';
import { loginCodeSecret } from '../../plugins/auth';
import { createTestApp, requestCode, signUp, verify, type TestContext } from '../../test/harness';
import { cleanUpSessions } from './service';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a pending code in the database', () => {
  it('cannot be found by trying every 6-digit code against its stored hash', async () => {
    const { user } = await signUp(t.app);
    const code = await requestCode(t.app, user.email);
    const [row] = await t.db.select({ hash: loginCodes.codeHash }).from(loginCodes).where(eq(loginCodes.email, user.email));
    // What anyone holding the database files could do before: a million hashes, a second or two.
    let found: string | null = null;
    for (let n = 0; n < 1_000_000 && !found; n++) {
      const guess = String(n).padStart(6, '0');
      if (createHash('sha256').update(`${user.email}:${guess}`).digest('hex') === row!.hash) found = guess;
    }
    expect(found).toBeNull();
    // The code itself still works.
    expect((await verify(t.app, user.email, code)).statusCode).toBe(200);
  });

  it('is swept once expired by the hourly clean-up', async () => {
    const { user } = await signUp(t.app);
    await requestCode(t.app, user.email);
    await t.db
      .update(loginCodes)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(loginCodes.email, user.email));
    await cleanUpSessions(t.db);
    expect(await t.db.select().from(loginCodes).where(eq(loginCodes.email, user.email))).toHaveLength(0);
  });
});

describe('the key of the code hash', () => {
  it('comes from LOGIN_CODE_SECRET, or a file in DATA_DIR that only the server user can read, made once', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sf-key-'));
    try {
      const dataDir = path.join(dir, 'data');
      const config = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir });
      const first = loginCodeSecret(config);
      const file = path.join(dataDir, 'login-code.key');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(statSync(dataDir).mode & 0o777).toBe(0o700);
      expect(first.length).toBeGreaterThanOrEqual(32);
      expect(loginCodeSecret(config).equals(first)).toBe(true);
      expect(readFileSync(file, 'utf8')).toBe(first.toString());

      const fromEnv = loadConfig({ NODE_ENV: 'development', DATA_DIR: dataDir, LOGIN_CODE_SECRET: 'k'.repeat(40) });
      expect(loginCodeSecret(fromEnv).toString()).toBe('k'.repeat(40));
      expect(() => loadConfig({ LOGIN_CODE_SECRET: 'short' })).toThrow(/LOGIN_CODE_SECRET: must be at least 32 characters/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
