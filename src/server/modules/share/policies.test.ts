/** Share analytics' policy (policies.ts, docs/decisions/0094): hosts and admins, refused with its own sentence. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, signUpHost, TEST_ADMIN_EMAIL, withCookie, type TestContext } from '../../test/harness';
import { ANALYTICS_HOSTS_ONLY } from './policies';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('share analytics policy', () => {
  it('refuseUnlessAnalyticsReader: a member gets 403 with the analytics sentence; a host and an admin read them', async () => {
    const [member, host, admin] = [await signUp(t.app), await signUpHost(t), await signUp(t.app, { email: TEST_ADMIN_EMAIL })];
    const get = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/share/analytics', headers: withCookie(cookie) });
    const refused = await get(member.cookie);
    expect([refused.statusCode, refused.json().message]).toEqual([403, ANALYTICS_HOSTS_ONLY]);
    expect((await get(host.cookie)).statusCode).toBe(200);
    expect((await get(admin.cookie)).statusCode).toBe(200);
  });
});
