/**
 * A full evening's waitlist (docs/decisions/0016): join, the automatic 12-hour offer when a seat
 * frees, booking with it, lapsing and leaving, the host's view, and capacity under concurrency.
 */
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WAITLIST_OFFER_HOURS } from '@shared/domain/constants';
import type { MyWaitlistPlace } from '@shared/schemas/events';
import type { HostWaitlist, PaymentIntentResponse } from '@shared/schemas/tickets';
import { events, eventWaitlist, payments } from '../../db/schema/index';
import type { signUp } from '../../test/harness';
import {
  confirmTestPayment,
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  getEvent,
  holdSeat,
  outbox,
  registerFor,
  registrationCount,
  signUpHost,
  signUpMany,
  withCookie,
  type TestContext,
} from '../../test/harness';
import { sweepSeats, type WaitlistDeps } from './waitlist';

type Member = Awaited<ReturnType<typeof signUp>>;

let t: TestContext;
let host: Awaited<ReturnType<typeof signUpHost>>;
let venueId: number;
let deps: WaitlistDeps;

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t);
  venueId = (await createVenue(t.app, host.cookie)).id;
  deps = { db: t.db, mailer: t.app.mailer, publicUrl: 'http://localhost:3000', log: t.app.log };
});
afterAll(() => t.close());

const join = (eventId: number, m?: Member) => t.app.inject({ method: 'POST', url: `/api/events/${eventId}/waitlist`, headers: withCookie(m?.cookie) });
const leave = (eventId: number, m: Member) => t.app.inject({ method: 'DELETE', url: `/api/events/${eventId}/waitlist`, headers: withCookie(m.cookie) });
const cancel = (eventId: number, m: Member) => t.app.inject({ method: 'DELETE', url: `/api/events/${eventId}/registration`, headers: withCookie(m.cookie) });
const hostView = (eventId: number, cookie?: string) => t.app.inject({ method: 'GET', url: `/api/events/${eventId}/waitlist`, headers: withCookie(cookie) });
const place = async (eventId: number, m: Member) => (await getEvent(t.app, eventId, m.cookie)).viewer.waitlist;

async function seats(eventId: number) {
  const [row] = await t.db
    .select({ seatsTaken: events.seatsTaken, participantCount: events.participantCount, max: events.maxParticipants })
    .from(events)
    .where(eq(events.id, eventId));
  return row!;
}

/** An evening of `max` seats (the form's minimum is 6: smaller ones are set in the database). */
async function evening(max: number, price = 0) {
  const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price, maxParticipants: 6 }));
  await t.db.update(events).set({ maxParticipants: max }).where(eq(events.id, event.id));
  return event;
}

/** An evening of `max` seats, all booked (paid through the test card when it has a price). */
async function fullEvening(max: number, price = 0) {
  const event = await evening(max, price);
  const guests = await signUpMany(t.app, max);
  for (const g of guests) {
    if (price === 0) expect((await registerFor(t.app, event.id, g)).statusCode).toBe(201);
    else {
      const hold = (await holdSeat(t.app, event.id, g)).json<PaymentIntentResponse>();
      expect((await confirmTestPayment(t.app, g.cookie, hold.clientSecret)).statusCode).toBe(200);
    }
  }
  return { event, guests };
}

describe('joining the waitlist', () => {
  it('a full evening: members join in order and see their place; the host sees names in line', async () => {
    const { event } = await fullEvening(2);
    const [ann, ben] = await signUpMany(t.app, 2);
    const first = await join(event.id, ann);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<MyWaitlistPlace>()).toMatchObject({ status: 'waiting', position: 1 });
    expect((await join(event.id, ben)).json<MyWaitlistPlace>()).toMatchObject({ status: 'waiting', position: 2 });
    expect(await place(event.id, ben!)).toMatchObject({ status: 'waiting', position: 2 });

    const seen = await hostView(event.id, host.cookie);
    expect(seen.statusCode).toBe(200);
    expect(seen.json<HostWaitlist>().entries.map((e) => [e.name, e.status, e.position])).toEqual([
      [ann!.user.name, 'waiting', 1],
      [ben!.user.name, 'waiting', 2],
    ]);
    // Names only: no e-mail or phone in what the host gets.
    expect(seen.body).not.toContain(ann!.user.email);
  });

  it('refuses: joining twice, a member already booked, an evening with places left, visitors, unknown evenings', async () => {
    const { event, guests } = await fullEvening(1);
    const [ann] = await signUpMany(t.app, 1);
    expect((await join(event.id, ann)).statusCode).toBe(201);
    const again = await join(event.id, ann);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("You're already on the waitlist for this evening");
    expect((await join(event.id, guests[0])).json().message).toBe('You are already registered for this event');

    const roomy = await evening(5);
    const early = await join(roomy.id, ann);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('There are still places left: book one now');

    expect((await join(event.id)).statusCode).toBe(401);
    expect((await join(999_999, ann)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/events/abc/waitlist', headers: withCookie(ann!.cookie) })).statusCode).toBe(400);
  });

  it('only the host of the evening and admins see the line', async () => {
    const { event, guests } = await fullEvening(1);
    const other = await signUpHost(t);
    expect((await hostView(event.id, guests[0]!.cookie)).statusCode).toBe(403);
    expect((await hostView(event.id, other.cookie)).statusCode).toBe(403);
    expect((await hostView(event.id)).statusCode).toBe(401);
  });
});

describe('a seat frees: the automatic offer', () => {
  it('a cancellation offers the seat to the first in line for 12 hours, by e-mail; nobody else can take it; she books it', async () => {
    // Waitlist ids far from event ids, so a count that compared the wrong ids could not pass by chance.
    await t.db.execute(sql`SELECT setval('event_waitlist_id_seq', 5000)`);
    const { event, guests } = await fullEvening(2);
    const [ann, ben, stranger] = await signUpMany(t.app, 3);
    await join(event.id, ann);
    await join(event.id, ben);

    const before = Date.now();
    expect((await cancel(event.id, guests[0]!)).statusCode).toBe(200);
    const offer = await place(event.id, ann!);
    expect(offer?.status).toBe('offered');
    const ends = Date.parse((offer as { offerExpiresAt: string }).offerExpiresAt);
    expect(ends - before).toBeGreaterThan(WAITLIST_OFFER_HOURS * 3_600_000 - 60_000);
    expect(ends - before).toBeLessThan(WAITLIST_OFFER_HOURS * 3_600_000 + 60_000);
    expect(await place(event.id, ben!)).toMatchObject({ status: 'waiting', position: 1 });

    const mail = (await outbox(t.app, ann!.user.email)).find((m) => m.subject === `A place has opened at ${event.title}`);
    expect(mail?.text).toContain(`/events/${event.id}`);
    expect(mail?.text).toContain("We're holding it for you until");

    // The held seat counts: the evening stays full for everyone else, and says why (1/2, one seat held for the waitlist).
    expect(await getEvent(t.app, event.id)).toMatchObject({ spotsLeft: 0, participantCount: 1, seatsHeldForWaitlist: 1 });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/events' })).json<{ id: number; seatsHeldForWaitlist: number }[]>();
    expect(listed.find((e) => e.id === event.id)?.seatsHeldForWaitlist).toBe(1);
    const jump = await registerFor(t.app, event.id, stranger!);
    expect(jump.statusCode).toBe(409);
    expect(jump.json().message).toBe('Event is full');

    const booked = await registerFor(t.app, event.id, ann!);
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await seats(event.id)).toEqual({ seatsTaken: 2, participantCount: 2, max: 2 });
    expect(await registrationCount(t.db, event.id)).toBe(2);
    const detail = await getEvent(t.app, event.id, ann!.cookie);
    expect(detail.viewer).toMatchObject({ registered: true, waitlist: null });
    expect(detail.seatsHeldForWaitlist).toBe(0);
    expect((await hostView(event.id, host.cookie)).json<HostWaitlist>().entries.map((e) => e.name)).toEqual([ben!.user.name]);
  });

  it('an offer not taken up lapses and passes to the next person; the lapsed member can join again at the back', async () => {
    const { event, guests } = await fullEvening(1);
    const [ann, ben] = await signUpMany(t.app, 2);
    await join(event.id, ann);
    await join(event.id, ben);
    await cancel(event.id, guests[0]!);
    expect((await place(event.id, ann!))?.status).toBe('offered');

    await t.db
      .update(eventWaitlist)
      .set({ offerExpiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(eventWaitlist.eventId, event.id), eq(eventWaitlist.userId, ann!.user.id)));
    expect(await sweepSeats(deps)).toBeGreaterThanOrEqual(1);
    expect(await place(event.id, ann!)).toBeNull();
    expect((await place(event.id, ben!))?.status).toBe('offered');
    expect((await outbox(t.app, ben!.user.email)).some((m) => m.subject === `A place has opened at ${event.title}`)).toBe(true);
    expect(await seats(event.id)).toMatchObject({ seatsTaken: 1, participantCount: 0 });

    // Too late with the lapsed offer: full.
    expect((await registerFor(t.app, event.id, ann!)).json().message).toBe('Event is full');
    expect((await join(event.id, ann)).json<MyWaitlistPlace>()).toMatchObject({ status: 'waiting', position: 1 });
    expect((await hostView(event.id, host.cookie)).json<HostWaitlist>()).toMatchObject({ expiredOffers: 0 });
  });

  it('leaving with an offer passes the seat straight on; leaving twice is 404', async () => {
    const { event, guests } = await fullEvening(1);
    const [ann, ben] = await signUpMany(t.app, 2);
    await join(event.id, ann);
    await join(event.id, ben);
    await cancel(event.id, guests[0]!);
    expect((await leave(event.id, ann!)).statusCode).toBe(200);
    expect((await place(event.id, ben!))?.status).toBe('offered');
    expect(await seats(event.id)).toMatchObject({ seatsTaken: 1 });
    const twice = await leave(event.id, ann!);
    expect(twice.statusCode).toBe(404);
    expect(twice.json().message).toBe("You're not on the waitlist for this evening");
  });

  it('with nobody waiting a cancelled seat is simply free again', async () => {
    const { event, guests } = await fullEvening(1);
    await cancel(event.id, guests[0]!);
    expect((await getEvent(t.app, event.id)).spotsLeft).toBe(1);
  });

  it('a paid evening: the offer becomes the payment hold for what is left of the 12 hours, then the ticket', async () => {
    const { event, guests } = await fullEvening(1, 1500);
    const [ann] = await signUpMany(t.app, 1);
    await join(event.id, ann);
    expect((await cancel(event.id, guests[0]!)).statusCode).toBe(200);
    const offer = (await place(event.id, ann!)) as { offerExpiresAt: string };

    const hold = await holdSeat(t.app, event.id, ann!);
    expect(hold.statusCode, hold.body).toBe(200);
    const intent = hold.json<PaymentIntentResponse>();
    expect(Math.abs(Date.parse(intent.holdExpiresAt) - Date.parse(offer.offerExpiresAt))).toBeLessThan(2000);
    expect(await seats(event.id)).toMatchObject({ seatsTaken: 1, participantCount: 0 });

    expect((await confirmTestPayment(t.app, ann!.cookie, intent.clientSecret)).statusCode).toBe(200);
    expect(await seats(event.id)).toEqual({ seatsTaken: 1, participantCount: 1, max: 1 });
    expect((await getEvent(t.app, event.id, ann!.cookie)).viewer.registered).toBe(true);
  });

  it('a lapsed payment hold frees its seat for the line at the next sweep', async () => {
    const event = await evening(1, 1500);
    const [payer, ann] = await signUpMany(t.app, 2);
    const hold = (await holdSeat(t.app, event.id, payer!)).json<PaymentIntentResponse>();
    expect((await join(event.id, ann)).statusCode).toBe(201);
    await t.db
      .update(payments)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(payments.intentId, hold.paymentIntentId));
    await sweepSeats(deps);
    expect((await place(event.id, ann!))?.status).toBe('offered');
    expect(await seats(event.id)).toMatchObject({ seatsTaken: 1 });
  });
});

describe('capacity under concurrency', () => {
  it('three guests cancel at once with ten waiting: exactly three offers; the three offered and ten strangers race for seats: only the three get in', async () => {
    const { event, guests } = await fullEvening(3);
    const line = await signUpMany(t.app, 10);
    for (const m of line) expect((await join(event.id, m)).statusCode).toBe(201);

    const cancels = await Promise.all(guests.map((g) => cancel(event.id, g)));
    expect(cancels.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const offered = (await hostView(event.id, host.cookie)).json<HostWaitlist>().entries.filter((e) => e.status === 'offered');
    expect(offered).toHaveLength(3);
    expect(new Set(offered.map((e) => e.userId))).toEqual(new Set(line.slice(0, 3).map((m) => m.user.id)));
    expect(await seats(event.id)).toEqual({ seatsTaken: 3, participantCount: 0, max: 3 });

    const strangers = await signUpMany(t.app, 10);
    const results = await Promise.all([...line.slice(0, 3), ...strangers].map((m) => registerFor(t.app, event.id, m)));
    expect(results.map((r) => r.statusCode).filter((c) => c >= 500)).toEqual([]);
    expect(results.slice(0, 3).map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(results.slice(3).every((r) => r.statusCode === 409)).toBe(true);
    expect(await seats(event.id)).toEqual({ seatsTaken: 3, participantCount: 3, max: 3 });
    expect(await registrationCount(t.db, event.id)).toBe(3);
  });

  it('two sweeps at once offer one freed seat exactly once', async () => {
    const event = await evening(1, 1500);
    const [payer, ...line] = await signUpMany(t.app, 5);
    const hold = (await holdSeat(t.app, event.id, payer!)).json<PaymentIntentResponse>();
    for (const m of line) expect((await join(event.id, m)).statusCode).toBe(201);
    await t.db
      .update(payments)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(payments.intentId, hold.paymentIntentId));
    await Promise.all([sweepSeats(deps), sweepSeats(deps), sweepSeats(deps)]);
    const offered = (await hostView(event.id, host.cookie)).json<HostWaitlist>().entries.filter((e) => e.status === 'offered');
    expect(offered.map((e) => e.userId)).toEqual([line[0]!.user.id]);
    expect(await seats(event.id)).toEqual({ seatsTaken: 1, participantCount: 0, max: 1 });
  });
});

/**
 * Issue 21 "Waitlist seats are never lost or held twice": seats_taken must always equal the
 * registrations, the unexpired payment holds and the live offers, counted in SQL, after every path
 * that gives a seat back (docs/decisions/0004-capacity-seat-holds-and-payments.md, 0016).
 */
describe('seats come back on every path (counted in SQL)', () => {
  async function ledger(eventId: number) {
    const r = await t.db.execute(sql`
      SELECT e.seats_taken AS "seatsTaken", e.participant_count AS "participants",
        (SELECT count(*)::int FROM registrations r WHERE r.event_id = e.id) AS "registrations",
        (SELECT count(*)::int FROM payments p WHERE p.event_id = e.id AND p.holds_seat AND p.status = 'requires_payment') AS "holds",
        (SELECT count(*)::int FROM event_waitlist w WHERE w.event_id = e.id AND w.status = 'offered') AS "offers"
      FROM events e WHERE e.id = ${eventId}`);
    const row = (r as unknown as { rows: Record<string, number>[] }).rows[0]!;
    return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as {
      seatsTaken: number;
      participants: number;
      registrations: number;
      holds: number;
      offers: number;
    };
  }
  async function expectBalanced(eventId: number, path: string) {
    const l = await ledger(eventId);
    expect(l.seatsTaken, `${path}: ${JSON.stringify(l)}`).toBe(l.registrations + l.holds + l.offers);
    expect(l.participants, `${path}: ${JSON.stringify(l)}`).toBe(l.registrations);
    return l;
  }
  const deleteAccount = (m: Member) => t.app.inject({ method: 'DELETE', url: `/api/users/${m.user.id}`, headers: withCookie(m.cookie) });

  it('account deletion with an offer, a cancellation, an offer that lapses, and a payment: balanced after each, and the freed seat reaches the line', async () => {
    const { event, guests } = await fullEvening(1);
    const [ann, ben, cat] = await signUpMany(t.app, 3);
    for (const m of [ann, ben, cat]) expect((await join(event.id, m)).statusCode).toBe(201);

    // Cancellation: Ann is offered the seat.
    expect((await cancel(event.id, guests[0]!)).statusCode).toBe(200);
    expect((await place(event.id, ann!))?.status).toBe('offered');
    await expectBalanced(event.id, 'cancellation');

    // Account deletion while holding the offer: the cascade used to delete the row the sweep needed.
    expect((await deleteAccount(ann!)).statusCode).toBe(204);
    await expectBalanced(event.id, 'account deletion');
    await sweepSeats(deps);
    expect((await place(event.id, ben!))?.status).toBe('offered');
    await expectBalanced(event.id, 'account deletion, then the sweep');

    // Offer expiry: Ben's lapses, Cat is offered.
    await t.db
      .update(eventWaitlist)
      .set({ offerExpiresAt: new Date(Date.now() - 1000) })
      .where(and(eq(eventWaitlist.eventId, event.id), eq(eventWaitlist.userId, ben!.user.id)));
    await sweepSeats(deps);
    expect((await place(event.id, cat!))?.status).toBe('offered');
    await expectBalanced(event.id, 'offer expiry');

    // Cat books with it.
    expect((await registerFor(t.app, event.id, cat!)).statusCode).toBe(201);
    expect(await expectBalanced(event.id, 'booking with the offer')).toMatchObject({ seatsTaken: 1, registrations: 1, offers: 0 });
  });

  it('a member holding a payment hold cannot join the waitlist', async () => {
    const event = await evening(1, 1500);
    const [payer] = await signUpMany(t.app, 1);
    expect((await holdSeat(t.app, event.id, payer!)).statusCode).toBe(200);
    const res = await join(event.id, payer);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().message).toBe("You're holding a place at this evening: finish paying for it on the event page");
    expect(await place(event.id, payer!)).toBeNull();
    await expectBalanced(event.id, 'refused join');
  });

  it('a member in line who holds or has a seat is never offered a second one: the seat goes to the next; paying releases an offer they held', async () => {
    // Two seats, both held by payers; Pia (one of them) is also in line (as before this rule), then Quinn.
    const event = await evening(2, 1500);
    const [pia, other, quinn, rob] = await signUpMany(t.app, 4);
    const piaHold = (await holdSeat(t.app, event.id, pia!)).json<PaymentIntentResponse>();
    const otherHold = (await holdSeat(t.app, event.id, other!)).json<PaymentIntentResponse>();
    await t.db.insert(eventWaitlist).values({ eventId: event.id, userId: pia!.user.id, status: 'waiting', createdAt: new Date(Date.now() - 60_000) });
    expect((await join(event.id, quinn)).statusCode).toBe(201);
    expect((await join(event.id, rob)).statusCode).toBe(201);

    // The other payer's hold lapses: the seat goes to Quinn, not to Pia (who holds one already).
    await t.db
      .update(payments)
      .set({ holdExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(payments.intentId, otherHold.paymentIntentId));
    await sweepSeats(deps);
    expect((await place(event.id, quinn!))?.status).toBe('offered');
    expect(await place(event.id, pia!)).toBeNull();
    await expectBalanced(event.id, 'a holder skipped');

    // Pia holding an offer too (a row from before this rule), then paying her first hold: the offer
    // is released and passed on to Rob, not kept for 12 hours.
    await t.db
      .update(eventWaitlist)
      .set({ status: 'offered', offerExpiresAt: new Date(Date.now() + 3_600_000) })
      .where(and(eq(eventWaitlist.eventId, event.id), eq(eventWaitlist.userId, pia!.user.id)));
    await t.db
      .update(events)
      .set({ maxParticipants: 3, seatsTaken: sql`${events.seatsTaken} + 1` })
      .where(eq(events.id, event.id));
    await expectBalanced(event.id, 'a second seat held for Pia');
    expect((await confirmTestPayment(t.app, pia!.cookie, piaHold.clientSecret)).statusCode).toBe(200);
    expect((await getEvent(t.app, event.id, pia!.cookie)).viewer).toMatchObject({ registered: true, waitlist: null });
    expect((await place(event.id, rob!))?.status).toBe('offered');
    expect(await expectBalanced(event.id, 'payment')).toMatchObject({ registrations: 1, offers: 2, holds: 0 });
  });
});
