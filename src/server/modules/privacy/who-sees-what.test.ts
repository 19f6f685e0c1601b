/**
 * /privacy checked against the routes (issue 33, docs/decisions/0062): for each thing the page says a
 * role does not see, a request as that role shows it is not there. The sentences are the page's own
 * (src/client/features/privacy/components/privacy-page.tsx); its client test checks the page says them.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BadgesResponse, Participant } from '@shared/schemas/events';
import type { MyGroups } from '@shared/schemas/friend-groups';
import type { PreviewResponse } from '@shared/schemas/match-preview';
import type { MyMatches } from '@shared/schemas/matching';
import { events, matches } from '../../db/schema/index';
import {
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  registerFor,
  requestCode,
  signUp,
  signUpHost,
  TEST_ADMIN_EMAIL,
  uniqueEmail,
  verify,
  withCookie,
  type TestContext,
} from '../../test/harness';
import { checkIn, setUpEvening, type Evening, type Member } from '../../test/live-helpers';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string, m?: Member) => t.app.inject({ method: 'GET', url, headers: withCookie(m?.cookie) });
const post = (url: string, m: Member, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: withCookie(m.cookie), payload });
const ok = async (url: string, m?: Member) => {
  const res = await get(url, m);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res;
};
const PHONE = '07700 900123';

/** Everything a member's contact details could show in: the address and the phone number. */
function expectNoContact(body: string, of: Member[], where: string) {
  for (const m of of) {
    expect(body, `${where} shows ${m.user.email}`).not.toContain(m.user.email);
    expect(body, `${where} shows a phone number`).not.toContain(PHONE);
  }
}

describe('Who sees what', () => {
  let ev: Evening;
  let a: Member, b: Member, c: Member;
  beforeAll(async () => {
    ev = await setUpEvening(t, { guests: 3 });
    [a, b, c] = ev.guests as [Member, Member, Member];
    // a and b matched; the evening's contacts are not released and neither pressed Share Contact.
    const [lo, hi] = [a.user.id, b.user.id].sort((x, y) => x - y);
    await t.db.insert(matches).values({ eventId: ev.event.id, user1Id: lo!, user2Id: hi!, matchScore: 5 });
  });

  it('"Other guests of the same evening see your name, age, bio, interests and photo. Never your e-mail or phone number."', async () => {
    for (const url of [`/api/events/${ev.event.id}/participants`, `/api/events/${ev.event.id}/badges`, `/api/events/${ev.event.id}/preview`]) {
      const body = (await ok(url, c)).body;
      expectNoContact(body, [a, b], `${url} as a guest`);
    }
    const names = (await ok(`/api/events/${ev.event.id}/participants`, c)).json<Participant[]>().map((p) => p.user.name);
    expect(names).toEqual(expect.arrayContaining([a.user.name.split(' ')[0], b.user.name.split(' ')[0]]));
    // The guest list and the badges give other guests first names only (issue 34; the live evening still names a partner in full).
    for (const url of [`/api/events/${ev.event.id}/participants`, `/api/events/${ev.event.id}/badges`]) {
      for (const m of [a, b]) expect((await ok(url, c)).body, `${url} as a guest`).not.toContain(m.user.name);
    }
  });

  it('"The hosts of your evening see your name, your ticket code and when you arrived, at the door and in its attendance list. Never your e-mail or phone number."', async () => {
    for (const url of [
      `/api/events/${ev.event.id}/participants`,
      `/api/events/${ev.event.id}/badges`,
      `/api/events/${ev.event.id}/door`,
      `/api/events/${ev.event.id}/attendance.csv`,
      `/api/events/${ev.event.id}/matches`,
    ]) {
      const body = (await ok(url, ev.host)).body;
      expectNoContact(body, [a, b, c], `${url} as the host`);
    }
    const csv = (await ok(`/api/events/${ev.event.id}/attendance.csv`, ev.host)).body;
    expect(csv).toContain(a.user.name);
  });

  it('"Your e-mail and phone number are seen only by you, the organisers\' admins, and your matches once contact is shared"', async () => {
    // A match before sharing: b does not see a's contact details yet.
    type Side = { id: number; email: string | null; contactInfo: string | null };
    const sideOf = async (viewer: Member, who: Member) => {
      const [m] = (await ok(`/api/events/${ev.event.id}/matches/${viewer.user.id}`, viewer)).json<{ user1: Side; user2: Side }[]>();
      return [m!.user1, m!.user2].find((u) => u.id === who.user.id)!;
    };
    expect(await sideOf(b, a)).toMatchObject({ email: null, contactInfo: null });
    // A visitor, on every answer about the evening.
    for (const url of [`/api/events/${ev.event.id}`, `/api/events/${ev.event.id}/public`, '/api/events', '/api/events/upcoming']) {
      expectNoContact((await ok(url)).body, [a, b, c], `${url} as a visitor`);
    }
    // Once both press Share Contact, the match sees it; an admin sees it; the third guest never does.
    const [m] = (await ok(`/api/events/${ev.event.id}/matches/${a.user.id}`, a)).json<{ id: number }[]>();
    expect((await post(`/api/events/${ev.event.id}/matches/${m!.id}/share`, a)).statusCode).toBe(200);
    expect((await post(`/api/events/${ev.event.id}/matches/${m!.id}/share`, b)).statusCode).toBe(200);
    expect(await sideOf(b, a)).toMatchObject({ email: a.user.email, contactInfo: PHONE });
    const admin = (await signUp(t.app, { email: TEST_ADMIN_EMAIL, name: 'Ada Admin' })) as Member;
    expect((await ok(`/api/events/${ev.event.id}/matches`, admin)).body).toContain(a.user.email);
    expect((await get(`/api/events/${ev.event.id}/matches/${a.user.id}`, c)).statusCode).toBe(403);
    expectNoContact((await ok(`/api/events/${ev.event.id}/participants`, c)).body, [a, b], 'participants after sharing');
  });

  it("visitors get what the public page shows: no user id, not even the host's", async () => {
    for (const url of [`/api/events/${ev.event.id}`, `/api/events/${ev.event.id}/public`, '/api/events', '/api/events/upcoming']) {
      const body = (await ok(url)).body;
      expect(body, url).not.toMatch(/"(hostId|userId|user1Id|user2Id)"/);
    }
  });
});

describe('Blocks and reports: "If you block someone, they are not told."', () => {
  let first: Evening;
  let blocker: Member, blocked: Member, other: Member;
  let ahead: { id: number };
  beforeAll(async () => {
    // Three met at an evening; all three booked another evening to come.
    first = await setUpEvening(t, { guests: 3 });
    [blocker, blocked, other] = first.guests as [Member, Member, Member];
    const host = (await signUpHost(t)) as Member;
    const venue = await createVenue(t.app, host.cookie);
    ahead = await createEvent(t.app, host.cookie, eventBody(venue.id, { price: 0 }));
    for (const m of [blocker, blocked, other]) expect((await registerFor(t.app, ahead.id, m)).statusCode).toBe(201);
    await checkIn(t.app, ahead.id, host, other);
  });

  const seenAt = async (eventId: number, m: Member) => {
    const participants = (await ok(`/api/events/${eventId}/participants`, m)).json<Participant[]>().map((p) => p.userId);
    const badges = (await ok(`/api/events/${eventId}/badges`, m)).json<BadgesResponse>().badges.map((x) => x.userId);
    const preview = (await ok(`/api/events/${eventId}/preview`, m)).json<PreviewResponse>().profiles.map((p) => p.id);
    return { participants: participants.filter((id) => id !== m.user.id).sort(), badges: badges.sort(), preview: preview.sort() };
  };

  it("at an evening to come, the two are in none of each other's guest lists (participants, badges, preview), and every list agrees", async () => {
    expect((await post('/api/me/blocks', blocker, { userId: blocked.user.id })).statusCode).toBe(200);
    for (const me of [blocked, blocker]) {
      const seen = await seenAt(ahead.id, me);
      expect(seen.participants).toEqual([other.user.id]);
      expect(seen.badges).toEqual(seen.participants);
      expect(seen.preview).toEqual(seen.participants);
    }
    // Others still see both, and the blocked person's own list of blocks is empty.
    expect((await seenAt(ahead.id, other)).participants).toEqual([blocker.user.id, blocked.user.id].sort());
    expect((await ok('/api/me/blocks', blocked)).json<{ blocks: unknown[] }>().blocks).toEqual([]);
  });

  it('at the evening they shared, once over, every list names them as before, as its matches and friend groups do', async () => {
    const over = new Date(Date.now() - 3_600_000);
    await t.db
      .update(events)
      .set({ date: new Date(over.getTime() - 7_200_000), endsAt: over, status: 'completed' })
      .where(eq(events.id, first.event.id));
    for (const [me, them] of [
      [blocked, blocker],
      [blocker, blocked],
    ] as const) {
      const seen = await seenAt(first.event.id, me);
      expect(seen.participants).toContain(them.user.id);
      expect(seen.badges).toEqual(seen.participants);
      expect(seen.preview).toEqual(seen.participants);
    }
  });
});

describe('Blocks: "What you shared before stays as it was" (a match, a friend group), and nothing released after the block', () => {
  it('a group and its matches released before the block stay for both; a match released after it shows on neither side, in neither list', async () => {
    const before = await setUpEvening(t, { guests: 3 });
    const [x, y, z] = before.guests as [Member, Member, Member];
    const ids = [x, y, z].map((m) => m.user.id).sort((p, q) => p - q);
    for (const [i, j] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const) {
      await t.db.insert(matches).values({ eventId: before.event.id, user1Id: ids[i]!, user2Id: ids[j]!, matchScore: 5 });
    }
    await t.db
      .update(events)
      .set({ contactsReleasedAt: new Date(Date.now() - 60_000) })
      .where(eq(events.id, before.event.id));
    // Another evening where x and y matched, not released yet.
    const later = await setUpEvening(t, { guests: 2 });
    const [x2, y2] = later.guests as [Member, Member];
    await t.db
      .insert(matches)
      .values({ eventId: later.event.id, user1Id: Math.min(x2.user.id, y2.user.id), user2Id: Math.max(x2.user.id, y2.user.id), matchScore: 5 });

    expect((await post('/api/me/blocks', x, { userId: y.user.id })).statusCode).toBe(200);
    expect((await post('/api/me/blocks', x2, { userId: y2.user.id })).statusCode).toBe(200);
    await t.db
      .update(events)
      .set({ contactsReleasedAt: new Date(Date.now() + 1000) })
      .where(eq(events.id, later.event.id));

    const matchedWith = async (m: Member, eventId: number) =>
      (await ok('/api/me/matches', m))
        .json<MyMatches>()
        .matches.filter((r) => r.eventId === eventId)
        .map((r) => (r.user1Id === m.user.id ? r.user2Id : r.user1Id))
        .sort();
    const groupOf = async (m: Member) => (await ok('/api/me/groups', m)).json<MyGroups>().groups.map((g) => g.members.map((p) => p.id).sort());
    for (const m of [x, y, z]) {
      expect(await matchedWith(m, before.event.id)).toEqual(ids.filter((id) => id !== m.user.id));
      expect(await groupOf(m)).toEqual([ids]);
    }
    for (const m of [x2, y2]) {
      expect(await matchedWith(m, later.event.id)).toEqual([]);
      expect(await groupOf(m)).toEqual([]);
    }
  });
});

describe('Cache-Control', () => {
  it("signed-in API answers carry no-store; a visitor's public answers keep their own", async () => {
    const member = (await signUp(t.app)) as Member;
    for (const url of ['/api/auth/me', '/api/events', `/api/users/${member.user.id}`, '/api/me/matches']) {
      const res = await get(url, member);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // The answer that signs in, before the browser holds the cookie.
    const email = uniqueEmail('nostore');
    await signUp(t.app, { email });
    const signIn = await verify(t.app, email, await requestCode(t.app, email));
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.headers['cache-control']).toBe('no-store');
    // An error to a signed-in member too.
    expect((await get('/api/events/987654', member)).headers['cache-control']).toBe('no-store');
    expect((await get('/api/privacy')).headers['cache-control']).toBe('public, max-age=300');
    expect((await get('/api/privacy', member)).headers['cache-control']).toBe('public, max-age=300');
    expect((await get('/api/events')).headers['cache-control']).toBeUndefined();
  });
});
