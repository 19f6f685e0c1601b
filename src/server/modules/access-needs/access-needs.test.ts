/**
 * What would help a guest on the night (issue 39, docs/decisions/0086-access-needs-at-booking.md):
 * a booked guest's own note, seen by the evening's hosts at the door (online and in the desk's
 * offline copy) and by nobody else; gone with the seat, not passed on with a ticket given to a
 * friend, and deleted by the retention sweep with the evening's other personal data.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Door, DoorPack } from '@shared/schemas/door';
import { ACCESS_NEEDS_MAX } from '@shared/schemas/access-needs';
import { accessNeeds, events } from '../../db/schema/index';
import {
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  expectBadInput,
  friendSeatLinkMailedTo,
  registerFor,
  signUp,
  signUpHost,
  TEST_ADMIN_EMAIL,
  withCookie,
  type TestContext,
} from '../../test/harness';
import * as privacy from '../privacy/service';

type Member = Awaited<ReturnType<typeof signUp>>;

/** The app's clock: the real time unless a test moves it. */
let clock: Date | null = null;
const now = () => clock ?? new Date();

let t: TestContext;
let host: Member;
let admin: Member;
beforeAll(async () => {
  t = await createTestApp({ now, env: { RETENTION_DAYS: '30' } });
  host = await signUpHost(t);
  admin = await signUp(t.app, { name: 'Ada Admin', email: TEST_ADMIN_EMAIL });
}, 120_000);
afterEach(() => {
  clock = null;
});
afterAll(() => t.close());

const NOTE = 'I lip-read: a quiet table, please.';
const url = (eventId: number) => `/api/events/${eventId}/access-needs`;
const put = (eventId: number, m: Member | undefined, note: unknown) =>
  t.app.inject({ method: 'PUT', url: url(eventId), headers: withCookie(m?.cookie), payload: { note } as object });
const get = (path: string, m: Member | undefined) => t.app.inject({ method: 'GET', url: path, headers: withCookie(m?.cookie) });
const stored = async (eventId: number) =>
  (await t.db.select({ userId: accessNeeds.userId, note: accessNeeds.note }).from(accessNeeds).where(eq(accessNeeds.eventId, eventId))).sort(
    (a, b) => a.userId - b.userId,
  );

/** A free evening at a venue of its own (a venue takes one booking at a time). */
async function freeEvening(days = 5) {
  const venue = await createVenue(t.app, host.cookie);
  return createEvent(t.app, host.cookie, eventBody(venue.id, { price: 0, days }));
}
async function bookedGuest(eventId: number, name = 'Lena Lipreader') {
  const guest = await signUp(t.app, { name });
  expect((await registerFor(t.app, eventId, guest)).statusCode).toBe(201);
  return guest;
}
const doorOf = async (eventId: number, m: Member) => {
  const res = await get(`/api/events/${eventId}/door`, m);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Door>();
};

describe('a booked guest tells the hosts what would help', () => {
  it('keeps the note for the guest, shows it to the hosts at the door and in the offline pack, and to nobody else', async () => {
    const event = await freeEvening();
    const lena = await bookedGuest(event.id);
    const other = await bookedGuest(event.id, 'Omar Other');
    expect((await get(url(event.id), lena)).json()).toEqual({ note: null });

    const saved = await put(event.id, lena, `  ${NOTE}  `);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ note: NOTE });
    expect((await get(url(event.id), lena)).json()).toEqual({ note: NOTE });

    // The evening's host: beside the guest at the door, and in the desk's copy for when the Wi-Fi drops.
    const door = await doorOf(event.id, host);
    expect(door.guests.find((g) => g.userId === lena.user.id)?.accessNeeds).toBe(NOTE);
    expect(door.guests.find((g) => g.userId === other.user.id)?.accessNeeds).toBeNull();
    const pack = await t.app.inject({ method: 'PUT', url: `/api/events/${event.id}/door/desks/${crypto.randomUUID()}`, headers: withCookie(host.cookie) });
    expect(pack.statusCode, pack.body).toBe(200);
    expect(pack.json<DoorPack>().guests.find((g) => g.userId === lena.user.id)?.accessNeeds).toBe(NOTE);
    // An admin may run any door.
    expect((await doorOf(event.id, admin)).guests.find((g) => g.userId === lena.user.id)?.accessNeeds).toBe(NOTE);

    // Nobody else: another guest of the same evening, a host of another evening, a visitor.
    const otherHost = await signUpHost(t);
    expect((await get(`/api/events/${event.id}/door`, otherHost)).statusCode).toBe(403);
    expect((await get(`/api/events/${event.id}/door`, other)).statusCode).toBe(403);
    for (const path of [`/api/events/${event.id}`, `/api/events/${event.id}/participants`, `/api/events/${event.id}/public`]) {
      for (const who of [other, undefined]) {
        const res = await get(path, who);
        expect(res.body, `${path} as ${who ? 'another guest' : 'a visitor'}`).not.toContain('lip-read');
      }
    }
    // A member reads only their own: Omar's read is his (none), never Lena's.
    expect((await get(url(event.id), other)).json()).toEqual({ note: null });
  });

  it('changes it, takes it away with an empty note, and refuses anyone not booked, bad notes and a finished evening without changing anything', async () => {
    const event = await freeEvening();
    const lena = await bookedGuest(event.id);
    expect((await put(event.id, lena, NOTE)).statusCode).toBe(200);
    expect((await put(event.id, lena, 'A chair rather than a stool, please.')).json()).toEqual({ note: 'A chair rather than a stool, please.' });

    // Bad input: 400, and the note stays as it was.
    for (const bad of ['x'.repeat(ACCESS_NEEDS_MAX + 1), 'bell\u0007', 42, null]) expectBadInput(await put(event.id, lena, bad));
    expectBadInput(await t.app.inject({ method: 'PUT', url: url(event.id), headers: withCookie(lena.cookie), payload: {} }));
    expect(await stored(event.id)).toEqual([{ userId: lena.user.id, note: 'A chair rather than a stool, please.' }]);

    // Not booked, not signed in, no such evening.
    const stranger = await signUp(t.app, { name: 'Sam Stranger' });
    expect((await put(event.id, stranger, NOTE)).statusCode).toBe(403);
    expect((await get(url(event.id), stranger)).statusCode).toBe(403);
    expect((await put(event.id, undefined, NOTE)).statusCode).toBe(401);
    expect((await put(999_999, lena, NOTE)).statusCode).toBe(404);
    expectBadInput(await put(0, lena, NOTE));
    expect(await stored(event.id)).toHaveLength(1);

    // Empty: taken away.
    expect((await put(event.id, lena, '   ')).json()).toEqual({ note: null });
    expect(await stored(event.id)).toEqual([]);

    // Once the evening is over, nothing more changes.
    expect((await put(event.id, lena, NOTE)).statusCode).toBe(200);
    const [{ endsAt }] = (await t.db.select({ endsAt: events.endsAt }).from(events).where(eq(events.id, event.id))) as [{ endsAt: Date }];
    clock = new Date(endsAt.getTime() + 60_000);
    const late = await put(event.id, lena, 'Something else');
    expect(late.statusCode, late.body).toBe(409);
    expect(await stored(event.id)).toEqual([{ userId: lena.user.id, note: NOTE }]);
  });

  it('goes with the seat: a cancellation deletes it, and a ticket given to a friend arrives without it', async () => {
    const event = await freeEvening();
    const lena = await bookedGuest(event.id);
    expect((await put(event.id, lena, NOTE)).statusCode).toBe(200);
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/events/${event.id}/registration`, headers: withCookie(lena.cookie) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await stored(event.id)).toEqual([]);

    // Giving the ticket to a friend: the friend gets the seat, not the giver's note.
    const gina = await bookedGuest(event.id, 'Gina Giver');
    expect((await put(event.id, gina, NOTE)).statusCode).toBe(200);
    const friend = await signUp(t.app, { name: 'Fran Friend' });
    const given = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/friend-seats/transfer`,
      headers: withCookie(gina.cookie),
      payload: { email: friend.user.email },
    });
    expect(given.statusCode, given.body).toBe(201);
    const token = await friendSeatLinkMailedTo(t.app, friend.user.email);
    const claimed = await t.app.inject({
      method: 'POST',
      url: `/api/friend-seats/claim/${token}`,
      headers: withCookie(friend.cookie),
      payload: { consentToShare: true },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(await stored(event.id)).toEqual([]);
    expect((await get(url(event.id), friend)).json()).toEqual({ note: null });
    expect((await doorOf(event.id, host)).guests.find((g) => g.userId === friend.user.id)?.accessNeeds).toBeNull();
  });

  it('is deleted by the retention sweep with the evening’s other personal data, and only then', async () => {
    const soon = await freeEvening(2);
    const later = await freeEvening(60);
    const a = await bookedGuest(soon.id, 'Ana Early');
    const b = await bookedGuest(later.id, 'Ben Later');
    expect((await put(soon.id, a, NOTE)).statusCode).toBe(200);
    expect((await put(later.id, b, NOTE)).statusCode).toBe(200);
    const [{ endsAt }] = (await t.db.select({ endsAt: events.endsAt }).from(events).where(eq(events.id, soon.id))) as [{ endsAt: Date }];

    clock = new Date(endsAt.getTime() + 29 * 86_400_000);
    await privacy.sweep(t.db, now(), 30);
    expect(await stored(soon.id)).toHaveLength(1);

    clock = new Date(endsAt.getTime() + 31 * 86_400_000);
    const result = await privacy.sweep(t.db, now(), 30);
    expect(result.accessNeeds).toBeGreaterThanOrEqual(1);
    expect(await stored(soon.id)).toEqual([]);
    // The evening still to come keeps its guest's note.
    expect(await stored(later.id)).toEqual([{ userId: b.user.id, note: NOTE }]);
    const left = await t.db
      .select()
      .from(accessNeeds)
      .where(and(eq(accessNeeds.eventId, later.id), eq(accessNeeds.userId, b.user.id)));
    expect(left).toHaveLength(1);
  });
});
