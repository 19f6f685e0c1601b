import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import type { ActiveHost, HostApplication, HostApplicationBody } from '@shared/schemas/host-program';
import { hostApplications } from '../../db/schema/index';
import { createTestApp, signUp, signUpHost, TEST_ADMIN_EMAIL, withCookie, type TestContext } from '../../test/harness';

export type Member = Awaited<ReturnType<typeof signUp>>;

export let t: TestContext;
export let admin: Member;
export let host: Member;

/** A test app with an admin and a host, for each host-programme test file (closed after it). */
export function registerHostProgramFixtures() {
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signUp(t.app, { email: TEST_ADMIN_EMAIL, name: 'Ada Admin' });
    host = await signUpHost(t, { name: 'Hana Host' });
  });
  afterAll(() => t.close());
}

export const application = (over: Partial<HostApplicationBody> = {}): HostApplicationBody => ({
  name: 'Priya Patel',
  email: 'priya.host@example.com',
  location: 'Prestwich, Greater Manchester',
  experience: 'I run a monthly book club of twenty people.',
  motivation: 'I want more people in my town to make friends.',
  venueIdea: 'The Wine Bar on a Wednesday, or the Corner Café.',
  ...over,
});

export const apply = (cookie: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/host-program/applications', headers: withCookie(cookie), payload: payload as Record<string, unknown> });
export const list = (cookie: string | undefined) => t.app.inject({ method: 'GET', url: '/api/host-program/applications', headers: withCookie(cookie) });
export const approve = (cookie: string | undefined, id: number) =>
  t.app.inject({ method: 'POST', url: `/api/host-program/applications/${id}/approve`, headers: withCookie(cookie) });
export const sendMessage = (cookie: string | undefined, id: number, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/host-program/applications/${id}/message`,
    headers: withCookie(cookie),
    payload: payload as Record<string, unknown>,
  });
export const mine = (cookie: string | undefined) => t.app.inject({ method: 'GET', url: '/api/host-program/me', headers: withCookie(cookie) });
export const activeHosts = async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/host-program/hosts' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ActiveHost[]>();
};
export const applicationsOf = (userId: number) =>
  t.db.select().from(hostApplications).where(eq(hostApplications.userId, userId)).orderBy(asc(hostApplications.id));

/** A new member with a pending application. */
export async function applicant(over: Partial<HostApplicationBody> = {}) {
  const member = await signUp(t.app, { name: over.name ?? 'Priya Patel' });
  const res = await apply(member.cookie, application({ email: member.user.email, ...over }));
  expect(res.statusCode, res.body).toBe(201);
  return { ...member, application: res.json<HostApplication>() };
}
