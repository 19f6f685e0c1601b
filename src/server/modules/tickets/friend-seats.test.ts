/**
 * A seat for a friend (issue 35; docs/decisions/0075-a-seat-for-a-friend.md), through the real app
 * and database: a ticket given to a friend moves exactly once, with a new code (the old one refused
 * at the door), under the evening's rules; a booking for two holds the friend's seat (counted in
 * SQL with the registrations, holds and offers), releases it at its deadline with the share
 * refunded; and two who booked together are never seated together, nor rate each other.
 */
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pairKey } from '@shared/domain/rotation';
import type { BookForTwoResponse, FriendSeat, FriendSeatClaim, MyFriendSeats } from '@shared/schemas/friend-seats';
import type { PaymentIntentResponse } from '@shared/schemas/tickets';
import { cancelledTickets, events, friendSeats, registrations, testProviderIntents } from '../../db/schema/index';
import {
  confirmTestPayment,
  createEvent,
  createTestApp,
  createVenue,
  eventBody,
  expectBadInput,
  getEvent,
  friendSeatLinkMailedTo,
  outbox,
  registerFor,
  signUp,
  signUpHost,
  signUpMany,
  startingIn,
  withCookie,
  type TestContext,
} from '../../test/harness';
import {
  ALREADY_CLAIMED,
  BOOKED_TOGETHER_NO_RATING,
  FRIEND_ALREADY_BOOKED,
  NOT_YOUR_LINK,
  releaseLapsedFriendSeats,
  TOO_LATE_TO_GIVE,
  TWO_SEATS_FULL,
  WITHDRAWN,
  type FriendSeatDeps,
} from './friend-seats';

type Member = Awaited<ReturnType<typeof signUp>>;

let t: TestContext;
let host: Member;
let venueId: number;
let deps: FriendSeatDeps;

beforeAll(async () => {
  t = await createTestApp();
  host = await signUpHost(t);
  venueId = (await createVenue(t.app, host.cookie)).id;
  deps = {
    db: t.db,
    payments: t.app.payments,
    mailer: t.app.mailer,
    publicUrl: t.config.publicUrl,
    holdMinutes: t.config.seatHoldMinutes,
    log: t.app.log,
    limits: t.config.friendSeats,
    now: () => new Date(),
  };
}, 60_000);
afterAll(() => t.close());

const post = (url: string, m: Member | undefined, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: withCookie(m?.cookie), payload });
const get = (url: string, m: Member | undefined) => t.app.inject({ method: 'GET', url, headers: withCookie(m?.cookie) });
const give = (eventId: number, m: Member, email: string) => post(`/api/events/${eventId}/friend-seats/transfer`, m, { email });
const claim = (token: string, m: Member) => post(`/api/friend-seats/claim/${token}`, m, { consentToShare: true });
const withdraw = (id: number, m: Member) => t.app.inject({ method: 'DELETE', url: `/api/friend-seats/${id}`, headers: withCookie(m.cookie) });

/** The claim link's token in the newest invitation mailed to this address. */
const tokenMailedTo = (email: string) => friendSeatLinkMailedTo(t.app, email);

/** What the test card company has refunded on this payment, in pence. */
async function refundedOn(intentId: string) {
  const [row] = await t.db.select({ refunded: testProviderIntents.amountRefunded }).from(testProviderIntents).where(eq(testProviderIntents.id, intentId));
  return row!.refunded;
}

async function codeOf(eventId: number, userId: number) {
  const [row] = await t.db
    .select({ code: registrations.ticketCode })
    .from(registrations)
    .where(and(eq(registrations.eventId, eventId), eq(registrations.userId, userId)));
  return row?.code ?? null;
}

/**
 * seats_taken against what holds a seat, counted in SQL: registrations, payment holds, waitlist
 * offers (an offer for two holds two) and unclaimed friends' seats.
 */
async function ledger(eventId: number) {
  const r = await t.db.execute(sql`
    SELECT e.seats_taken AS "seatsTaken", e.participant_count AS "participants",
      (SELECT count(*)::int FROM registrations r WHERE r.event_id = e.id) AS "registrations",
      (SELECT count(*)::int FROM payments p WHERE p.event_id = e.id AND p.holds_seat AND p.status = 'requires_payment') AS "holds",
      (SELECT coalesce(sum(w.seats), 0)::int FROM event_waitlist w WHERE w.event_id = e.id AND w.status = 'offered') AS "offers",
      (SELECT count(*)::int FROM friend_seats f WHERE f.event_id = e.id AND f.holds_seat) AS "friendSeats"
    FROM events e WHERE e.id = ${eventId}`);
  const row = (r as unknown as { rows: Record<string, number>[] }).rows[0]!;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Record<
    'seatsTaken' | 'participants' | 'registrations' | 'holds' | 'offers' | 'friendSeats',
    number
  >;
}
async function expectBalanced(eventId: number, step: string) {
  const l = await ledger(eventId);
  expect(l.seatsTaken, `${step}: ${JSON.stringify(l)}`).toBe(l.registrations + l.holds + l.offers + l.friendSeats);
  expect(l.participants, `${step}: ${JSON.stringify(l)}`).toBe(l.registrations);
  return l;
}

async function freeEvening(partial: Parameters<typeof eventBody>[1] = {}) {
  return createEvent(t.app, host.cookie, eventBody(venueId, { price: 0, ...partial }));
}

/** A guest booked on a free evening who gives their ticket to `friendEmail`. */
async function offered(friendEmail: string, partial: Parameters<typeof eventBody>[1] = {}) {
  const event = await freeEvening(partial);
  const giver = await signUp(t.app, { name: 'Gina Giver' });
  expect((await registerFor(t.app, event.id, giver)).statusCode).toBe(201);
  const res = await give(event.id, giver, friendEmail);
  expect(res.statusCode, res.body).toBe(201);
  return { event, giver, seat: res.json<FriendSeat>(), token: await tokenMailedTo(friendEmail) };
}

describe('give my ticket to a friend', () => {
  it('moves the ticket exactly once under 20 concurrent accepts, with a new code; the giver is told', async () => {
    const friend = await signUp(t.app, { name: 'Fran Friend' });
    const { event, giver, seat, token } = await offered(friend.user.email);
    expect(seat).toMatchObject({ kind: 'transfer', status: 'pending', email: friend.user.email });
    const oldCode = (await codeOf(event.id, giver.user.id))!;
    // Until accepted, nothing moves.
    expect(await codeOf(event.id, friend.user.id)).toBeNull();
    const view = await get(`/api/friend-seats/claim/${token}`, friend);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<FriendSeatClaim>()).toMatchObject({ kind: 'transfer', status: 'pending', fromName: 'Gina Giver', event: { id: event.id } });
    // The table keeps only the SHA-256 of the mailed secret (decision 0124): what it holds opens no seat.
    const [stored] = await t.db.select({ tokenHash: friendSeats.tokenHash }).from(friendSeats).where(eq(friendSeats.id, seat.id));
    expect(stored!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect((await get(`/api/friend-seats/claim/${stored!.tokenHash}`, friend)).statusCode).toBe(404);

    const results = await Promise.all(Array.from({ length: 20 }, () => claim(token, friend)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c >= 500)).toEqual([]);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    for (const r of results.filter((x) => x.statusCode === 409)) expect([ALREADY_CLAIMED, FRIEND_ALREADY_BOOKED]).toContain(r.json().message);

    const newCode = await codeOf(event.id, friend.user.id);
    expect(newCode).not.toBeNull();
    expect(newCode).not.toBe(oldCode);
    expect(await codeOf(event.id, giver.user.id)).toBeNull();
    expect((await t.db.select().from(registrations).where(eq(registrations.eventId, event.id))).length).toBe(1);
    const kept = await t.db.select({ code: cancelledTickets.ticketCode }).from(cancelledTickets).where(eq(cancelledTickets.ticketCode, oldCode));
    expect(kept).toEqual([{ code: oldCode }]);
    expect(await expectBalanced(event.id, 'after the transfer')).toMatchObject({ registrations: 1, seatsTaken: 1 });
    // The friend has their ticket by mail; the giver is told theirs no longer gets anyone in.
    expect((await outbox(t.app, friend.user.email)).some((m) => m.subject.startsWith('Your ticket:') && m.text.includes(newCode!))).toBe(true);
    const told = (await outbox(t.app, giver.user.email)).find((m) => m.subject.includes('has been accepted'));
    expect(told?.text).toContain(oldCode);
    expect((await get(`/api/events/${event.id}/friend-seats`, giver)).json<MyFriendSeats>().seats[0]).toMatchObject({ status: 'accepted' });
  }, 60_000);

  it('the old ticket code is refused at the door, the new one lets the friend in', async () => {
    const friend = await signUp(t.app);
    const { event, giver, token } = await offered(friend.user.email);
    const oldCode = (await codeOf(event.id, giver.user.id))!;
    expect((await claim(token, friend)).statusCode).toBe(200);
    const refused = await post(`/api/events/${event.id}/door/scan`, host, { code: `SFTICKET:${oldCode}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(
      /^This ticket was given to a friend on \w{3} \d{1,2} \w{3}, so it no longer gets anyone in\. The friend has a new ticket/,
    );
    const admitted = await post(`/api/events/${event.id}/door/scan`, host, { code: `SFTICKET:${(await codeOf(event.id, friend.user.id))!}` });
    expect(admitted.statusCode, admitted.body).toBe(200);
    expect(admitted.json()).toMatchObject({ outcome: 'checked_in', guest: { userId: friend.user.id } });
  }, 60_000);

  it('the link is for the named address only: another account is refused and nothing moves', async () => {
    const friend = await signUp(t.app);
    const other = await signUp(t.app);
    const { event, giver, token } = await offered(friend.user.email);
    for (const res of [await get(`/api/friend-seats/claim/${token}`, other), await claim(token, other)]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(NOT_YOUR_LINK);
    }
    expect((await claim(token, undefined as unknown as Member)).statusCode).toBe(401);
    expect(await codeOf(event.id, giver.user.id)).not.toBeNull();
    expect(await codeOf(event.id, other.user.id)).toBeNull();
    expect((await get('/api/friend-seats/claim/not-a-token-at-all', friend)).statusCode).toBe(404);
  }, 60_000);

  it('refuses an under-age friend, and a friend already booked there, with a clear message; the ticket stays', async () => {
    const young = await signUp(t.app, { age: 20 });
    const a = await offered(young.user.email);
    const tooYoung = await claim(a.token, young);
    expect(tooYoung.statusCode).toBe(409);
    expect(tooYoung.json().message).toBe("This evening is for ages 25-45, and your profile says you are 20, so you can't take this seat.");
    expect(await codeOf(a.event.id, a.giver.user.id)).not.toBeNull();

    const booked = await signUp(t.app);
    const b = await offered(booked.user.email);
    expect((await registerFor(t.app, b.event.id, booked)).statusCode).toBe(201);
    const twice = await claim(b.token, booked);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(FRIEND_ALREADY_BOOKED);
    expect(await codeOf(b.event.id, b.giver.user.id)).not.toBeNull();
    await expectBalanced(b.event.id, 'refused');
  }, 60_000);

  it('can be withdrawn until accepted (the link then stops working), not after; bad input changes nothing', async () => {
    const friend = await signUp(t.app);
    const { event, giver, seat, token } = await offered(friend.user.email);
    expect((await withdraw(seat.id, friend)).statusCode).toBe(404);
    const res = await withdraw(seat.id, giver);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('Withdrawn: your ticket stays yours.');
    const late = await claim(token, friend);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(WITHDRAWN);
    expect(await codeOf(event.id, giver.user.id)).not.toBeNull();
    expect((await outbox(t.app, friend.user.email)).some((m) => m.subject.includes('no longer on offer'))).toBe(true);

    // Offered again, accepted: no withdrawing now.
    expect((await give(event.id, giver, friend.user.email)).statusCode).toBe(201);
    const second = await tokenMailedTo(friend.user.email);
    const again = (await get(`/api/events/${event.id}/friend-seats`, giver)).json<MyFriendSeats>().seats[0]!;
    expect((await claim(second, friend)).statusCode).toBe(200);
    expect((await withdraw(again.id, giver)).statusCode).toBe(409);

    // Bad input: a clear 4xx, nothing stored.
    const other = await freeEvening();
    const guest = await signUp(t.app);
    expect((await registerFor(t.app, other.id, guest)).statusCode).toBe(201);
    expectBadInput(await give(other.id, guest, 'not an address'));
    expect((await give(other.id, guest, guest.user.email)).statusCode).toBe(400);
    expect((await give(other.id, friend, 'x@example.com')).statusCode).toBe(404);
    expect(await t.db.select().from(friendSeats).where(eq(friendSeats.eventId, other.id))).toEqual([]);
  }, 60_000);

  it('none once check-in opens (60 minutes before the start)', async () => {
    const event = await freeEvening(startingIn(50));
    const guest = await signUp(t.app);
    expect((await registerFor(t.app, event.id, guest)).statusCode).toBe(201);
    const res = await give(event.id, guest, 'late.friend@example.com');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TOO_LATE_TO_GIVE(60));
  }, 60_000);
});

describe('bring a friend', () => {
  const bookTwo = (eventId: number, m: Member, friendEmail: string) => post(`/api/events/${eventId}/book-for-two`, m, { friendEmail });
  const checkoutTwo = (eventId: number, m: Member, friendEmail: string) => post(`/api/events/${eventId}/checkout-for-two`, m, { friendEmail });

  it('a free evening: two seats in one booking, the friend claims the second; counted in SQL at each step', async () => {
    const event = await freeEvening();
    const booker = await signUp(t.app);
    const friend = await signUp(t.app);
    const res = await bookTwo(event.id, booker, friend.user.email);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<BookForTwoResponse>().friendSeat).toMatchObject({ kind: 'bring', status: 'pending' });
    expect(await expectBalanced(event.id, 'booked for two')).toMatchObject({ seatsTaken: 2, registrations: 1, friendSeats: 1 });
    expect((await claim(await tokenMailedTo(friend.user.email), friend)).statusCode).toBe(200);
    expect(await expectBalanced(event.id, 'claimed')).toMatchObject({ seatsTaken: 2, registrations: 2, friendSeats: 0 });
  }, 60_000);

  it('a paid evening: one payment of twice the price; the friend claims; cancelling refunds only one’s own share', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 1500 }));
    const booker = await signUp(t.app);
    const friend = await signUp(t.app);
    const hold = await checkoutTwo(event.id, booker, friend.user.email);
    expect(hold.statusCode, hold.body).toBe(200);
    const intent = hold.json<PaymentIntentResponse>();
    expect(intent.amount).toBe(3000);
    expect(await expectBalanced(event.id, 'held for two')).toMatchObject({ seatsTaken: 2, holds: 1, friendSeats: 1 });
    // Not claimable before it is paid for.
    expect((await confirmTestPayment(t.app, booker.cookie, intent.clientSecret)).statusCode).toBe(200);
    expect(await expectBalanced(event.id, 'paid')).toMatchObject({ seatsTaken: 2, registrations: 1, friendSeats: 1 });
    const registered = await registerFor(t.app, event.id, booker, { paymentIntentId: intent.paymentIntentId });
    expect(registered.statusCode, registered.body).toBe(200);
    expect((await claim(await tokenMailedTo(friend.user.email), friend)).statusCode).toBe(200);
    expect(await expectBalanced(event.id, 'claimed')).toMatchObject({ seatsTaken: 2, registrations: 2 });
    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/events/${event.id}/registration`, headers: withCookie(friend.cookie) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ refunded: true, amountRefunded: 1500 });
    expect(await refundedOn(intent.paymentIntentId)).toBe(1500);
    await expectBalanced(event.id, 'friend cancelled');
  }, 60_000);

  it('two seats or none: with one seat left the booking for two is refused and nothing changes', async () => {
    const event = await freeEvening({ maxParticipants: 6 });
    for (const g of await signUpMany(t.app, 5)) expect((await registerFor(t.app, event.id, g)).statusCode).toBe(201);
    const booker = await signUp(t.app);
    const res = await bookTwo(event.id, booker, 'pal@example.com');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TWO_SEATS_FULL);
    expect(await expectBalanced(event.id, 'refused')).toMatchObject({ seatsTaken: 5, registrations: 5, friendSeats: 0 });
    expect(await codeOf(event.id, booker.user.id)).toBeNull();
    expectBadInput(await bookTwo(event.id, booker, 'nope'));
  }, 60_000);

  it('an unclaimed friend’s seat is released at its deadline (injected clock): offered to the waitlist, its share refunded', async () => {
    // 4 days ahead: the deadline is 48 hours after booking (sooner than 24 hours before the start).
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 1500, maxParticipants: 6, days: 4 }));
    await t.db.update(events).set({ maxParticipants: 2 }).where(eq(events.id, event.id));
    const booker = await signUp(t.app);
    const intent = (await checkoutTwo(event.id, booker, 'slow.friend@example.com')).json<PaymentIntentResponse>();
    expect((await confirmTestPayment(t.app, booker.cookie, intent.clientSecret)).statusCode).toBe(200);
    const waiting = await signUp(t.app);
    expect((await post(`/api/events/${event.id}/waitlist`, waiting)).statusCode).toBe(201);
    const [seat] = await t.db.select().from(friendSeats).where(eq(friendSeats.eventId, event.id));
    const deadline = seat!.expiresAt!;
    expect(Math.abs(deadline.getTime() - (seat!.createdAt.getTime() + 48 * 3_600_000))).toBeLessThan(5_000);

    expect(await releaseLapsedFriendSeats(deps, new Date(deadline.getTime() - 60_000))).toBe(0);
    expect(await expectBalanced(event.id, 'before the deadline')).toMatchObject({ friendSeats: 1, offers: 0 });
    expect(await releaseLapsedFriendSeats(deps, new Date(deadline.getTime() + 1_000))).toBe(1);
    expect(await releaseLapsedFriendSeats(deps, new Date(deadline.getTime() + 2_000))).toBe(0);
    expect(await expectBalanced(event.id, 'released')).toMatchObject({ friendSeats: 0, offers: 1, registrations: 1, seatsTaken: 2 });
    const [after] = await t.db.select().from(friendSeats).where(eq(friendSeats.id, seat!.id));
    expect(after!.status).toBe('released');
    expect(await refundedOn(intent.paymentIntentId)).toBe(1500);
    expect((await outbox(t.app, waiting.user.email)).some((m) => m.subject.startsWith('A place has opened'))).toBe(true);
    expect((await outbox(t.app, booker.user.email)).some((m) => m.subject.includes('was released') && m.text.includes('£15.00'))).toBe(true);
    // The link no longer works.
    const late = await signUp(t.app, { email: 'slow.friend@example.com' });
    expect((await claim(await tokenMailedTo('slow.friend@example.com'), late)).statusCode).toBe(409);
  }, 60_000);

  it('the booker can cancel the friend’s seat before it is claimed: the seat is freed and its share refunded', async () => {
    const event = await createEvent(t.app, host.cookie, eventBody(venueId, { price: 1500 }));
    const booker = await signUp(t.app);
    const intent = (await checkoutTwo(event.id, booker, 'maybe.friend@example.com')).json<PaymentIntentResponse>();
    expect((await confirmTestPayment(t.app, booker.cookie, intent.clientSecret)).statusCode).toBe(200);
    const mine = (await get(`/api/events/${event.id}/friend-seats`, booker)).json<MyFriendSeats>().seats[0]!;
    const res = await withdraw(mine.id, booker);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/£15\.00 will be refunded/);
    expect(await expectBalanced(event.id, 'friend seat cancelled')).toMatchObject({ seatsTaken: 1, registrations: 1, friendSeats: 0 });
  }, 60_000);

  it('the two who booked together are never seated together, and a rating between them is refused', async () => {
    const event = await freeEvening();
    const booker = await signUp(t.app);
    const friend = await signUp(t.app);
    expect((await bookTwo(event.id, booker, friend.user.email)).statusCode).toBe(201);
    expect((await claim(await tokenMailedTo(friend.user.email), friend)).statusCode).toBe(200);
    const others = await signUpMany(t.app, 4);
    for (const g of others) expect((await registerFor(t.app, event.id, g)).statusCode).toBe(201);
    for (const g of [booker, friend, ...others]) expect((await post(`/api/events/${event.id}/checkin`, host, { userId: g.user.id })).statusCode).toBe(200);
    expect((await post(`/api/events/${event.id}/timer`, host, { type: 'start_timer' })).statusCode).toBe(200);
    const rows = (await get(`/api/events/${event.id}/rotation`, host)).json<{ round: number; a: { id: number }; b: { id: number } | null }[]>();
    // Six guests, five rounds: without the rule everyone would meet everyone.
    expect(Math.max(...rows.map((r) => r.round))).toBe(5);
    const pairs = rows.filter((r) => r.b).map((r) => pairKey(r.a.id, r.b!.id));
    expect(pairs).not.toContain(pairKey(booker.user.id, friend.user.id));
    expect(pairs).toHaveLength(14);
    const rating = await post(`/api/events/${event.id}/ratings`, booker, { raterId: booker.user.id, ratedId: friend.user.id, rating: 5 });
    expect(rating.statusCode).toBe(409);
    expect(rating.json().message).toBe(BOOKED_TOGETHER_NO_RATING);
  }, 60_000);
});

describe('the waitlist for two', () => {
  const cancel = (eventId: number, m: Member) => t.app.inject({ method: 'DELETE', url: `/api/events/${eventId}/registration`, headers: withCookie(m.cookie) });
  const placeOf = async (eventId: number, m: Member) => (await get(`/api/events/${eventId}/friend-seats`, m)).json<MyFriendSeats>().waitlistForTwo;

  it('an offer is made only when two seats are free, for both together, and taken through the booking for two; a single seat goes to the next single', async () => {
    const event = await freeEvening({ maxParticipants: 6 });
    await t.db.update(events).set({ maxParticipants: 3 }).where(eq(events.id, event.id));
    const guests = await signUpMany(t.app, 3);
    for (const g of guests) expect((await registerFor(t.app, event.id, g)).statusCode).toBe(201);
    const [ann, ben] = await signUpMany(t.app, 2);
    const joined = await post(`/api/events/${event.id}/waitlist-for-two`, ann!);
    expect(joined.statusCode, joined.body).toBe(201);
    expect(joined.json()).toEqual({ status: 'waiting', offerExpiresAt: null });
    expect((await post(`/api/events/${event.id}/waitlist`, ben!)).statusCode).toBe(201);

    // One seat frees: Ben (alone, behind) is offered it; the pair is not, and does not hold it up.
    expect((await cancel(event.id, guests[0]!)).statusCode).toBe(200);
    expect((await placeOf(event.id, ann!))?.status).toBe('waiting');
    expect(await expectBalanced(event.id, 'one seat free')).toMatchObject({ offers: 1, seatsTaken: 3 });
    expect((await registerFor(t.app, event.id, ben!)).statusCode).toBe(201);

    // Another one seat: still not two, no offer.
    expect((await cancel(event.id, guests[1]!)).statusCode).toBe(200);
    expect((await placeOf(event.id, ann!))?.status).toBe('waiting');
    expect(await expectBalanced(event.id, 'still one seat free')).toMatchObject({ offers: 0, seatsTaken: 2 });

    // Two seats free: both offered to Ann together, and mailed as two.
    expect((await cancel(event.id, guests[2]!)).statusCode).toBe(200);
    expect((await placeOf(event.id, ann!))?.status).toBe('offered');
    expect(await expectBalanced(event.id, 'two seats offered')).toMatchObject({ offers: 2, seatsTaken: 3, registrations: 1 });
    expect((await outbox(t.app, ann!.user.email)).some((m) => m.subject.startsWith('Two places have opened'))).toBe(true);
    // The page says two seats are held for the line.
    expect((await getEvent(t.app, event.id)).seatsHeldForWaitlist).toBe(2);

    // Ann books both through the booking for two.
    const booked = await post(`/api/events/${event.id}/book-for-two`, ann!, { friendEmail: 'anns.friend@example.com' });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await expectBalanced(event.id, 'booked for two off the line')).toMatchObject({ seatsTaken: 3, registrations: 2, friendSeats: 1, offers: 0 });
    expect(await placeOf(event.id, ann!)).toBeNull();
  }, 60_000);
});
