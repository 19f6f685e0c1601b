/** The accessibility statement's policy (policies.ts, docs/decisions/0094): barrier reports are read by admins, refused with its own sentence. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpHost, signUp, TEST_ADMIN_EMAIL, withCookie, type TestContext } from '../../test/harness';
import { ADMINS_ONLY } from './policies';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('barrier reports policy', () => {
  it('refuseUnlessBarrierReader: a host gets 403 with the sentence; an admin reads them', async () => {
    const [host, admin] = [await signUpHost(t), await signUp(t.app, { email: TEST_ADMIN_EMAIL })];
    const get = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/accessibility/reports', headers: withCookie(cookie) });
    const refused = await get(host.cookie);
    expect([refused.statusCode, refused.json().message]).toEqual([403, ADMINS_ONLY]);
    expect((await get(admin.cookie)).statusCode).toBe(200);
  });
});
