/** The host programme's policy (policies.ts, docs/decisions/0094): reviewing applications is for admins, refused with its own sentence. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, signUpHost, TEST_ADMIN_EMAIL, withCookie, type TestContext } from '../../test/harness';
import { ADMINS_ONLY } from './policies';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('host programme policy', () => {
  it('refuseUnlessReviewer: a member and a host get 403 with the programme sentence; an admin reviews', async () => {
    const [member, host, admin] = [await signUp(t.app), await signUpHost(t), await signUp(t.app, { email: TEST_ADMIN_EMAIL })];
    for (const who of [member, host]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/host-program/applications', headers: withCookie(who.cookie) });
      expect([res.statusCode, res.json().message]).toEqual([403, ADMINS_ONLY]);
    }
    const res = await t.app.inject({ method: 'GET', url: '/api/host-program/applications', headers: withCookie(admin.cookie) });
    expect(res.statusCode, res.body).toBe(200);
  });
});
