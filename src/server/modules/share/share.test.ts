import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShareAnalytics, ShareEventBody } from '@shared/schemas/share';
import { shareEvents, signupSources } from '../../db/schema/index';
import {
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  expectBadInput,
  signUp,
  signUpHost,
  TEST_ADMIN_EMAIL,
  userCount,
  validSignup,
  withCookie,
  type TestContext,
} from '../../test/harness';

let t: TestContext;
let host: Awaited<ReturnType<typeof signUpHost>>;
let member: Awaited<ReturnType<typeof signUp>>;
let admin: Awaited<ReturnType<typeof signUp>>;
let eventId: number;

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t);
  member = await signUp(t.app, { name: 'Mia Member' });
  admin = await signUp(t.app, { email: TEST_ADMIN_EMAIL, name: 'Ada Admin' });
  const venue = await createVenue(t.app, host.cookie);
  eventId = (await createEvent(t.app, host.cookie, eventBody(venue.id))).id;
});
afterAll(() => t.close());

const record = (payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/share/events', headers: withCookie(cookie), payload: payload as ShareEventBody });
const analytics = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/share/analytics', headers: withCookie(cookie) });
const stored = () => t.db.select().from(shareEvents).orderBy(shareEvents.id);

describe('POST /api/share/events', () => {
  it('records a visitor copy without a user, and a member share as that member', async () => {
    const before = (await stored()).length;
    const copy = await record({ platform: 'facebook', action: 'copy', template: 'facebook', eventId });
    expect(copy.statusCode, copy.body).toBe(201);
    expect(copy.json()).toMatchObject({ platform: 'facebook', action: 'copy', template: 'facebook', eventId, id: expect.any(Number), createdAt: expect.any(String) });

    const share = await record({ platform: 'whatsapp', action: 'share', template: 'whatsapp' }, member.cookie);
    expect(share.statusCode, share.body).toBe(201);
    expect(share.json()).toMatchObject({ platform: 'whatsapp', action: 'share', template: 'whatsapp', eventId: null });

    const rows = (await stored()).slice(before);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ userId: null, eventId, platform: 'facebook', action: 'copy', template: 'facebook' });
    expect(rows[1]).toMatchObject({ userId: member.user.id, eventId: null, platform: 'whatsapp', action: 'share', template: 'whatsapp' });
  });

  it('takes the custom post on any platform', async () => {
    const res = await record({ platform: 'facebook', action: 'share', template: 'custom', eventId }, host.cookie);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ template: 'custom', platform: 'facebook' });
  });

  it.each([
    ['an unknown platform', { platform: 'myspace', action: 'copy', template: 'facebook' }],
    ['an unknown action', { platform: 'facebook', action: 'like', template: 'facebook' }],
    ['an unknown template', { platform: 'facebook', action: 'copy', template: 'poster' }],
    ["another platform's template", { platform: 'twitter', action: 'copy', template: 'facebook' }],
    ['a text event id', { platform: 'facebook', action: 'copy', template: 'facebook', eventId: 'one' }],
    ['a negative event id', { platform: 'facebook', action: 'copy', template: 'facebook', eventId: -3 }],
    ['no action', { platform: 'facebook', template: 'facebook' }],
    ['not an object', ['facebook']],
  ])('refuses %s with 400 and stores nothing', async (_name, payload) => {
    const before = (await stored()).length;
    expectBadInput(await record(payload, member.cookie));
    expect(await stored()).toHaveLength(before);
  });

  it('answers 404 for an evening that does not exist, and stores nothing', async () => {
    const before = (await stored()).length;
    const res = await record({ platform: 'facebook', action: 'copy', template: 'facebook', eventId: 999_999 });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json().message).toBe('Event not found');
    expect(await stored()).toHaveLength(before);
  });
});

describe('signups from a shared link', () => {
  it('counts a signup with source=facebook for facebook', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/users', payload: { ...validSignup({ name: 'Fiona Facebook' }), source: 'facebook' } });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.db.select().from(signupSources).where(eq(signupSources.userId, res.json().id));
    expect(row?.platform).toBe('facebook');
  });

  it('records nothing for a signup without a source', async () => {
    const { user } = await signUp(t.app, { name: 'Nadia Nosource' });
    expect(await t.db.select().from(signupSources).where(eq(signupSources.userId, user.id))).toHaveLength(0);
  });

  it('refuses an unknown source with 400 and creates no account', async () => {
    const before = await userCount(t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/users', payload: { ...validSignup(), source: 'myspace' } });
    const body = expectBadInput(res);
    expect(body.errors.map((e) => e.path)).toContain('source');
    expect(await userCount(t.db)).toBe(before);
  });
});

describe('GET /api/share/analytics', () => {
  it('asks a visitor to log in (401) and refuses a member (403)', async () => {
    expect((await analytics()).statusCode).toBe(401);
    const res = await analytics(member.cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Share analytics are for hosts only');
  });

  it('gives hosts and admins the real figures', async () => {
    // Everything so far: facebook copy (visitor), whatsapp share (member), custom share on facebook (host);
    // one signup from facebook. Add a twitter copy and a local copy, and a signup from whatsapp.
    expect((await record({ platform: 'twitter', action: 'copy', template: 'twitter' })).statusCode).toBe(201);
    expect((await record({ platform: 'local', action: 'copy', template: 'local' }, member.cookie)).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/api/users', payload: { ...validSignup(), source: 'whatsapp' } })).statusCode).toBe(201);

    for (const who of [host, admin]) {
      const res = await analytics(who.cookie);
      expect(res.statusCode, res.body).toBe(200);
      const a = res.json<ShareAnalytics>();
      expect(a.templatesUsed).toBe(5); // facebook, whatsapp, custom, twitter, local
      expect(a.timesShared).toBe(5);
      expect(a.platformsReached).toBe(4); // facebook, whatsapp, twitter, local
      expect(a.platforms).toHaveLength(6);
      const row = (p: string) => a.platforms.find((r) => r.platform === p);
      expect(row('facebook')).toEqual({ platform: 'facebook', copies: 1, shares: 1, signups: 1 });
      expect(row('whatsapp')).toEqual({ platform: 'whatsapp', copies: 0, shares: 1, signups: 1 });
      expect(row('twitter')).toEqual({ platform: 'twitter', copies: 1, shares: 0, signups: 0 });
      expect(row('local')).toEqual({ platform: 'local', copies: 1, shares: 0, signups: 0 });
      expect(row('instagram')).toEqual({ platform: 'instagram', copies: 0, shares: 0, signups: 0 });
      // The busiest first.
      expect(a.platforms[0]!.platform).toBe('facebook');
      expect(a.platforms.slice(-2).map((r) => r.platform)).toEqual(['instagram', 'linkedin']);
    }
  });
});
