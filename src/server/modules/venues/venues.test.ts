import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Slot, Venue } from '@shared/schemas/venues';
import { venues as venuesTable, venueSlots } from '../../db/schema/index';
import {
  createEvent,
  createTestApp,
  createVenue,
  dayFromNow,
  eventBody,
  expectBadInput,
  registerFor,
  signUp,
  signUpHost,
  withCookie,
  type TestContext,
} from '../../test/harness';

let t: TestContext;
let host: Awaited<ReturnType<typeof signUpHost>>;
let member: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t);
  member = await signUp(t.app);
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: withCookie(cookie), ...(payload === undefined ? {} : { payload: payload as object }) });

async function venueRows() {
  const [row] = await t.db.select({ n: count() }).from(venuesTable);
  return Number(row?.n ?? 0);
}
async function slotRows(venueId: number) {
  const [row] = await t.db.select({ n: count() }).from(venueSlots).where(eq(venueSlots.venueId, venueId));
  return Number(row?.n ?? 0);
}

describe('POST /api/venues', () => {
  it('adds a venue for a host, with the defaults', async () => {
    const res = await req('POST', '/api/venues', host.cookie, { name: ' The Corner Café ', city: 'Prestwich' });
    expect(res.statusCode, res.body).toBe(201);
    const venue = res.json<Venue>();
    expect(venue).toMatchObject({
      name: 'The Corner Café',
      city: 'Prestwich',
      address: '',
      capacity: 40,
      amenities: [],
      contactInfo: null,
      pricePerHour: 5000,
      isActive: true,
      latitude: null,
      longitude: null,
      activeEventCount: 0,
      nextEvent: 'Not scheduled',
    });
    expect(venue.calendarUrl).toMatch(new RegExp(`/api/calendar/venues/${venue.id}\\.ics$`));
    const list = (await req('GET', '/api/venues', host.cookie)).json<Venue[]>();
    expect(list.find((v) => v.id === venue.id)).toEqual(venue);
  });

  it('keeps every given field, de-duplicating amenities', async () => {
    const venue = await createVenue(t.app, host.cookie, {
      name: 'Heaton Park Boathouse',
      address: 'Heaton Park',
      city: 'Manchester',
      capacity: 50,
      amenities: ['coffee', 'outdoor', 'coffee'],
      contactInfo: '0161 000 0103',
      pricePerHour: 7500,
      latitude: 53.5352,
      longitude: -2.2557,
    });
    expect(venue).toMatchObject({
      capacity: 50,
      amenities: ['coffee', 'outdoor'],
      contactInfo: '0161 000 0103',
      pricePerHour: 7500,
      latitude: 53.5352,
      longitude: -2.2557,
    });
  });

  it('is for hosts only (401 visitor, 403 member) and creates nothing', async () => {
    const before = await venueRows();
    expect((await req('POST', '/api/venues', undefined, { name: 'Nope', city: 'X' })).statusCode).toBe(401);
    const res = await req('POST', '/api/venues', member.cookie, { name: 'Nope', city: 'X' });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/hosts only/);
    expect((await req('GET', '/api/venues', member.cookie)).statusCode).toBe(403);
    expect((await req('GET', '/api/venues')).statusCode).toBe(401);
    expect(await venueRows()).toBe(before);
  });

  it.each([
    [{ name: '', city: 'Prestwich' }, 'name', 'Venue name is required'],
    [{ city: 'Prestwich' }, 'name', 'Venue name is required'],
    [{ name: 'Bar', city: '' }, 'city', 'City is required'],
    [{ name: 'Bar', city: 'X', capacity: 0 }, 'capacity', 'Capacity must be at least 1'],
    [{ name: 'Bar', city: 'X', pricePerHour: -1 }, 'pricePerHour', 'Price per hour cannot be negative'],
    [{ name: 'Bar', city: 'X', amenities: ['jacuzzi'] }, 'amenities.0', 'Unknown amenity'],
  ])('rejects %j with 400 and creates nothing', async (payload, path, message) => {
    const before = await venueRows();
    const body = expectBadInput(await req('POST', '/api/venues', host.cookie, payload));
    expect(body.errors).toContainEqual({ path, message });
    expect(await venueRows()).toBe(before);
  });
});

describe('PATCH /api/venues/:id', () => {
  it('deactivates and activates a venue; events can only be booked while active', async () => {
    const venue = await createVenue(t.app, host.cookie, {
      name: 'Toggle Bar',
      address: '9 Side Street',
      capacity: 55,
      amenities: ['bar', 'music'],
      contactInfo: '0161 000 0999',
      pricePerHour: 8000,
    });
    const off = await req('PATCH', `/api/venues/${venue.id}`, host.cookie, { isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    // Only isActive changes: nothing the request did not mention is reset to a default.
    expect(off.json<Venue>()).toEqual({ ...venue, isActive: false });
    expect((await req('POST', '/api/events', host.cookie, eventBody(venue.id))).statusCode).toBe(409);

    // Editing another field of an inactive venue leaves it inactive.
    const edited = await req('PATCH', `/api/venues/${venue.id}`, host.cookie, { capacity: 60 });
    expect(edited.json<Venue>()).toEqual({ ...venue, isActive: false, capacity: 60 });
    const on = await req('PATCH', `/api/venues/${venue.id}`, host.cookie, { isActive: true });
    expect(on.json<Venue>()).toEqual({ ...venue, capacity: 60 });
    expect((await req('POST', '/api/events', host.cookie, eventBody(venue.id))).statusCode).toBe(201);
  });

  it('edits fields, answers 404 for an unknown venue and 400 for nothing to change', async () => {
    const venue = await createVenue(t.app, host.cookie);
    const res = await req('PATCH', `/api/venues/${venue.id}`, host.cookie, { capacity: 75, city: 'Salford' });
    expect(res.json<Venue>()).toMatchObject({ capacity: 75, city: 'Salford', name: venue.name });
    const missing = await req('PATCH', '/api/venues/987654', host.cookie, { isActive: false });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Venue not found');
    const nothing = await req('PATCH', `/api/venues/${venue.id}`, host.cookie, {});
    expect(nothing.statusCode).toBe(400);
    expect(nothing.json().message).toBe('Nothing to change');
    expectBadInput(await req('PATCH', `/api/venues/${venue.id}`, host.cookie, { capacity: -3 }));
  });

  it('is for hosts only', async () => {
    const venue = await createVenue(t.app, host.cookie);
    expect((await req('PATCH', `/api/venues/${venue.id}`, member.cookie, { isActive: false })).statusCode).toBe(403);
    expect((await req('PATCH', `/api/venues/${venue.id}`, undefined, { isActive: false })).statusCode).toBe(401);
    const [row] = await t.db.select({ isActive: venuesTable.isActive }).from(venuesTable).where(eq(venuesTable.id, venue.id));
    expect(row!.isActive).toBe(true);
  });
});

describe('venue availability slots', () => {
  const slot = (venueId: number, payload: Record<string, unknown>, cookie = host.cookie) => req('POST', `/api/venues/${venueId}/slots`, cookie, payload);

  it('adds available slots and blocks, and refuses overlaps with 409', async () => {
    const venue = await createVenue(t.app, host.cookie);
    const day = dayFromNow(5);

    const open = await slot(venue.id, { day, startTime: '18:00', endTime: '23:00', kind: 'available', maxCapacity: 30 });
    expect(open.statusCode, open.body).toBe(201);
    expect(open.json<Slot>()).toMatchObject({ venueId: venue.id, day, startTime: '18:00', endTime: '23:00', kind: 'available', maxCapacity: 30, reason: null });

    const overlapOpen = await slot(venue.id, { day, startTime: '22:00', endTime: '23:30', kind: 'available' });
    expect(overlapOpen.statusCode).toBe(409);
    expect(overlapOpen.json().message).toBe('That time overlaps another available slot.');
    // Touching is not overlapping.
    expect((await slot(venue.id, { day, startTime: '23:00', endTime: '23:30', kind: 'available' })).statusCode).toBe(201);

    const block = await slot(venue.id, { day, startTime: '12:00', endTime: '14:00', kind: 'blocked', reason: 'staff_training', notes: 'Fire drill' });
    expect(block.statusCode, block.body).toBe(201);
    expect(block.json<Slot>()).toMatchObject({ kind: 'blocked', reason: 'staff_training', notes: 'Fire drill', maxCapacity: null });

    const doubleBlock = await slot(venue.id, { day, startTime: '13:00', endTime: '15:00', kind: 'blocked', reason: 'holiday' });
    expect(doubleBlock.statusCode).toBe(409);
    expect(doubleBlock.json().message).toBe('That time is already blocked.');
    const openOverBlock = await slot(venue.id, { day, startTime: '13:30', endTime: '16:00', kind: 'available' });
    expect(openOverBlock.statusCode).toBe(409);
    expect(openOverBlock.json().message).toBe('That time is blocked. Remove the block first.');
    // The same time on another day is free.
    expect((await slot(venue.id, { day: dayFromNow(6), startTime: '13:00', endTime: '15:00', kind: 'blocked', reason: 'holiday' })).statusCode).toBe(201);

    expect(await slotRows(venue.id)).toBe(4);
  });

  it('refuses to block a time with a booked event (409)', async () => {
    const venue = await createVenue(t.app, host.cookie);
    const day = dayFromNow(7);
    const event = await createEvent(t.app, host.cookie, eventBody(venue.id, { title: 'Booked Evening', date: day, startTime: '19:00', endTime: '22:00' }));
    const res = await slot(venue.id, { day, startTime: '21:00', endTime: '23:00', kind: 'blocked', reason: 'private_event' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('“Booked Evening” is booked at that time. Move or cancel it before blocking the venue.');
    expect(await slotRows(venue.id)).toBe(0);
    // Before the event is fine.
    expect((await slot(venue.id, { day, startTime: '10:00', endTime: '19:00', kind: 'blocked', reason: 'private_event' })).statusCode).toBe(201);
    expect(event.venueId).toBe(venue.id);
  });

  it('refuses a past day (400), a block without a reason (400), times upside down (400), and non-hosts', async () => {
    const venue = await createVenue(t.app, host.cookie);
    const past = expectBadInput(await slot(venue.id, { day: dayFromNow(-1), startTime: '18:00', endTime: '20:00', kind: 'available' }));
    expect(past.errors).toContainEqual({ path: 'day', message: 'Pick today or a later day' });
    const noReason = expectBadInput(await slot(venue.id, { day: dayFromNow(3), startTime: '18:00', endTime: '20:00', kind: 'blocked' }));
    expect(noReason.errors).toContainEqual({ path: 'reason', message: 'Choose a reason for the block' });
    const upsideDown = expectBadInput(await slot(venue.id, { day: dayFromNow(3), startTime: '20:00', endTime: '18:00', kind: 'available' }));
    expect(upsideDown.errors).toContainEqual({ path: 'endTime', message: 'End time must be after the start time' });
    expectBadInput(await slot(venue.id, { day: dayFromNow(3), startTime: '18:00', endTime: '20:00', kind: 'available', maxCapacity: 0 }));
    expect((await slot(venue.id, { day: dayFromNow(3), startTime: '18:00', endTime: '20:00', kind: 'available' }, member.cookie)).statusCode).toBe(403);
    expect((await slot(987654, { day: dayFromNow(3), startTime: '18:00', endTime: '20:00', kind: 'available' })).statusCode).toBe(404);
    expect(await slotRows(venue.id)).toBe(0);
  });

  it('lists slots, blocks and bookings with live registration counts', async () => {
    const venue = await createVenue(t.app, host.cookie);
    const day = dayFromNow(9);
    await slot(venue.id, { day, startTime: '10:00', endTime: '12:00', kind: 'blocked', reason: 'maintenance' });
    await slot(venue.id, { day, startTime: '18:00', endTime: '23:00', kind: 'available', maxCapacity: 40 });
    const event = await createEvent(t.app, host.cookie, eventBody(venue.id, { title: 'Counted Evening', date: day, price: 0, maxParticipants: 12 }));

    const list = async () => {
      const res = await req('GET', `/api/venues/${venue.id}/slots?from=${day}&to=${day}`, host.cookie);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Slot[]>();
    };
    let slots = await list();
    expect(slots.map((s) => s.kind)).toEqual(['blocked', 'available', 'booked']);
    expect(slots[2]).toMatchObject({
      kind: 'booked',
      eventId: event.id,
      eventTitle: 'Counted Evening',
      startTime: '19:00',
      endTime: '22:00',
      maxCapacity: 12,
      registrations: 0,
    });

    const guests = await Promise.all([signUp(t.app), signUp(t.app), signUp(t.app)]);
    for (const g of guests) expect((await registerFor(t.app, event.id, g)).statusCode).toBe(201);
    slots = await list();
    expect(slots.find((s) => s.kind === 'booked')!.registrations).toBe(3);

    // Outside the asked range: nothing.
    const other = await req('GET', `/api/venues/${venue.id}/slots?from=${dayFromNow(20)}&to=${dayFromNow(21)}`, host.cookie);
    expect(other.json()).toEqual([]);
    // Default range (today + ~2 months) includes it.
    expect((await req('GET', `/api/venues/${venue.id}/slots`, host.cookie)).json<Slot[]>().some((s) => s.eventId === event.id)).toBe(true);

    expect((await req('GET', `/api/venues/${venue.id}/slots`, member.cookie)).statusCode).toBe(403);
    expect((await req('GET', '/api/venues/987654/slots', host.cookie)).statusCode).toBe(404);
    expectBadInput(await req('GET', `/api/venues/${venue.id}/slots?from=tomorrow`, host.cookie));
  });

  it('removes a slot (204), then 404', async () => {
    const venue = await createVenue(t.app, host.cookie);
    const day = dayFromNow(4);
    const created = (await slot(venue.id, { day, startTime: '10:00', endTime: '12:00', kind: 'blocked', reason: 'holiday' })).json<Slot>();
    expect((await req('DELETE', `/api/venues/${venue.id}/slots/${created.id}`, member.cookie)).statusCode).toBe(403);
    expect((await req('DELETE', `/api/venues/${venue.id}/slots/${created.id}`, host.cookie)).statusCode).toBe(204);
    expect(await slotRows(venue.id)).toBe(0);
    expect((await req('DELETE', `/api/venues/${venue.id}/slots/${created.id}`, host.cookie)).statusCode).toBe(404);
    // The time can be booked again.
    expect((await req('POST', '/api/events', host.cookie, eventBody(venue.id, { date: day, startTime: '10:30', endTime: '11:30' }))).statusCode).toBe(201);
  });
});

describe('GET /api/venues/:id/events', () => {
  it("lists the venue's events for hosts", async () => {
    const venue = await createVenue(t.app, host.cookie, { name: 'Listed Venue' });
    const a = await createEvent(t.app, host.cookie, eventBody(venue.id, { days: 3 }));
    const b = await createEvent(t.app, host.cookie, eventBody(venue.id, { days: 4 }));
    const res = await req('GET', `/api/venues/${venue.id}/events`, host.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ id: number }[]>().map((e) => e.id)).toEqual([a.id, b.id]);
    expect((await req('GET', `/api/venues/${venue.id}/events`, member.cookie)).statusCode).toBe(403);
    const v = (await req('GET', '/api/venues', host.cookie)).json<Venue[]>().find((x) => x.id === venue.id)!;
    expect(v.activeEventCount).toBe(2);
    expect(v.nextEvent).toContain(a.title);
  });
});
