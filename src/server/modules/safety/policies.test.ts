/** The safety tools' policies (policies.ts, docs/decisions/0094): each refused with its own sentence. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, signUpHost, TEST_ADMIN_EMAIL, withCookie, type TestContext } from '../../test/harness';
import { HANDLE_ADMINS_ONLY, HOSTS_ONLY, SUSPEND_ADMINS_ONLY } from './policies';

let t: TestContext;
let member: Awaited<ReturnType<typeof signUp>>;
let host: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUp>>;
beforeAll(async () => {
  t = await createTestApp();
  [member, host, admin] = [await signUp(t.app), await signUpHost(t), await signUp(t.app, { email: TEST_ADMIN_EMAIL })];
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: withCookie(cookie), ...(payload ? { payload } : {}) });

describe('safety policies', () => {
  it('refuseUnlessReportReader: a member gets 403; a host reads their evenings, an admin every report', async () => {
    const refused = await call('GET', '/api/reports', member.cookie);
    expect([refused.statusCode, refused.json().message]).toEqual([403, HOSTS_ONLY]);
    const asHost = await call('GET', '/api/reports', host.cookie);
    expect([asHost.statusCode, asHost.json().canHandle]).toEqual([200, false]);
    const asAdmin = await call('GET', '/api/reports', admin.cookie);
    expect([asAdmin.statusCode, asAdmin.json().canHandle]).toEqual([200, true]);
  });

  it('refuseUnlessReportHandler: a host gets 403; an admin gets past it (404: no such report)', async () => {
    const refused = await call('POST', '/api/reports/999999/handled', host.cookie);
    expect([refused.statusCode, refused.json().message]).toEqual([403, HANDLE_ADMINS_ONLY]);
    expect((await call('POST', '/api/reports/999999/handled', admin.cookie)).statusCode).toBe(404);
  });

  it('refuseUnlessSuspender: a host gets 403; an admin suspends and lifts', async () => {
    const url = `/api/users/${member.user.id}/suspension`;
    const refused = await call('PUT', url, host.cookie, { suspended: true });
    expect([refused.statusCode, refused.json().message]).toEqual([403, SUSPEND_ADMINS_ONLY]);
    expect((await call('PUT', url, admin.cookie, { suspended: false })).statusCode).toBe(200);
  });
});
