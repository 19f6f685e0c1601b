/** The evening's policies (policies.ts, docs/decisions/0094): its host and admins act on it; only an admin creates one for another host. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createVenue, eventBody, signUp, signUpHost, TEST_ADMIN_EMAIL, withCookie, type TestContext } from '../../test/harness';
import { setUpEvening, type Evening } from '../../test/live-helpers';
import { CREATE_FOR_OTHERS } from './policies';

let t: TestContext;
let ev: Evening;
beforeAll(async () => {
  t = await createTestApp();
  ev = await setUpEvening(t, { guests: 1 });
});
afterAll(() => t.close());

describe('evening policies', () => {
  it('refuseUnlessHostOf: another host and a guest get 403 with the sentence given; its host and an admin pass', async () => {
    const [other, admin] = [await signUpHost(t), await signUp(t.app, { email: TEST_ADMIN_EMAIL })];
    const change = (cookie: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/events/${ev.event.id}`, headers: withCookie(cookie), payload: { priceIncludes: 'Tea' } });
    for (const who of [other, ev.guests[0]!]) {
      const res = await change(who.cookie);
      expect([res.statusCode, res.json().message]).toEqual([403, 'Only the host of this evening can change it']);
    }
    expect((await change(ev.host.cookie)).statusCode).toBe(200);
    expect((await change(admin.cookie)).statusCode).toBe(200);
  });

  it('refuseUnlessCreatesFor: a host naming another host gets 403', async () => {
    const other = await signUpHost(t);
    const venue = await createVenue(t.app, ev.host.cookie);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: withCookie(ev.host.cookie),
      payload: { ...eventBody(venue.id, { days: 9 }), hostId: other.user.id },
    });
    expect([res.statusCode, res.json().message]).toEqual([403, CREATE_FOR_OTHERS]);
  });
});
