/**
 * GET /api/me/groups (docs/spec/organiser-tools.md §2.17): a community group is a clique of mutual
 * matches across the member's evenings. Tried as members would: Sarah matched Michael and Emma,
 * who did not match each other (no group); once Michael and Emma match at another evening, the
 * three are a group. Members show their public profile only; the group e-mail link appears once
 * every pair's contact is shared. Nobody sees another member's groups.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyGroups } from '@shared/schemas/friend-groups';
import { createEvent, createTestApp, createVenue, eventBody, registerFor, signUp, signUpHost, withCookie, type TestContext } from '../../test/harness';
import { checkIn, holdRounds, type Member } from '../../test/live-helpers';

let t: TestContext;
let host: Member;
let venueId: number;
beforeAll(async () => {
  t = await createTestApp();
  host = (await signUpHost(t)) as Member;
  venueId = (await createVenue(t.app, host.cookie)).id;
});
afterAll(() => t.close());

const person = async (name: string) => (await signUp(t.app, { name, contactInfo: '07700 900123' })) as Member;

/** A free evening of the test host with these guests registered and checked in. */
async function evening(guests: Member[]) {
  const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0 }));
  for (const g of guests) {
    const res = await registerFor(t.app, event.id, g);
    expect(res.statusCode, res.body).toBe(201);
    await checkIn(t.app, event.id, host, g);
  }
  // The whole evening is held: every two of them talk (a rating needs a conversation, docs/decisions/0063).
  await holdRounds(t, { event, host, guests, present: guests });
  return event;
}

async function rate(eventId: number, from: Member, to: Member, rating: number) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/events/${eventId}/ratings`,
    headers: withCookie(from.cookie),
    payload: { raterId: from.user.id, ratedId: to.user.id, rating },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** Both rate each other `rating`. */
const both = async (eventId: number, a: Member, b: Member, rating = 5) => {
  await rate(eventId, a, b, rating);
  await rate(eventId, b, a, rating);
};

async function calculate(eventId: number) {
  const res = await t.app.inject({ method: 'POST', url: `/api/events/${eventId}/calculate-matches`, headers: withCookie(host.cookie), payload: {} });
  expect(res.statusCode, res.body).toBe(200);
}

async function release(eventId: number) {
  const res = await t.app.inject({ method: 'POST', url: `/api/events/${eventId}/release-contacts`, headers: withCookie(host.cookie) });
  expect(res.statusCode, res.body).toBe(200);
}

async function groupsOf(m: Member) {
  const res = await t.app.inject({ method: 'GET', url: '/api/me/groups', headers: withCookie(m.cookie) });
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.body, data: res.json<MyGroups>() };
}

it('a visitor gets 401', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/api/me/groups' });
  expect(res.statusCode).toBe(401);
});

it('a member without matches has no groups', async () => {
  expect((await groupsOf(await person('Nadia New'))).data).toEqual({ groups: [] });
});

describe('Sarah, Michael and Emma', () => {
  let sarah: Member, michael: Member, emma: Member;
  let first: number, second: number;
  beforeAll(async () => {
    [sarah, michael, emma] = await Promise.all([person('Sarah Smith'), person('Michael Brown'), person('Emma Jones')]);
    first = (await evening([sarah, michael, emma])).id;
    await both(first, sarah, michael);
    await both(first, sarah, emma);
    await rate(first, michael, emma, 5);
    await rate(first, emma, michael, 2);
    await calculate(first);
  });

  it('Sarah matched Michael and Emma, who did not match each other: no group for anyone', async () => {
    for (const m of [sarah, michael, emma]) expect((await groupsOf(m)).data.groups).toEqual([]);
  });

  it('once Michael and Emma match at another evening, the three are one group; where they met is only the evening all three were at', async () => {
    second = (await evening([michael, emma])).id;
    await both(second, michael, emma, 4);
    await calculate(second);

    const { data, body } = await groupsOf(sarah);
    expect(data.groups).toHaveLength(1);
    const [g] = data.groups;
    expect(g!.members.map((m) => [m.name, m.isYou])).toEqual([
      ['Sarah Smith', true],
      ['Emma Jones', false],
      ['Michael Brown', false],
    ]);
    expect(g!.members[1]).toEqual({
      id: emma.user.id,
      name: 'Emma Jones',
      age: 30,
      interests: ['Walking', 'Board games'],
      profileImage: null,
      isYou: false,
      sharedWithYou: false,
    });
    // Sarah was not at the second evening (only Michael and Emma were): the group met at the first one only.
    expect(g!.evenings.map((e) => e.id)).toEqual([first]);
    // Nothing shared yet: no link, and no address or phone anywhere in the answer.
    expect(g!.everyoneShared).toBe(false);
    expect(g!.chatLink).toBeNull();
    for (const m of [sarah, michael, emma]) expect(body).not.toContain(m.user.email);
    expect(body).not.toContain('07700');

    // Michael and Emma see the same group.
    for (const m of [michael, emma]) expect((await groupsOf(m)).data.groups.map((x) => x.key)).toEqual([g!.key]);
  });

  it('the group e-mail link appears only when every pair has shared contact', async () => {
    // The first evening's release shares Sarah–Michael and Sarah–Emma, not Michael–Emma.
    await release(first);
    let [g] = (await groupsOf(sarah)).data.groups;
    expect(g!.members.every((m) => m.sharedWithYou)).toBe(true);
    expect(g!.everyoneShared).toBe(false);
    expect(g!.chatLink).toBeNull();

    await release(second);
    [g] = (await groupsOf(sarah)).data.groups;
    expect(g!.everyoneShared).toBe(true);
    const link = new URL(g!.chatLink!);
    expect(link.protocol).toBe('mailto:');
    expect(decodeURIComponent(link.pathname).split(',').sort()).toEqual([emma.user.email, michael.user.email].sort());
    expect(link.searchParams.get('subject')).toBe('Our Speed Friendship group');
    // Michael's link goes to Sarah and Emma, never to himself.
    const [mg] = (await groupsOf(michael)).data.groups;
    expect(decodeURIComponent(new URL(mg!.chatLink!).pathname).split(',').sort()).toEqual([emma.user.email, sarah.user.email].sort());
  });
});

it('a group whose pairs matched at three different evenings, never all in one room, names no evening', async () => {
  const [a, b, c] = await Promise.all([person('Ama Apart'), person('Bo Apart'), person('Cy Apart')]);
  for (const [x, y] of [
    [a, b],
    [b, c],
    [a, c],
  ] as const) {
    const ev = (await evening([x, y])).id;
    await both(ev, x, y);
    await calculate(ev);
  }
  const [g] = (await groupsOf(a)).data.groups;
  expect(g!.members.map((m) => m.name)).toEqual(['Ama Apart', 'Bo Apart', 'Cy Apart']);
  expect(g!.evenings).toEqual([]);
});

describe('groups are private', () => {
  it("another member's groups and matches never reach the viewer", async () => {
    const [xena, yusuf, zoe, viewer] = await Promise.all([person('Xena Xu'), person('Yusuf Young'), person('Zoe Zhang'), person('Vera Viewer')]);
    const ev = (await evening([xena, yusuf, zoe, viewer])).id;
    await both(ev, xena, yusuf);
    await both(ev, yusuf, zoe);
    await both(ev, zoe, xena);
    // Vera matched only Xena.
    await both(ev, viewer, xena);
    await calculate(ev);

    expect((await groupsOf(xena)).data.groups.map((g) => g.members.map((m) => m.name))).toEqual([['Xena Xu', 'Yusuf Young', 'Zoe Zhang']]);
    const { data, body } = await groupsOf(viewer);
    expect(data.groups).toEqual([]);
    for (const name of ['Yusuf Young', 'Zoe Zhang']) expect(body).not.toContain(name);
  });

  it('two overlapping groups of one member come back as two', async () => {
    const [a, b, c, d] = await Promise.all([person('Ana A'), person('Ben B'), person('Cal C'), person('Dee D')]);
    const ev = (await evening([a, b, c, d])).id;
    await both(ev, a, b);
    await both(ev, a, c);
    await both(ev, b, c);
    await both(ev, a, d);
    await both(ev, c, d);
    await calculate(ev);
    // {a, b, c} and {a, c, d}; b and d did not match.
    // (Equal-sized groups come in id order; these four were created at once, so their ids may be in any order.)
    const names = (await groupsOf(a)).data.groups.map((g) => g.members.map((m) => m.name));
    expect(names.sort((x, y) => x.join().localeCompare(y.join()))).toEqual([
      ['Ana A', 'Ben B', 'Cal C'],
      ['Ana A', 'Cal C', 'Dee D'],
    ]);
    expect((await groupsOf(b)).data.groups).toHaveLength(1);
  });
});
