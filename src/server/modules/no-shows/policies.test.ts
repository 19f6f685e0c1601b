/** No-shows' policies (policies.ts, docs/decisions/0094): counts for hosts and admins, who missed which for admins, each with its own sentence. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpHost, signUp, TEST_ADMIN_EMAIL, withCookie, type TestContext } from '../../test/harness';
import { ADMINS_ONLY, HOSTS_ONLY } from './policies';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: withCookie(cookie) });

describe('no-show policies', () => {
  it('refuseUnlessCountsReader and refuseUnlessNoShowAdmin: each refusal with its sentence; the right people pass', async () => {
    const [member, host, admin] = [await signUp(t.app), await signUpHost(t), await signUp(t.app, { email: TEST_ADMIN_EMAIL })];
    const counts = await get('/api/no-shows/evenings', member.cookie);
    expect([counts.statusCode, counts.json().message]).toEqual([403, HOSTS_ONLY]);
    expect((await get('/api/no-shows/evenings', host.cookie)).statusCode).toBe(200);
    const all = await get('/api/admin/no-shows', host.cookie);
    expect([all.statusCode, all.json().message]).toEqual([403, ADMINS_ONLY]);
    expect((await get('/api/admin/no-shows', admin.cookie)).statusCode).toBe(200);
  });
});
