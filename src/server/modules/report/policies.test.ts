/** The evening reports' policy (policies.ts, docs/decisions/0094): trends for hosts and admins, refused with its own sentence. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpHost, signUp, withCookie, type TestContext } from '../../test/harness';
import { TRENDS_HOSTS_ONLY } from './policies';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('report trends policy', () => {
  it('refuseUnlessTrendsReader: a member gets 403 with the sentence; a host reads them', async () => {
    const [member, host] = [await signUp(t.app), await signUpHost(t)];
    const get = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/reports/trends', headers: withCookie(cookie) });
    const refused = await get(member.cookie);
    expect([refused.statusCode, refused.json().message]).toEqual([403, TRENDS_HOSTS_ONLY]);
    expect((await get(host.cookie)).statusCode).toBe(200);
  });
});
