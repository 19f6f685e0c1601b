/**
 * What an evening tells the people going (issue 34): what its price includes in its host's words,
 * where its venue is (street and map position) on the member's page, and the guest list as the
 * other guests may see it (first names), with full names for those who run the evening.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Badge, Event, EventDetail, Participant } from '@shared/schemas/events';
import type { PublicEvening } from '@shared/schemas/public-evening';
import { events as eventsTable, userRoles } from '../../db/schema/index';
import {
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  expectBadInput,
  getEvent,
  registerFor,
  signUp,
  signUpHost,
  withCookie,
  type TestContext,
} from '../../test/harness';

let t: TestContext;
let host: Awaited<ReturnType<typeof signUpHost>>;
let venueId: number;

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t, { name: 'Hana Host' });
  venueId = (
    await createVenue(t.app, host.cookie, { name: 'The Church Inn', address: '2 Church Lane', city: 'Prestwich', latitude: 53.5331, longitude: -2.2847 })
  ).id;
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: withCookie(cookie) });
const post = (url: string, cookie: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: withCookie(cookie), payload: payload as object });
const patch = (id: number, cookie: string | undefined, payload: unknown) =>
  t.app.inject({ method: 'PATCH', url: `/api/events/${id}`, headers: withCookie(cookie), payload: payload as object });

async function stored(id: number) {
  const [row] = await t.db.select({ priceIncludes: eventsTable.priceIncludes }).from(eventsTable).where(eq(eventsTable.id, id));
  return row!.priceIncludes;
}

describe('what the price includes, set per evening by its host', () => {
  it('is what the host wrote at /create-event, on the public page, the member page and the listings', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { priceIncludes: '  A glass of prosecco and nibbles ' }));
    expect(event.priceIncludes).toBe('A glass of prosecco and nibbles');
    const member = await signUp(t.app);
    expect((await getEvent(t.app, event.id, member.cookie)).priceIncludes).toBe('A glass of prosecco and nibbles');
    expect((await get(`/api/events/${event.id}/public`)).json<PublicEvening>().priceIncludes).toBe('A glass of prosecco and nibbles');
    expect((await get('/api/events/upcoming', member.cookie)).json<Event[]>().find((e) => e.id === event.id)?.priceIncludes).toBe(
      'A glass of prosecco and nibbles',
    );
  });

  it('promises nothing when the host says nothing (no welcome drink made up)', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId));
    expect(event.priceIncludes).toBeNull();
    expect((await get(`/api/events/${event.id}/public`)).json<PublicEvening>().priceIncludes).toBeNull();
    const blank = await createEvent(t.app, host.cookie, eventBody(venueId, { priceIncludes: '   ' }));
    expect(await stored(blank.id)).toBeNull();
  });

  it('refuses a text that is too long with a clear 400, and creates nothing', async () => {
    const title = 'Too Long Includes Evening';
    const res = await post('/api/events', host.cookie, eventBody(venueId, { title, priceIncludes: 'x'.repeat(201) }));
    const body = expectBadInput(res);
    expect(body.errors).toContainEqual({ path: 'priceIncludes', message: 'What the price includes must be at most 200 characters' });
    expect(await t.db.select().from(eventsTable).where(eq(eventsTable.title, title))).toHaveLength(0);
  });

  it('its host changes it on the evening (PATCH); others may not; bad input changes nothing', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { priceIncludes: 'A welcome drink' }));
    const res = await patch(event.id, host.cookie, { priceIncludes: 'Tea, coffee and cake' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Event>().priceIncludes).toBe('Tea, coffee and cake');
    expect((await get(`/api/events/${event.id}/public`)).json<PublicEvening>().priceIncludes).toBe('Tea, coffee and cake');

    const tooLong = expectBadInput(await patch(event.id, host.cookie, { priceIncludes: 'y'.repeat(201) }));
    expect(tooLong.errors).toContainEqual({ path: 'priceIncludes', message: 'What the price includes must be at most 200 characters' });
    expectBadInput(await patch(event.id, host.cookie, { title: 'A new title' }));
    expectBadInput(await patch(event.id, host.cookie, {}));

    const otherHost = await signUpHost(t);
    const member = await signUp(t.app);
    expect((await patch(event.id, otherHost.cookie, { priceIncludes: 'Nothing' })).statusCode).toBe(403);
    expect((await patch(event.id, member.cookie, { priceIncludes: 'Nothing' })).statusCode).toBe(403);
    expect((await patch(event.id, undefined, { priceIncludes: 'Nothing' })).statusCode).toBe(401);
    expect((await patch(987654, host.cookie, { priceIncludes: 'Nothing' })).statusCode).toBe(404);
    expect(await stored(event.id)).toBe('Tea, coffee and cake');

    // Cleared: nothing promised any more.
    expect((await patch(event.id, host.cookie, { priceIncludes: '' })).json<Event>().priceIncludes).toBeNull();
    expect(await stored(event.id)).toBeNull();
  });

  it('an admin may change it too', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId));
    const admin = await signUp(t.app);
    await t.db.insert(userRoles).values({ userId: admin.user.id, role: 'admin' });
    expect((await patch(event.id, admin.cookie, { priceIncludes: 'A soft drink' })).statusCode).toBe(200);
    expect(await stored(event.id)).toBe('A soft drink');
  });
});

describe("the member's evening page says where the venue is", () => {
  it('carries the street address and the entrance coordinates, for the map link', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId));
    const member = await signUp(t.app);
    const detail = await getEvent(t.app, event.id, member.cookie);
    expect(detail.venuePlace).toEqual({ address: '2 Church Lane', city: 'Prestwich', latitude: 53.5331, longitude: -2.2847 });
  });
});

describe('the guest list shows guests what the profile promises: first name, age, interests', () => {
  it('a guest sees first names only; the host and an admin see full names', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 0 }));
    const ann = await signUp(t.app, { name: 'Ann Marie Smith', age: 33, interests: ['Hiking', 'Board games'] });
    const bob = await signUp(t.app, { name: 'Bob Jones', age: 41 });
    for (const g of [ann, bob]) expect((await registerFor(t.app, event.id, g)).statusCode).toBe(201);

    const asGuest = await get(`/api/events/${event.id}/participants`, bob.cookie);
    expect(asGuest.statusCode, asGuest.body).toBe(200);
    const list = asGuest.json<Participant[]>();
    expect(list.map((p) => p.user.name).sort()).toEqual(['Ann', 'Bob']);
    expect(list.find((p) => p.userId === ann.user.id)?.user).toMatchObject({ name: 'Ann', age: 33, interests: ['Hiking', 'Board games'] });
    expect(asGuest.body).not.toContain('Smith');
    expect(asGuest.body).not.toContain('Jones');

    const badges = await get(`/api/events/${event.id}/badges`, bob.cookie);
    expect(badges.json<{ badges: Badge[] }>().badges.map((b) => b.user.name)).toEqual(['Ann']);
    expect(badges.body).not.toContain('Smith');

    const asHost = (await get(`/api/events/${event.id}/participants`, host.cookie)).json<Participant[]>();
    expect(asHost.map((p) => p.user.name).sort()).toEqual(['Ann Marie Smith', 'Bob Jones']);
    const admin = await signUp(t.app);
    await t.db.insert(userRoles).values({ userId: admin.user.id, role: 'admin' });
    const asAdmin = (await get(`/api/events/${event.id}/badges`, admin.cookie)).json<{ badges: Badge[] }>();
    expect(asAdmin.badges.map((b) => b.user.name).sort()).toEqual(['Ann Marie Smith', 'Bob Jones']);
  });
});

describe('the age range on the evening page', () => {
  it('tells a signed-in member whether their age is in the range; a visitor gets null', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { ageRangeMin: 25, ageRangeMax: 40 }));
    const young = await signUp(t.app, { age: 22 });
    const fits = await signUp(t.app, { age: 40 });
    const older = await signUp(t.app, { age: 41 });
    const seen = async (cookie?: string) => ((await getEvent(t.app, event.id, cookie)) as EventDetail).viewer.inAgeRange;
    expect(await seen(young.cookie)).toBe(false);
    expect(await seen(fits.cookie)).toBe(true);
    expect(await seen(older.cookie)).toBe(false);
    expect(await seen()).toBeNull();
    // The host runs their own evening whatever their age.
    expect(await seen(host.cookie)).toBe(true);
  });
});
