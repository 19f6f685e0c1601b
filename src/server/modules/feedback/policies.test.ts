/** Feedback's policies (policies.ts, docs/decisions/0094): reacting and reading a reaction, each refused with its own sentence. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp, TEST_ADMIN_EMAIL, withCookie, type TestContext } from '../../test/harness';
import { setUpEvening, type Evening } from '../../test/live-helpers';
import { OWN_REACTION_ONLY, REACT_CHECKED_IN_ONLY } from './policies';

let t: TestContext;
let ev: Evening;
beforeAll(async () => {
  t = await createTestApp();
  ev = await setUpEvening(t, { guests: 2, checkedIn: 1 });
});
afterAll(() => t.close());

describe('feedback policies', () => {
  it('refuseUnlessCheckedIn: a guest not checked in gets 403; a checked-in guest reacts', async () => {
    const [present, absent] = ev.guests as [Evening['guests'][number], Evening['guests'][number]];
    const react = (who: typeof present) =>
      t.app.inject({
        method: 'POST',
        url: `/api/events/${ev.event.id}/feedback`,
        headers: withCookie(who.cookie),
        payload: { eventId: ev.event.id, userId: who.user.id, emoji: 'fire' },
      });
    const refused = await react(absent);
    expect([refused.statusCode, refused.json().message]).toEqual([403, REACT_CHECKED_IN_ONLY]);
    expect((await react(present)).statusCode).toBe(200);
  });

  it("refuseUnlessOwnReaction: another member's reaction is 403; your own and an admin's reading pass", async () => {
    const [a, b] = ev.guests as [Evening['guests'][number], Evening['guests'][number]];
    const admin = await signUp(t.app, { email: TEST_ADMIN_EMAIL });
    const read = (cookie: string) => t.app.inject({ method: 'GET', url: `/api/events/${ev.event.id}/feedback/user/${a.user.id}`, headers: withCookie(cookie) });
    const refused = await read(b.cookie);
    expect([refused.statusCode, refused.json().message]).toEqual([403, OWN_REACTION_ONLY]);
    expect((await read(a.cookie)).statusCode).toBe(200);
    expect((await read(admin.cookie)).statusCode).toBe(200);
  });
});
