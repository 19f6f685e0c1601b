import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
});
afterAll(() => t.close());

describe('AUTH_RATE_LIMIT', () => {
  it('answers the 4th login attempt within a minute with 429 and a clear message', async () => {
    const attempt = () => t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'someone.else@example.com' } });
    for (let i = 1; i <= 3; i++) expect((await attempt()).statusCode, `attempt ${i}`).toBe(200);

    const res = await attempt();
    expect(res.statusCode).toBe(429);
    const body = res.json();
    expect(body.message).toMatch(/^Too many attempts\. Please wait \d+ seconds and try again\.$/);
    expect(body.error).toBe(body.message);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('also limits code guesses', async () => {
    const attempt = () => t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { email: 'someone@example.com', code: '000000' } });
    const codes = [];
    for (let i = 0; i < 4; i++) codes.push((await attempt()).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
  });

  it('does not limit the health check', async () => {
    for (let i = 0; i < 6; i++) expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});
