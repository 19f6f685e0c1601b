/**
 * Rate limits across instances: with DATABASE_URL, two instances on one PostgreSQL count in one
 * table (rate_limits), so hits split across both are refused after AUTH_RATE_LIMIT in total.
 * With PGlite (one instance) the in-memory store counts and the table stays empty.
 */
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../../db/schema/index';
import { deleteExpiredRateLimits, hitRateLimit } from '../../plugins/rate-limit-store';
import { createTestApp, type TestContext } from '../../test/harness';

const onPostgres = !!process.env.DATABASE_URL;
const LIMIT = 4;
const env = { AUTH_RATE_LIMIT: String(LIMIT) };

let A: TestContext;
let B: TestContext;
beforeAll(async () => {
  A = await createTestApp({ env });
  B = await createTestApp({ env, shareDatabaseWith: A });
});
afterAll(async () => {
  await B?.close();
  await A?.close();
});

const guess = (t: TestContext, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify', remoteAddress: ip, payload: { email: 'nobody@example.com', code: '000000' } });
// Another address than the guesses': a code mailed to it leaves theirs without one.
const knock = (t: TestContext, ip: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress: ip, payload: { email: 'someone.else@example.com' } });

async function rows() {
  const [row] = await A.db.select({ n: count() }).from(rateLimits);
  return Number(row?.n ?? 0);
}

describe.skipIf(!onPostgres)('rate limits shared by two instances on one PostgreSQL', () => {
  it('hits split across both instances are refused after AUTH_RATE_LIMIT in total', async () => {
    const ip = '203.0.113.10';
    const answers = [];
    for (let i = 0; i < LIMIT + 2; i++) answers.push(await guess(i % 2 ? B : A, ip));
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 429, 429]);
    const refused = answers[LIMIT]!;
    expect(refused.json().message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('concurrent hits on both instances: exactly AUTH_RATE_LIMIT get through', async () => {
    const ip = '203.0.113.11';
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => guess(i % 2 ? B : A, ip)));
    expect(answers.filter((r) => r.statusCode !== 429)).toHaveLength(LIMIT);
  });

  it('each route and each address counts apart', async () => {
    const ip = '203.0.113.12';
    for (let i = 0; i < LIMIT; i++) expect((await guess(i % 2 ? B : A, ip)).statusCode).toBe(401);
    expect((await guess(B, ip)).statusCode).toBe(429);
    // Another route from the same address, and the same route from another address, still pass.
    // (Any address is mailed a code, docs/decisions/0070.)
    expect((await knock(A, ip)).statusCode).toBe(200);
    expect((await guess(A, '203.0.113.13')).statusCode).toBe(401);
  });

  it('a window that is over starts again, and expired rows are cleaned up', async () => {
    const ip = '203.0.113.14';
    for (let i = 0; i < LIMIT; i++) await guess(A, ip);
    expect((await guess(B, ip)).statusCode).toBe(429);
    // A minute later, as far as the counters are concerned.
    await A.db.update(rateLimits).set({ expiresAt: sql`now() - interval '1 second'` });
    expect((await guess(B, ip)).statusCode).toBe(401);
    const before = await rows();
    expect(before).toBeGreaterThan(1);
    await deleteExpiredRateLimits(A.db);
    expect(await rows()).toBe(1);
  });

  it('the upsert counts atomically: 50 concurrent hits count to 50', async () => {
    const hits = await Promise.all(Array.from({ length: 50 }, () => hitRateLimit(A.db, 'test:atomic', 60_000)));
    expect(hits.map((h) => h.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(hits.every((h) => h.ttl > 0 && h.ttl <= 60_000)).toBe(true);
  });
});

describe.skipIf(onPostgres)('rate limits on the embedded database', () => {
  it('count in memory and leave the table empty', async () => {
    for (let i = 0; i < LIMIT; i++) expect((await guess(A, '203.0.113.20')).statusCode).toBe(401);
    expect((await guess(A, '203.0.113.20')).statusCode).toBe(429);
    expect(await rows()).toBe(0);
  });
});
