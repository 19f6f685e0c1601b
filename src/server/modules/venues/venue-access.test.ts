import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventDetail } from '@shared/schemas/events';
import type { Venue } from '@shared/schemas/venues';
import { NO_ACCESS_FACTS, type VenueAccess } from '@shared/schemas/venue-access';
import { venues as venuesTable } from '../../db/schema/index';
import { createEvent, createTestApp, createVenue, eventBody, expectBadInput, signUp, signUpHost, withCookie, type TestContext } from '../../test/harness';

/** How to get in (issue 39, docs/decisions/0077-venues-say-how-to-get-in.md), through the venue API. */

let t: TestContext;
let owner: Awaited<ReturnType<typeof signUpHost>>;
let otherHost: Awaited<ReturnType<typeof signUpHost>>;
let coHost: Awaited<ReturnType<typeof signUpHost>>;
let member: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpHost(t, { name: 'Olive Owner' });
  otherHost = await signUpHost(t, { name: 'Oscar Other' });
  coHost = await signUpHost(t, { name: 'Cora Cohost' });
  member = await signUp(t.app);
}, 120_000);
afterAll(() => t.close());

const patchAccess = (id: number, cookie: string | undefined, access: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/venues/${id}`, headers: withCookie(cookie), payload: { access } as object });

async function listed(id: number, cookie: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/venues', headers: withCookie(cookie) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Venue[]>().find((v) => v.id === id)!;
}

async function stored(id: number) {
  return (await t.db.select({ access: venuesTable.access }).from(venuesTable).where(eq(venuesTable.id, id)))[0]!.access;
}

const TOLD: VenueAccess = {
  stepFree: 'with_help',
  accessibleToilet: true,
  hearingLoop: false,
  quietSpace: true,
  seating: ['chairs', 'stools'],
  lighting: 'soft',
  noise: 'lively',
  parking: 'Two blue-badge bays in Church Lane, 30 m from the door',
  transport: 'Tram to Prestwich, then a 5-minute flat walk',
  notes: 'Ring the bell by the side door and staff bring the ramp.',
};

describe('a venue says how to get in', () => {
  it('a new venue has nothing told yet: every fact null, not "no"', async () => {
    const venue = await createVenue(t.app, owner.cookie);
    expect(venue.access).toEqual(NO_ACCESS_FACTS);
    expect((await listed(venue.id, otherHost.cookie)).access).toEqual(NO_ACCESS_FACTS);
  });

  it('its owner tells the facts; they are stored and read back by every host on /api/venues and by the guests on the evening', async () => {
    const venue = await createVenue(t.app, owner.cookie, { name: 'Olive Hall' });
    const res = await patchAccess(venue.id, owner.cookie, {
      ...TOLD,
      seating: ['stools', 'chairs', 'stools'],
      parking: `  ${TOLD.parking}  `,
      notes: TOLD.notes,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Venue>().access).toEqual(TOLD);
    expect((await listed(venue.id, otherHost.cookie)).access).toEqual(TOLD);

    // The member's evening page carries them with the venue's address.
    const event = await createEvent(t.app, owner.cookie, eventBody(venue.id));
    const detail = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}`, headers: withCookie(member.cookie) });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<EventDetail>().venueAccess).toEqual(TOLD);
    // And the visitor's page (the public API) too.
    const pub = await t.app.inject({ method: 'GET', url: `/api/events/${event.id}/public` });
    expect(pub.json<{ venue: { access: VenueAccess } }>().venue.access).toEqual(TOLD);
  });

  it('"not told yet" is set back with null or by leaving a fact out; creating a venue with facts keeps them', async () => {
    const venue = await createVenue(t.app, owner.cookie, { access: { stepFree: 'yes', hearingLoop: true } });
    expect(venue.access).toEqual({ ...NO_ACCESS_FACTS, stepFree: 'yes', hearingLoop: true });
    const res = await patchAccess(venue.id, owner.cookie, { stepFree: null, accessibleToilet: false, seating: [], parking: '   ' });
    expect(res.statusCode, res.body).toBe(200);
    // The whole set is replaced: the hearing loop left out is not told any more; a "no" stays a no.
    expect(res.json<Venue>().access).toEqual({ ...NO_ACCESS_FACTS, accessibleToilet: false });
  });

  it('a co-host may tell them; another host gets 403 and a member 403, and nothing changes', async () => {
    const venue = await createVenue(t.app, owner.cookie);
    await patchAccess(venue.id, owner.cookie, TOLD);
    const before = await stored(venue.id);

    const other = await patchAccess(venue.id, otherHost.cookie, { stepFree: 'no' });
    expect(other.statusCode, other.body).toBe(403);
    expect(other.json<{ message: string }>().message).toMatch(/owner, its co-hosts and admins can change it/);
    const guest = await patchAccess(venue.id, member.cookie, { stepFree: 'no' });
    expect(guest.statusCode, guest.body).toBe(403);
    const visitor = await patchAccess(venue.id, undefined, { stepFree: 'no' });
    expect(visitor.statusCode, visitor.body).toBe(401);
    expect(await stored(venue.id)).toEqual(before);

    const add = await t.app.inject({
      method: 'POST',
      url: `/api/venues/${venue.id}/hosts`,
      headers: withCookie(owner.cookie),
      payload: { email: coHost.user.email },
    });
    expect(add.statusCode, add.body).toBe(200);
    const byCoHost = await patchAccess(venue.id, coHost.cookie, { ...TOLD, stepFree: 'yes' });
    expect(byCoHost.statusCode, byCoHost.body).toBe(200);
    expect(byCoHost.json<Venue>().access.stepFree).toBe('yes');
  });

  it.each([
    ['an unknown step-free answer', { stepFree: 'maybe' }, 'access.stepFree', /Step-free entrance: choose/],
    ['a yes-or-no fact as text', { hearingLoop: 'yes' }, 'access.hearingLoop', /Hearing loop: choose yes, no/],
    ['an unknown seating', { seating: ['sofas'] }, 'access.seating.0', /Seating: choose chairs, stools or standing/],
    ['seating that is not a list', { seating: 'chairs' }, 'access.seating', /Seating: choose/],
    ['an unknown lighting', { lighting: 'neon' }, 'access.lighting', /Lighting: choose/],
    ['an unknown noise level', { noise: 'deafening' }, 'access.noise', /Noise: choose/],
    ['parking too long', { parking: 'x'.repeat(201) }, 'access.parking', /Accessible parking must be at most 200 characters/],
    ['transport too long', { transport: 'x'.repeat(201) }, 'access.transport', /Public transport must be at most 200 characters/],
    ['notes too long', { notes: 'x'.repeat(501) }, 'access.notes', /More about getting in must be at most 500 characters/],
    ['notes with control characters', { notes: 'Ring\u0007 the bell' }, 'access.notes', /./],
    ['an unknown fact', { lift: true }, 'access', /Unknown access fact: lift/],
    ['facts that are not an object', 'step-free', 'access', /Access facts must be an object/],
  ])('refuses %s with a clear 400, and nothing changes', async (_what, access, path, message) => {
    const venue = await createVenue(t.app, owner.cookie);
    await patchAccess(venue.id, owner.cookie, TOLD);
    // The rest of the set is good: one bad fact refuses the whole change.
    const body = expectBadInput(await patchAccess(venue.id, owner.cookie, typeof access === 'string' ? access : { ...TOLD, stepFree: 'yes', ...access }));
    const error = body.errors.find((e) => e.path === path);
    expect(error, JSON.stringify(body.errors)).toBeDefined();
    expect(error!.message).toMatch(message);
    expect(await stored(venue.id)).toEqual(TOLD);
  });
});
