import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Venue } from '@shared/schemas/venues';
import { events as eventsTable, venues as venuesTable, venueSlots } from '../../db/schema/index';
import { createTestApp, createVenue, dayFromNow, eventBody, signUp, signUpHost, TEST_ADMIN_EMAIL, withCookie, type TestContext } from '../../test/harness';
import { NOT_YOUR_VENUE, ONLY_OWNER_ADDS_HOSTS, notYourVenueToBook } from './service';

let t: TestContext;
let owner: Awaited<ReturnType<typeof signUpHost>>;
let other: Awaited<ReturnType<typeof signUpHost>>;
let admin: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signUpHost(t, { name: 'Olive Owner' });
  other = await signUpHost(t, { name: 'Oscar Other' });
  admin = await signUp(t.app, { email: TEST_ADMIN_EMAIL });
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: withCookie(cookie), ...(payload === undefined ? {} : { payload: payload as object }) });

async function stored(id: number) {
  const [row] = await t.db.select().from(venuesTable).where(eq(venuesTable.id, id));
  return row!;
}
async function slotsOf(id: number) {
  return t.db.select({ id: venueSlots.id }).from(venueSlots).where(eq(venueSlots.venueId, id));
}
const block = (day = dayFromNow(6)) => ({ day, startTime: '10:00', endTime: '12:00', kind: 'blocked', reason: 'maintenance' });
const opening = (day = dayFromNow(7)) => ({ day, startTime: '18:00', endTime: '23:00', kind: 'available', maxCapacity: 30 });

function expectNotYours(res: Awaited<ReturnType<typeof req>>) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json()).toEqual({ message: NOT_YOUR_VENUE, error: NOT_YOUR_VENUE });
}

describe('venue owners', () => {
  it('the venue belongs to the host who created it: the list says who may edit', async () => {
    const venue = await createVenue(t.app, owner.cookie);
    expect(venue.canEdit).toBe(true);
    expect((await stored(venue.id)).createdBy).toBe(owner.user.id);

    const seenByOther = (await req('GET', '/api/venues', other.cookie)).json<Venue[]>().find((v) => v.id === venue.id);
    expect(seenByOther).toMatchObject({ canEdit: false, canManageHosts: false });
    const seenByOwner = (await req('GET', '/api/venues', owner.cookie)).json<Venue[]>().find((v) => v.id === venue.id);
    expect(seenByOwner).toMatchObject({ canEdit: true, canManageHosts: true });
    const seenByAdmin = (await req('GET', '/api/venues', admin.cookie)).json<Venue[]>();
    expect(seenByAdmin.every((v) => v.canEdit && v.canManageHosts)).toBe(true);
  });

  it('the owner edits the venue, its slots and blocks', async () => {
    const venue = await createVenue(t.app, owner.cookie);
    const edited = await req('PATCH', `/api/venues/${venue.id}`, owner.cookie, { capacity: 70 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Venue>()).toMatchObject({ capacity: 70, canEdit: true });
    const b = await req('POST', `/api/venues/${venue.id}/slots`, owner.cookie, block());
    expect(b.statusCode, b.body).toBe(201);
    expect((await req('DELETE', `/api/venues/${venue.id}/slots/${b.json().id}`, owner.cookie)).statusCode).toBe(204);
  });

  it('another host gets 403 with a clear message and changes nothing: not the venue, its slots or its blocks', async () => {
    const venue = await createVenue(t.app, owner.cookie, { capacity: 40 });
    const before = await stored(venue.id);
    const ownBlock = (await req('POST', `/api/venues/${venue.id}/slots`, owner.cookie, block())).json();

    expectNotYours(await req('PATCH', `/api/venues/${venue.id}`, other.cookie, { capacity: 5, isActive: false }));
    expectNotYours(await req('POST', `/api/venues/${venue.id}/slots`, other.cookie, opening()));
    expectNotYours(await req('POST', `/api/venues/${venue.id}/slots`, other.cookie, block(dayFromNow(8))));
    expectNotYours(await req('DELETE', `/api/venues/${venue.id}/slots/${ownBlock.id}`, other.cookie));

    expect(await stored(venue.id)).toEqual(before);
    expect(await slotsOf(venue.id)).toEqual([{ id: ownBlock.id }]);
    // Reading stays open to every host: they book evenings there.
    expect((await req('GET', `/api/venues/${venue.id}/slots`, other.cookie)).statusCode).toBe(200);
  });

  it('an admin edits any venue, its slots and blocks', async () => {
    const venue = await createVenue(t.app, owner.cookie);
    const res = await req('PATCH', `/api/venues/${venue.id}`, admin.cookie, { name: 'Renamed by an admin' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Venue>()).toMatchObject({ name: 'Renamed by an admin', canEdit: true });
    const s = await req('POST', `/api/venues/${venue.id}/slots`, admin.cookie, opening());
    expect(s.statusCode, s.body).toBe(201);
    expect((await req('DELETE', `/api/venues/${venue.id}/slots/${s.json().id}`, admin.cookie)).statusCode).toBe(204);
  });

  it('a venue whose owner is gone is edited by admins only', async () => {
    const venue = await createVenue(t.app, owner.cookie);
    await t.db.update(venuesTable).set({ createdBy: null }).where(eq(venuesTable.id, venue.id));
    expectNotYours(await req('PATCH', `/api/venues/${venue.id}`, owner.cookie, { capacity: 9 }));
    expect((await req('PATCH', `/api/venues/${venue.id}`, admin.cookie, { capacity: 9 })).statusCode).toBe(200);
  });

  it('an unknown venue is still 404', async () => {
    expect((await req('PATCH', '/api/venues/987654', other.cookie, { capacity: 9 })).statusCode).toBe(404);
    expect((await req('POST', '/api/venues/987654/slots', other.cookie, opening())).statusCode).toBe(404);
  });
});

describe('co-hosts', () => {
  it('the owner adds a host as co-host, who then edits the venue, its slots and blocks; removing them ends it', async () => {
    const venue = await createVenue(t.app, owner.cookie);
    const cohost = await signUpHost(t, { name: 'Cora Cohost' });
    expectNotYours(await req('PATCH', `/api/venues/${venue.id}`, cohost.cookie, { capacity: 33 }));

    const added = await req('POST', `/api/venues/${venue.id}/hosts`, owner.cookie, { email: cohost.user.email.toUpperCase() });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual([{ id: cohost.user.id, name: 'Cora Cohost', email: cohost.user.email }]);
    expect((await req('GET', `/api/venues/${venue.id}/hosts`, owner.cookie)).json()).toEqual(added.json());

    // A co-host edits, but only the owner and admins change who hosts it.
    expect((await req('GET', '/api/venues', cohost.cookie)).json<Venue[]>().find((v) => v.id === venue.id)).toMatchObject({
      canEdit: true,
      canManageHosts: false,
    });
    const edited = await req('PATCH', `/api/venues/${venue.id}`, cohost.cookie, { capacity: 33 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<Venue>().canEdit).toBe(true);
    const b = await req('POST', `/api/venues/${venue.id}/slots`, cohost.cookie, block());
    expect(b.statusCode, b.body).toBe(201);
    expect((await req('DELETE', `/api/venues/${venue.id}/slots/${b.json().id}`, cohost.cookie)).statusCode).toBe(204);

    // Co-hosts do not choose who else hosts it.
    const refused = await req('POST', `/api/venues/${venue.id}/hosts`, cohost.cookie, { email: other.user.email });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ONLY_OWNER_ADDS_HOSTS);

    expect((await req('DELETE', `/api/venues/${venue.id}/hosts/${cohost.user.id}`, owner.cookie)).statusCode).toBe(204);
    expectNotYours(await req('PATCH', `/api/venues/${venue.id}`, cohost.cookie, { capacity: 34 }));
    expect((await req('DELETE', `/api/venues/${venue.id}/hosts/${cohost.user.id}`, owner.cookie)).statusCode).toBe(404);
  });

  it('only hosts can be added; unknown e-mails are 404; other hosts may not add themselves', async () => {
    const venue = await createVenue(t.app, owner.cookie);
    const member = await signUp(t.app);
    const notHost = await req('POST', `/api/venues/${venue.id}/hosts`, owner.cookie, { email: member.user.email });
    expect(notHost.statusCode).toBe(409);
    expect(notHost.json().message).toMatch(/is not a host yet/);
    const unknown = await req('POST', `/api/venues/${venue.id}/hosts`, owner.cookie, { email: 'nobody.at.all@example.com' });
    expect(unknown.statusCode).toBe(404);
    const self = await req('POST', `/api/venues/${venue.id}/hosts`, other.cookie, { email: other.user.email });
    expect(self.statusCode).toBe(403);
    expect((await req('GET', `/api/venues/${venue.id}/hosts`, admin.cookie)).json()).toEqual([]);
  });
});

// Issue 21 "Venues": any host could book another host's venue (only the edit was protected).
describe('booking a venue (POST /api/events at it)', () => {
  const eventsAt = async (venueId: number) => t.db.select({ id: eventsTable.id }).from(eventsTable).where(eq(eventsTable.venueId, venueId));

  it('is for its owner, its co-hosts and admins; another host gets 403 naming the owner to ask, and nothing is booked', async () => {
    const venue = await createVenue(t.app, owner.cookie, { name: 'Olive Hall' });
    const refused = await req('POST', '/api/events', other.cookie, eventBody(venue.id));
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toBe(notYourVenueToBook('Olive Hall', 'Olive Owner'));
    expect(refused.json().message).toBe(
      'Olive Hall belongs to Olive Owner. Only its owner, its co-hosts and admins can book it: ask Olive Owner to add you as a co-host.',
    );
    expect(await eventsAt(venue.id)).toEqual([]);

    expect((await req('POST', '/api/events', owner.cookie, eventBody(venue.id))).statusCode).toBe(201);
    expect((await req('POST', '/api/events', admin.cookie, eventBody(venue.id))).statusCode).toBe(201);
    const cohost = await signUpHost(t, { name: 'Cleo Cohost' });
    expect((await req('POST', '/api/events', cohost.cookie, eventBody(venue.id))).statusCode).toBe(403);
    expect((await req('POST', `/api/venues/${venue.id}/hosts`, owner.cookie, { email: cohost.user.email })).statusCode).toBe(200);
    expect((await req('POST', '/api/events', cohost.cookie, eventBody(venue.id))).statusCode).toBe(201);
    expect(await eventsAt(venue.id)).toHaveLength(3);
  });

  // Issue 34: /venues offered another host's venue as bookable without saying whom to ask.
  it("the list tells another host they may not book the venue and whom to ask: its owner's name", async () => {
    const venue = await createVenue(t.app, owner.cookie, { name: 'Olive Terrace' });
    const seenByOther = (await req('GET', '/api/venues', other.cookie)).json<Venue[]>().find((v) => v.id === venue.id);
    expect(seenByOther).toMatchObject({ canEdit: false, ownerName: 'Olive Owner' });
    // The refusal at booking names the same person.
    const refused = await req('POST', '/api/events', other.cookie, eventBody(venue.id));
    expect(refused.json().message).toBe(notYourVenueToBook('Olive Terrace', seenByOther!.ownerName));
    await t.db.update(venuesTable).set({ createdBy: null }).where(eq(venuesTable.id, venue.id));
    const orphan = (await req('GET', '/api/venues', other.cookie)).json<Venue[]>().find((v) => v.id === venue.id);
    expect(orphan).toMatchObject({ canEdit: false, ownerName: null });
  });

  it('a venue whose owner is gone is booked by admins only', async () => {
    const venue = await createVenue(t.app, owner.cookie, { name: 'Orphan Rooms' });
    await t.db.update(venuesTable).set({ createdBy: null }).where(eq(venuesTable.id, venue.id));
    const refused = await req('POST', '/api/events', owner.cookie, eventBody(venue.id));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(notYourVenueToBook('Orphan Rooms', null));
    expect((await req('POST', '/api/events', admin.cookie, eventBody(venue.id))).statusCode).toBe(201);
  });
});
