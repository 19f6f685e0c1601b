import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BadgesResponse } from '@shared/schemas/events';
import {
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  registerFor,
  signUp,
  signUpHost,
  TEST_ADMIN_EMAIL,
  withCookie,
  type TestContext,
} from '../../test/harness';

/** GET /api/events/{id}/badges (docs/spec/organiser-tools.md §2.8): guests and hosts of the evening only, never e-mail or phone. */

let t: TestContext;
let host: Awaited<ReturnType<typeof signUpHost>>;
let admin: Awaited<ReturnType<typeof signUp>>;
let venueId: number;

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t, { interests: ['Wine', 'Hiking'] });
  admin = await signUp(t.app, { email: TEST_ADMIN_EMAIL, name: 'Alex Admin' });
  venueId = (await createVenue(t.app, host.cookie, { name: 'The Badge Bar' })).id;
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: withCookie(cookie) });

/** The registration wizard's answers, saved as the member (PUT /api/users/{id}/answers). */
async function answerWizard(member: Awaited<ReturnType<typeof signUp>>, personality: Record<string, number>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/users/${member.user.id}/answers`,
    headers: withCookie(member.cookie),
    payload: { name: member.user.name, age: member.user.age, interests: ['Wine', 'Music', 'Art'], personality, motivations: ['Meet like-minded people'] },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('GET /api/events/:id/badges', () => {
  it("shows each guest the other guests' badges with the wizard's traits, and no contact details", async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, days: 8 }));
    const ann = await signUp(t.app, { name: 'Ann Guest', age: 34, bio: 'Loves jazz', contactInfo: '07700 900111' });
    const ben = await signUp(t.app, { name: 'Ben Guest', age: 41, interests: ['Music', 'Cycling'], contactInfo: '07700 900222' });
    await answerWizard(ann, { creative: 5, social: 4, adventurous: 2, analytical: 3, empathetic: 5 });
    expect((await registerFor(t.app, event.id, ann)).statusCode).toBe(201);
    expect((await registerFor(t.app, event.id, ben)).statusCode).toBe(201);

    // Ann sees Ben (not herself); Ben shared no traits: null, not made-up numbers.
    const asAnn = await get(`/api/events/${event.id}/badges`, ann.cookie);
    expect(asAnn.statusCode, asAnn.body).toBe(200);
    const annView = asAnn.json<BadgesResponse>();
    expect(annView.viewer).toEqual({ userId: ann.user.id, isGuest: true, isHost: false, interests: ['Wine', 'Music', 'Art'] });
    expect(annView.badges).toEqual([
      {
        id: expect.any(Number),
        userId: ben.user.id,
        checkedIn: false,
        // A guest sees the other guests' first names (issue 34).
        user: { name: 'Ben', age: 41, bio: 'I like long walks and board games.', interests: ['Music', 'Cycling'], profileImage: null },
        personality: null,
      },
    ]);

    // Ben sees Ann with her traits on the 0-10 scale (the wizard's 1-5 answers times 2).
    const benView = (await get(`/api/events/${event.id}/badges`, ben.cookie)).json<BadgesResponse>();
    expect(benView.badges.map((b) => b.user.name)).toEqual(['Ann']);
    expect(benView.badges[0]!.personality).toEqual({ creative: 10, adventurous: 4, social: 8, analytical: 6 });

    // The host and an admin see everyone; the host's interests come from their profile.
    const asHost = (await get(`/api/events/${event.id}/badges`, host.cookie)).json<BadgesResponse>();
    expect(asHost.viewer).toEqual({ userId: host.user.id, isGuest: false, isHost: true, interests: ['Wine', 'Hiking'] });
    expect(asHost.badges.map((b) => b.userId)).toEqual([ann.user.id, ben.user.id]);
    expect(asHost.badges.map((b) => b.user.name)).toEqual(['Ann Guest', 'Ben Guest']);

    for (const cookie of [ann.cookie, ben.cookie, host.cookie, admin.cookie]) {
      const res = await get(`/api/events/${event.id}/badges`, cookie);
      expect(res.statusCode).toBe(200);
      for (const b of res.json<BadgesResponse>().badges) {
        expect(Object.keys(b).sort()).toEqual(['checkedIn', 'id', 'personality', 'user', 'userId']);
        expect(Object.keys(b.user).sort()).toEqual(['age', 'bio', 'interests', 'name', 'profileImage']);
      }
      for (const secret of [ann.user.email, ben.user.email, '900111', '900222', 'contactInfo', 'email']) expect(res.body).not.toContain(secret);
    }
  });

  it('keeps only the four traits, in range, and ignores junk', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, days: 9 }));
    const cat = await signUp(t.app, { name: 'Cat Guest', personalityTraits: { creative: 7, social: 40, empathetic: 9 } });
    const dan = await signUp(t.app, { name: 'Dan Guest' });
    expect((await registerFor(t.app, event.id, cat)).statusCode).toBe(201);
    expect((await registerFor(t.app, event.id, dan)).statusCode).toBe(201);
    const view = (await get(`/api/events/${event.id}/badges`, dan.cookie)).json<BadgesResponse>();
    expect(view.badges[0]!.personality).toEqual({ creative: 7, adventurous: null, social: 10, analytical: null });
  });

  it('refuses members who are not coming (403), other hosts (403) and visitors (401); bad ids are 400/404', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, days: 10 }));
    const guest = await signUp(t.app, { name: 'Secret Guest' });
    expect((await registerFor(t.app, event.id, guest)).statusCode).toBe(201);

    const stranger = await signUp(t.app);
    const res = await get(`/api/events/${event.id}/badges`, stranger.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe('Only guests and hosts of this event can see the badges');
    expect(res.body).not.toContain('Secret Guest');
    const otherHost = await signUpHost(t);
    expect((await get(`/api/events/${event.id}/badges`, otherHost.cookie)).statusCode).toBe(403);
    const visitor = await get(`/api/events/${event.id}/badges`);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).not.toContain('Secret Guest');
    expect((await get('/api/events/987654/badges', stranger.cookie)).statusCode).toBe(404);
    expect((await get('/api/events/abc/badges', stranger.cookie)).statusCode).toBe(400);
  });
});
