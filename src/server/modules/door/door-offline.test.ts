/**
 * The door offline (docs/decisions/0052-the-door-offline.md): a desk's offline pack (hosts only,
 * ticket codes only as hashes) and the sync of what it checked in offline: idempotent keys, the
 * first check-in by time stands, claimed times bounded (decision 0039 "earned, not spoofed"), the
 * door's existing rules (closed after the end, removed guests stay out), bad input and who may.
 */
import { createHash, randomUUID } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ticketHashInput } from '@shared/domain/door';
import type { DoorPack, DoorSyncItem, DoorSyncResult } from '@shared/schemas/door';
import type { Event } from '@shared/schemas/events';
import { doorCheckIns, registrations } from '../../db/schema/index';
import {
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  expectBadInput,
  registerFor,
  signUp,
  signUpHost,
  TEST_ADMIN_EMAIL,
  withCookie,
  type TestContext,
} from '../../test/harness';
import { DESK_UNKNOWN, DOOR_HOSTS_ONLY, SYNC_AFTER_END, SYNC_NOT_REGISTERED, SYNC_REMOVED, SYNC_TOO_LATE } from './service';

type Member = Awaited<ReturnType<typeof signUp>>;

/** The app's clock: a fixed instant, or the real time. */
const clock = { fixed: null as Date | null };
let t: TestContext;
let host: Member;
let otherHost: Member;
let member: Member;
let admin: Member;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock.fixed ?? new Date() });
  host = await signUpHost(t, { name: 'Hana Host' });
  otherHost = await signUpHost(t, { name: 'Otto Otherhost' });
  member = await signUp(t.app, { name: 'Mo Member' });
  admin = await signUp(t.app, { email: TEST_ADMIN_EMAIL, name: 'Ada Admin' });
});
afterEach(() => {
  clock.fixed = null;
});
afterAll(() => t.close());

/** A free evening of `host`'s (19:00 to 22:00, weeks ahead) with `n` registered guests. */
async function evening(n: number) {
  const venue = await createVenue(t.app, host.cookie);
  const event: Event = await createEvent(t.app, host.cookie, eventBody(venue.id, { price: 0 }));
  const guests: Member[] = [];
  for (let i = 0; i < n; i++) {
    const g = await signUp(t.app, { name: `Guest ${String.fromCharCode(65 + i)}` });
    expect((await registerFor(t.app, event.id, g)).statusCode).toBe(201);
    guests.push(g);
  }
  const endsAt = new Date(event.endsAt);
  /** `m` minutes after 19:00, the start. */
  const at = (m: number) => new Date(endsAt.getTime() - 3 * 3_600_000 + m * 60_000);
  return { event, guests, at };
}

const pack = (eventId: number | string, deskId: string, cookie?: string) =>
  t.app.inject({ method: 'PUT', url: `/api/events/${eventId}/door/desks/${deskId}`, headers: withCookie(cookie) });
const sync = (eventId: number | string, deskId: string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'POST', url: `/api/events/${eventId}/door/desks/${deskId}/sync`, headers: withCookie(cookie), payload: payload as object });
const item = (userId: number, at: Date, over: Partial<DoorSyncItem> = {}): DoorSyncItem => ({
  key: randomUUID(),
  userId,
  method: 'scan',
  at: at.toISOString(),
  ...over,
});

/** A desk that loaded its pack at `when`. */
async function desk(eventId: number, when: Date) {
  const id = randomUUID();
  clock.fixed = when;
  const res = await pack(eventId, id, host.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

async function sent(eventId: number, deskId: string, items: DoorSyncItem[], when: Date): Promise<DoorSyncResult> {
  clock.fixed = when;
  const res = await sync(eventId, deskId, { items }, host.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DoorSyncResult>();
}

const snapshot = (eventId: number) => t.db.select().from(registrations).where(eq(registrations.eventId, eventId)).orderBy(asc(registrations.id));
const rowOf = async (eventId: number, userId: number) => (await snapshot(eventId)).find((r) => r.userId === userId)!;

describe('PUT /api/events/:id/door/desks/:deskId (the offline pack)', () => {
  it('gives the host every guest with their ticket code only as a hash of the evening and the code', async () => {
    const { event, guests, at } = await evening(2);
    const deskId = randomUUID();
    clock.fixed = at(-30);
    const res = await pack(event.id, deskId, host.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<DoorPack>();
    expect(body).toMatchObject({ eventId: event.id, deskId, deskSince: at(-30).toISOString(), event: { title: event.title, endsAt: event.endsAt } });
    expect(body.guests.map((g) => g.name)).toEqual(['Guest A', 'Guest B']);
    for (const g of guests) {
      const code = (await rowOf(event.id, g.user.id)).ticketCode;
      // No ticket code in the answer: a lost phone holds nothing that gets anyone in.
      expect(res.body).not.toContain(code);
      const p = body.guests.find((x) => x.userId === g.user.id)!;
      expect(p.codeHash).toBe(createHash('sha256').update(ticketHashInput(event.id, code)).digest('hex'));
      expect(p).toMatchObject({ checkedIn: false, checkedInAt: null, checkInKey: null });
    }
    // Loading it again later keeps when the desk was first seen.
    clock.fixed = at(10);
    expect((await pack(event.id, deskId, host.cookie)).json<DoorPack>().deskSince).toBe(at(-30).toISOString());
  });

  it('is for the hosts of the evening only: a visitor 401, a member, a guest and another host 403; an admin 200', async () => {
    const { event, guests } = await evening(1);
    expect((await pack(event.id, randomUUID())).statusCode).toBe(401);
    for (const who of [member, guests[0]!, otherHost]) {
      const res = await pack(event.id, randomUUID(), who.cookie);
      expect(res.statusCode, who.user.name).toBe(403);
      expect(res.json().message).toBe(DOOR_HOSTS_ONLY);
    }
    expect((await pack(event.id, randomUUID(), admin.cookie)).statusCode).toBe(200);
  });

  it('answers 400 to a desk id that is not a UUID and 404 to an unknown evening', async () => {
    const { event } = await evening(0);
    expectBadInput(await pack(event.id, 'desk-1', host.cookie));
    expectBadInput(await pack('abc', randomUUID(), host.cookie));
    expect((await pack(987654, randomUUID(), host.cookie)).statusCode).toBe(404);
  });
});

describe('POST /api/events/:id/door/desks/:deskId/sync', () => {
  it('checks guests in at the time the desk scanned them, and a sync sent again changes nothing', async () => {
    const { event, guests, at } = await evening(3);
    const d = await desk(event.id, at(-20));
    const items = [item(guests[0]!.user.id, at(4)), item(guests[1]!.user.id, at(2), { method: 'search' })];
    const first = await sent(event.id, d, items, at(30));
    expect(first.results).toEqual([
      { key: items[0]!.key, userId: guests[0]!.user.id, outcome: 'checked_in', checkedInAt: at(4).toISOString(), by: 'this_desk', message: null },
      { key: items[1]!.key, userId: guests[1]!.user.id, outcome: 'checked_in', checkedInAt: at(2).toISOString(), by: 'this_desk', message: null },
    ]);
    expect(first.counts).toEqual({ registered: 3, checkedIn: 2, toCome: 1 });
    expect(await rowOf(event.id, guests[1]!.user.id)).toMatchObject({
      checkedIn: true,
      checkedInAt: at(2),
      checkInMethod: 'search',
      checkedInBy: host.user.id,
      checkInDesk: d,
      checkInKey: items[1]!.key,
    });

    const before = await snapshot(event.id);
    const again = await sent(event.id, d, items, at(31));
    expect(again).toEqual(first);
    expect(await snapshot(event.id)).toEqual(before);
    expect(await t.db.select().from(doorCheckIns).where(eq(doorCheckIns.eventId, event.id))).toHaveLength(2);
  });

  it('the first check-in by scan time stands, whichever desk sends first; the other desk is told when and by whom', async () => {
    const { event, guests, at } = await evening(2);
    const [a, b] = [await desk(event.id, at(-10)), await desk(event.id, at(-10))];
    const priya = guests[0]!.user.id;
    const sam = guests[1]!.user.id;

    // Priya: desk A scanned her at 19:04, desk B at 19:06; B comes back first.
    const fromB = item(priya, at(6));
    expect((await sent(event.id, b, [fromB], at(20))).results[0]).toMatchObject({ outcome: 'checked_in', checkedInAt: at(6).toISOString() });
    const fromA = item(priya, at(4));
    const resA = await sent(event.id, a, [fromA], at(21));
    expect(resA.results[0]).toMatchObject({ outcome: 'checked_in', checkedInAt: at(4).toISOString(), by: 'this_desk' });
    expect(resA.counts.checkedIn).toBe(1);
    expect(await rowOf(event.id, priya)).toMatchObject({ checkedInAt: at(4), checkInDesk: a, checkInKey: fromA.key });
    // B's pack shows the check-in that stands is not its own; B's sync sent again says who was first.
    clock.fixed = at(22);
    const bPack = (await pack(event.id, b, host.cookie)).json<DoorPack>();
    expect(bPack.guests.find((g) => g.userId === priya)).toMatchObject({ checkedInAt: at(4).toISOString(), checkInKey: fromA.key });
    expect((await sent(event.id, b, [fromB], at(22))).results[0]).toMatchObject({
      outcome: 'already_checked_in',
      checkedInAt: at(4).toISOString(),
      by: 'other_desk',
    });

    // Sam: A first (19:05), then B (19:07) comes back: B is told at once.
    await sent(event.id, a, [item(sam, at(5))], at(23));
    const late = await sent(event.id, b, [item(sam, at(7))], at(24));
    expect(late.results[0]).toMatchObject({ outcome: 'already_checked_in', checkedInAt: at(5).toISOString(), by: 'other_desk', message: null });
    expect(await rowOf(event.id, sam)).toMatchObject({ checkedInAt: at(5), checkInDesk: a });
    expect(late.counts).toEqual({ registered: 2, checkedIn: 2, toCome: 0 });
  });

  it('an offline scan earlier than an online check-in replaces it; one later than a guest on their phone is told so', async () => {
    const { event, guests, at } = await evening(2);
    const d = await desk(event.id, at(-10));
    clock.fixed = at(8);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/events/${event.id}/door/check-in`,
          headers: withCookie(host.cookie),
          payload: { userId: guests[0]!.user.id },
        })
      ).statusCode,
    ).toBe(200);
    const earlier = item(guests[0]!.user.id, at(3));
    expect((await sent(event.id, d, [earlier], at(9))).results[0]).toMatchObject({ outcome: 'checked_in', checkedInAt: at(3).toISOString() });
    expect(await rowOf(event.id, guests[0]!.user.id)).toMatchObject({ checkedInAt: at(3), checkInMethod: 'scan', checkInKey: earlier.key });

    clock.fixed = at(1);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/events/${event.id}/arrival/check-in`, headers: withCookie(guests[1]!.cookie), payload: {} })).statusCode,
    ).toBe(200);
    const res = await sent(event.id, d, [item(guests[1]!.user.id, at(2))], at(10));
    expect(res.results[0]).toMatchObject({ outcome: 'already_checked_in', checkedInAt: at(1).toISOString(), by: 'guest' });
  });

  it('bounds the claimed time: never in the future, never before the desk had the list (decision 0039)', async () => {
    const { event, guests, at } = await evening(2);
    const d = await desk(event.id, at(-15));
    const res = await sent(event.id, d, [item(guests[0]!.user.id, at(90)), item(guests[1]!.user.id, at(-24 * 60))], at(20));
    expect(res.results.map((r) => r.checkedInAt)).toEqual([at(20).toISOString(), at(-15).toISOString()]);
    expect((await rowOf(event.id, guests[0]!.user.id)).checkedInAt).toEqual(at(20));
    expect((await rowOf(event.id, guests[1]!.user.id)).checkedInAt).toEqual(at(-15));
  });

  it("keeps the door's rules: closed after the end, removed guests stay out, only registered guests, and a late sync is refused", async () => {
    const { event, guests, at } = await evening(3);
    const stranger = await signUp(t.app, { name: 'Stella Stranger' });
    const d = await desk(event.id, at(-10));
    clock.fixed = at(1);
    await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/door/check-in`,
      headers: withCookie(host.cookie),
      payload: { userId: guests[2]!.user.id },
    });
    const removal = await t.app.inject({
      method: 'POST',
      url: `/api/events/${event.id}/guests/${guests[2]!.user.id}/removal`,
      headers: withCookie(host.cookie),
    });
    expect(removal.statusCode, removal.body).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/api/events/${event.id}/door/check-in/${guests[2]!.user.id}`, headers: withCookie(host.cookie) });
    const before = await snapshot(event.id);

    // 22:00 is the end: a scan at 22:01 (the desk's clock) does not count, one at 21:59 does.
    const res = await sent(
      event.id,
      d,
      [item(guests[0]!.user.id, at(181)), item(stranger.user.id, at(30)), item(guests[2]!.user.id, at(40)), item(guests[1]!.user.id, at(179))],
      at(200),
    );
    expect(res.results.map((r) => [r.outcome, r.message])).toEqual([
      ['refused', SYNC_AFTER_END],
      ['refused', SYNC_NOT_REGISTERED],
      ['refused', SYNC_REMOVED],
      ['checked_in', null],
    ]);
    expect((await snapshot(event.id)).filter((r) => r.userId !== guests[1]!.user.id)).toEqual(before.filter((r) => r.userId !== guests[1]!.user.id));

    // Twelve hours after the end, nothing more is taken.
    clock.fixed = at(180 + 12 * 60);
    const tooLate = await sync(event.id, d, { items: [item(guests[0]!.user.id, at(100))] }, host.cookie);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().message).toBe(SYNC_TOO_LATE);
    expect((await rowOf(event.id, guests[0]!.user.id)).checkedIn).toBe(false);
  });

  it('only the hosts of the evening, from a desk that loaded the list, may sync: others get 401/403/409 and nothing changes', async () => {
    const { event, guests, at } = await evening(1);
    const d = await desk(event.id, at(-10));
    const body = { items: [item(guests[0]!.user.id, at(1))] };
    const before = await snapshot(event.id);
    clock.fixed = at(5);
    expect((await sync(event.id, d, body)).statusCode).toBe(401);
    for (const who of [member, guests[0]!, otherHost]) {
      const res = await sync(event.id, d, body, who.cookie);
      expect(res.statusCode, who.user.name).toBe(403);
      expect(res.json().message).toBe(DOOR_HOSTS_ONLY);
    }
    const unknown = await sync(event.id, randomUUID(), body, host.cookie);
    expect(unknown.statusCode).toBe(409);
    expect(unknown.json().message).toBe(DESK_UNKNOWN);
    // A desk of another evening is not a desk of this one.
    const { event: other } = await evening(0);
    const elsewhere = await desk(other.id, at(-10));
    clock.fixed = at(5);
    expect((await sync(event.id, elsewhere, body, host.cookie)).json().message).toBe(DESK_UNKNOWN);
    expect(await snapshot(event.id)).toEqual(before);
  });

  it('answers 400 to bad input and changes nothing', async () => {
    const { event, guests, at } = await evening(1);
    const d = await desk(event.id, at(-10));
    const g = guests[0]!.user.id;
    const good = item(g, at(1));
    const before = await snapshot(event.id);
    clock.fixed = at(5);
    const bad = [
      await sync(event.id, d, {}, host.cookie),
      await sync(event.id, d, { items: [] }, host.cookie),
      await sync(event.id, d, { items: 'all' }, host.cookie),
      await sync(event.id, d, { items: [good, good] }, host.cookie),
      await sync(event.id, d, { items: [{ ...good, key: 'not-a-uuid' }] }, host.cookie),
      await sync(event.id, d, { items: [{ ...good, userId: 'abc' }] }, host.cookie),
      await sync(event.id, d, { items: [{ ...good, userId: 2 ** 31 }] }, host.cookie),
      await sync(event.id, d, { items: [{ ...good, method: 'self' }] }, host.cookie),
      await sync(event.id, d, { items: [{ ...good, at: 'yesterday' }] }, host.cookie),
      await sync(event.id, d, { items: [{ ...good, at: undefined }] }, host.cookie),
      await sync(event.id, d, { items: Array.from({ length: 501 }, () => item(g, at(1))) }, host.cookie),
      await sync(event.id, 'desk-1', { items: [good] }, host.cookie),
      await t.app.inject({
        method: 'POST',
        url: `/api/events/${event.id}/door/desks/${d}/sync`,
        headers: withCookie(host.cookie, { 'content-type': 'application/json' }),
        payload: '{"items":',
      }),
    ] satisfies LightMyRequestResponse[];
    for (const res of bad) expectBadInput(res);
    expect(await snapshot(event.id)).toEqual(before);
    expect(await t.db.select().from(doorCheckIns).where(eq(doorCheckIns.eventId, event.id))).toHaveLength(0);
  });
});
