import { formatPounds, WAITLIST_OFFER_HOURS } from '@shared/domain/constants';
import { TIME_ZONE } from '@shared/domain/time';
import type { FriendSeat, FriendSeatClaim, MyFriendSeats } from '@shared/schemas/friend-seats';
import type { PaymentIntentResponse, Registration } from '@shared/schemas/tickets';
import type { Db } from '../../db/client';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { Viewer } from '../auth/service';
import * as accessNeeds from '../access-needs/service';
import * as events from '../events/service';
import * as noShows from '../no-shows/service';
import * as fq from './friend-seats-queries';
import * as q from './queries';
import type { TicketDeps } from './deps';
import { sendTicket } from './ticket-mail';
import * as waitlist from './waitlist';

/**
 * A seat for a friend (issue 35; docs/decisions/0075-a-seat-for-a-friend.md): give one's ticket
 * to a friend named by e-mail, or book two seats in one checkout, the second for a friend. The
 * friend signs in with the named address and accepts on the claim page; only then does anything
 * move, in one transaction. An unclaimed friend's seat of a booking for two is released at its
 * deadline (to the waitlist, or back on sale) and its share of the payment refunded.
 */

export interface FriendSeatLimits {
  /** A ticket can be given away until this many minutes before the start (check-in opens). */
  transferCutoffMinutes: number;
  /** An unclaimed friend's seat is held this many hours after booking… */
  holdHours: number;
  /** …or until this many hours before the start, whichever is sooner. */
  cutoffHours: number;
}

export interface FriendSeatDeps extends TicketDeps {
  limits: FriendSeatLimits;
  now: () => Date;
}

export const NOT_YOUR_LINK = 'This link is for another e-mail address. Sign in with the address it was sent to, then open it again.';
export const ALREADY_CLAIMED = 'This seat has already been accepted.';
export const WITHDRAWN = 'This ticket is no longer on offer: it was withdrawn or released.';
export const FRIEND_ALREADY_BOOKED = "You're already booked for this evening, so you can't take another seat there.";
export const FRIEND_HOLDING = "You're paying for a place at this evening already: finish or let it lapse before taking this one.";
export const FRIEND_REMOVED = "The host removed you from this evening, so you can't take a seat there.";
export const FRIEND_BLOCKED = "You can't take this seat.";
export const NOT_TO_YOURSELF = 'Enter your friend’s e-mail address, not your own.';
export const ONE_AT_A_TIME = 'You have already offered a seat at this evening to a friend: withdraw that first.';
export const TOO_LATE_TO_GIVE = (minutes: number) => `Tickets can be given away until check-in opens, ${minutes} minutes before the start.`;
export const TOO_LATE_FOR_TWO = (hours: number) =>
  `A seat for a friend can be booked until ${hours} hours before the start: book your own place, and your friend can book theirs.`;
export const TWO_SEATS_FULL = 'There are not two places left at this evening: book one for yourself, or join the waitlist.';
export const BOOKED_TOGETHER_NO_RATING = 'You booked this evening together, so you already know each other: a rating between you makes no match.';

const dayFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' });
const untilFmt = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

const asTx = (tx: unknown) => tx as Db;

function out(r: NonNullable<Awaited<ReturnType<typeof fq.byId>>>): FriendSeat {
  return {
    id: r.id,
    kind: r.kind,
    eventId: r.eventId,
    email: r.email,
    status: r.status,
    expiresAt: r.expiresAt?.toISOString() ?? null,
    shareAmount: r.shareAmount,
    createdAt: r.createdAt.toISOString(),
  };
}

function registrationOut(r: NonNullable<Awaited<ReturnType<typeof events.findRegistration>>>): Registration {
  return { id: r.id, eventId: r.eventId, userId: r.userId, checkedIn: r.checkedIn, ticketCode: r.ticketCode, createdAt: r.createdAt.toISOString() };
}

/** Until when a ticket of this evening can be given away: when check-in opens. */
/** Paused after no-shows (docs/decisions/0076): no free evening, for oneself or a friend's seat, and no waitlist. */
async function refuseIfPaused(d: FriendSeatDeps, viewer: Viewer) {
  if (d.noShows) await noShows.refuseIfPaused(d.db, viewer.id, d.noShows.now(), d.noShows.rule);
}

export const transferUntil = (d: FriendSeatDeps, event: { date: Date }) => new Date(event.date.getTime() - d.limits.transferCutoffMinutes * 60_000);

/** When an unclaimed friend's seat booked `at` is released: after holdHours, at the latest cutoffHours before the start. */
export const friendSeatDeadline = (d: FriendSeatDeps, event: { date: Date }, at: Date) =>
  new Date(Math.min(at.getTime() + d.limits.holdHours * 3_600_000, event.date.getTime() - d.limits.cutoffHours * 3_600_000));

/** Until when this gift can be accepted. */
function claimUntil(d: FriendSeatDeps, event: { date: Date }, seat: { kind: string; expiresAt: Date | null }) {
  const door = transferUntil(d, event);
  return seat.kind === 'bring' && seat.expiresAt ? new Date(Math.min(seat.expiresAt.getTime(), door.getTime())) : door;
}

function claimLink(d: TicketDeps, token: string) {
  return `${d.publicUrl}/friend-seat/${token}`;
}

async function mail(d: TicketDeps, to: string, subject: string, lines: string[]) {
  await d.mailer
    .send({ to, subject, text: [...lines, '', 'Speed Friendship'].join('\n') })
    .catch((err: unknown) => d.log.error({ err, subject }, 'friend seat e-mail failed'));
}

/** The invitation with the claim link (`until`: when it can no longer be accepted). */
async function mailInvite(d: TicketDeps, seat: { kind: string; email: string; token: string; fromUserId: number }, eventId: number, untilDate: Date) {
  const event = await events.getEventRow(d.db, eventId);
  const from = await events.contactOf(d.db, seat.fromUserId);
  const fromName = from?.name ?? 'A friend';
  const until = untilFmt.format(untilDate);
  await mail(
    d,
    seat.email,
    seat.kind === 'transfer' ? `${fromName} is giving you their ticket to ${event.title}` : `${fromName} booked you a seat at ${event.title}`,
    [
      'Hi,',
      '',
      seat.kind === 'transfer'
        ? `${fromName} can't make it to ${event.title} (${event.venue}) on ${dayFmt.format(event.date)}, ${event.startTime}-${event.endTime}, and would like you to have their ticket.`
        : `${fromName} booked two seats at ${event.title} (${event.venue}) on ${dayFmt.format(event.date)}, ${event.startTime}-${event.endTime}: one of them is for you.`,
      '',
      `To take it, sign in (or create an account) with this e-mail address and accept it here, by ${until}:`,
      claimLink(d, seat.token),
      '',
      seat.kind === 'transfer' ? 'Until you accept, the ticket stays theirs.' : 'If it is not accepted by then, the seat goes back on sale.',
    ],
  );
}

/* ------------------------------------------------------------------ give a ticket */

/** POST /api/events/{id}/friend-seats/transfer: offer my ticket to the friend with this address. */
export async function giveTicket(d: FriendSeatDeps, viewer: Viewer, eventId: number, email: string): Promise<FriendSeat> {
  const event = await events.getEventRow(d.db, eventId);
  const reg = await events.findRegistration(d.db, eventId, viewer.id);
  if (!reg) throw notFound('You are not registered for this event');
  if (reg.checkedIn) throw conflict("You're checked in for this evening, so your ticket can no longer be given away.");
  if (d.now().getTime() >= transferUntil(d, event).getTime() || (await q.eventHasBegun(d.db, eventId)))
    throw conflict(TOO_LATE_TO_GIVE(d.limits.transferCutoffMinutes));
  if (email === viewer.email.toLowerCase()) throw new AppError('bad_request', NOT_TO_YOURSELF, [{ path: 'email', message: NOT_TO_YOURSELF }]);
  const seat = await fq.insert(d.db, { kind: 'transfer', eventId, fromUserId: viewer.id, email, status: 'pending', holdsSeat: false });
  if (!seat) throw conflict(ONE_AT_A_TIME);
  await mailInvite(d, seat, eventId, claimUntil(d, event, seat));
  return out(seat);
}

/** GET /api/events/{id}/friend-seats: what I have offered friends at this evening. */
export async function mine(d: FriendSeatDeps, viewer: Viewer, eventId: number): Promise<MyFriendSeats> {
  const event = await events.getEventRow(d.db, eventId);
  const place = await fq.placeForTwo(d.db, eventId, viewer.id);
  return {
    seats: (await fq.ofGiver(d.db, eventId, viewer.id)).map(out),
    transferUntil: transferUntil(d, event).toISOString(),
    waitlistForTwo: place ? { status: place.status, offerExpiresAt: place.offerExpiresAt?.toISOString() ?? null } : null,
  };
}

/**
 * DELETE /api/friend-seats/{id}: withdraw a ticket offered to a friend (until accepted), or cancel
 * the unclaimed friend's seat of a booking for two (it goes to the waitlist or back on sale, and
 * its share of the payment is refunded).
 */
export async function withdraw(d: FriendSeatDeps, viewer: Viewer, id: number): Promise<{ withdrawn: true; message: string }> {
  const found = await fq.byId(d.db, id);
  if (!found || found.fromUserId !== viewer.id) throw notFound('No such seat offered by you');
  const result = await d.db.transaction(async (tx) => {
    const txDb = asTx(tx);
    await q.lockEvent(txDb, found.eventId);
    const seat = await fq.lockById(txDb, id);
    if (!seat || (seat.status !== 'pending' && seat.status !== 'awaiting_payment')) return null;
    await fq.setStatus(txDb, seat.id, 'withdrawn', { holdsSeat: false });
    if (seat.holdsSeat) await fq.releaseOneSeat(txDb, seat.eventId);
    const offers = seat.holdsSeat ? await q.offerFreeSeats(txDb, seat.eventId, WAITLIST_OFFER_HOURS) : [];
    return { seat, offers };
  });
  if (!result) throw conflict(found.status === 'accepted' ? 'Your friend has already accepted it, so it can no longer be withdrawn.' : WITHDRAWN);
  await waitlist.mailOffers(d, found.eventId, result.offers);
  const refunded = await refundShare(d, result.seat);
  const event = await events.getEventRow(d.db, found.eventId);
  await mail(d, found.email, `The seat at ${event.title} is no longer on offer`, [
    'Hi,',
    '',
    `The seat at ${event.title} on ${dayFmt.format(event.date)} that was offered to you has been withdrawn, so the link in the earlier e-mail no longer works.`,
  ]);
  return {
    withdrawn: true,
    message:
      found.kind === 'transfer'
        ? 'Withdrawn: your ticket stays yours.'
        : refunded > 0
          ? `Your friend's seat is cancelled and £${formatPounds(refunded)} will be refunded to your card within 5-10 working days.`
          : "Your friend's seat is cancelled.",
  };
}

/** Refund a released friend's seat's share of its payment (once; the refund id is kept). Returns the amount. */
async function refundShare(d: TicketDeps, seat: { id: number; paymentId: number | null; shareAmount: number; refundId: string | null }) {
  if (!seat.paymentId || seat.shareAmount <= 0 || seat.refundId) return 0;
  const payment = await q.findPayment(d.db, seat.paymentId);
  if (!payment || payment.status !== 'succeeded') return 0;
  try {
    const r = await d.payments.refund(payment.intentId, seat.shareAmount, `friend-seat-${seat.id}`);
    await fq.setRefundId(d.db, seat.id, r.id);
    return seat.shareAmount;
  } catch (err) {
    d.log.error({ err, friendSeatId: seat.id }, 'friend seat refund failed');
    return 0;
  }
}

/* ------------------------------------------------------------------ claim */

async function claimable(d: FriendSeatDeps, viewer: Viewer, token: string) {
  const seat = await fq.byToken(d.db, token);
  if (!seat) throw notFound('This link is not known: check that you copied all of it.');
  // The link is for the named address only: the server compares it with the signed-in account's.
  if (seat.email !== viewer.email.toLowerCase()) throw forbidden(NOT_YOUR_LINK);
  return seat;
}

/** GET /api/friend-seats/claim/{token}: what is offered, to the account with the named address only. */
export async function claimView(d: FriendSeatDeps, viewer: Viewer, token: string): Promise<FriendSeatClaim> {
  const seat = await claimable(d, viewer, token);
  const event = await events.getEventRow(d.db, seat.eventId);
  const from = await events.contactOf(d.db, seat.fromUserId);
  return {
    kind: seat.kind,
    status: seat.status,
    fromName: from?.name ?? 'A friend',
    event: {
      id: event.id,
      title: event.title,
      date: event.date.toISOString(),
      startTime: event.startTime,
      endTime: event.endTime,
      venue: event.venue,
      ageRangeMin: event.ageRangeMin,
      ageRangeMax: event.ageRangeMax,
    },
    claimUntil: claimUntil(d, event, seat).toISOString(),
  };
}

/**
 * POST /api/friend-seats/claim/{token}: the friend accepts. The ticket moves (a transfer: the same
 * seat with a new code, the old code refused at the door) or the held seat becomes their
 * registration (a booking for two), in one transaction, exactly once.
 */
export async function claim(d: FriendSeatDeps, viewer: Viewer, token: string, consentToShare: boolean): Promise<{ registration: Registration }> {
  const seen = await claimable(d, viewer, token);
  if (seen.status === 'accepted') throw conflict(ALREADY_CLAIMED);
  if (seen.status !== 'pending') throw conflict(seen.status === 'awaiting_payment' ? 'This seat is not paid for yet: try again in a few minutes.' : WITHDRAWN);
  const event = await events.getEventRow(d.db, seen.eventId);
  if (d.now().getTime() >= claimUntil(d, event, seen).getTime() || (await q.eventHasBegun(d.db, event.id)))
    throw conflict(seen.kind === 'transfer' ? TOO_LATE_TO_GIVE(d.limits.transferCutoffMinutes) : 'This seat was held until its deadline, which has passed.');
  // The evening's rules apply to the friend as to anyone booking it.
  const { fits, age } = await events.ageFits(d.db, event, viewer);
  if (!fits)
    throw conflict(
      `This evening is for ages ${event.ageRangeMin}-${event.ageRangeMax}, and your profile says you are ${age ?? 'another age'}, so you can't take this seat.`,
    );
  if ((await fq.account(d.db, viewer.id))?.suspendedAt) throw forbidden('This account is suspended, so it cannot book evenings.');
  if (event.price <= 0) await refuseIfPaused(d, viewer);
  if (await fq.removedFrom(d.db, event.id, viewer.id)) throw conflict(FRIEND_REMOVED);
  if (await fq.blockedBetween(d.db, viewer.id, seen.fromUserId)) throw conflict(FRIEND_BLOCKED);
  if (await fq.holdsPayment(d.db, event.id, viewer.id)) throw conflict(FRIEND_HOLDING);

  const done = await d.db.transaction(async (tx) => {
    const txDb = asTx(tx);
    await q.lockEvent(txDb, event.id);
    const seat = await fq.lockByToken(txDb, token);
    if (!seat) throw notFound('This link is not known');
    if (seat.status === 'accepted') throw conflict(ALREADY_CLAIMED);
    if (seat.status !== 'pending') throw conflict(WITHDRAWN);
    if (await events.findRegistration(txDb, event.id, viewer.id)) throw conflict(FRIEND_ALREADY_BOOKED);
    let oldCode: string | null = null;
    if (seat.kind === 'transfer') {
      // What the first holder said would help them is theirs: it does not go with the ticket (docs/decisions/0086).
      await accessNeeds.forget(txDb, event.id, seat.fromUserId);
      const moved = await fq.moveRegistration(txDb, { eventId: event.id, fromUserId: seat.fromUserId, toUserId: viewer.id, consentToShare });
      if (!moved) throw conflict('This ticket can no longer be given: its holder cancelled it or has checked in.');
      // The old code is refused at the door, as a cancelled ticket's is.
      await q.recordCancelledTicket(txDb, { ticketCode: moved.oldCode, eventId: event.id, userId: seat.fromUserId });
      oldCode = moved.oldCode;
      await fq.setStatus(txDb, seat.id, 'accepted', { acceptedBy: viewer.id });
    } else {
      const regId = await q.insertRegistration(txDb, { eventId: event.id, userId: viewer.id, consentToShare, paymentId: seat.paymentId });
      if (regId === null) throw conflict(FRIEND_ALREADY_BOOKED);
      // The held seat is already counted in seats_taken: it becomes this registration.
      await q.countParticipant(txDb, event.id);
      await fq.setStatus(txDb, seat.id, 'accepted', { acceptedBy: viewer.id, holdsSeat: false });
    }
    // In line for this evening: now seated, so the place in line ends (an offer passes on).
    const offers = await q.leaveLineWithSeat(txDb, event.id, viewer.id, WAITLIST_OFFER_HOURS);
    return { seat, oldCode, offers };
  });

  await waitlist.mailOffers(d, event.id, done.offers);
  await sendTicket(d, event.id, viewer.id).catch((err) => d.log.error({ err }, 'ticket e-mail failed'));
  const giver = await events.contactOf(d.db, done.seat.fromUserId);
  if (giver) {
    await mail(
      d,
      giver.email,
      done.seat.kind === 'transfer' ? `Your ticket to ${event.title} has been accepted` : `Your friend has accepted their seat at ${event.title}`,
      done.seat.kind === 'transfer'
        ? [
            `Hi ${giver.name},`,
            '',
            `${viewer.name} has accepted your ticket to ${event.title} on ${dayFmt.format(event.date)}. It is theirs now, with a new code: your old ticket (${done.oldCode}) no longer gets anyone in.`,
          ]
        : [
            `Hi ${giver.name},`,
            '',
            `${viewer.name} has accepted the seat you booked for them at ${event.title} on ${dayFmt.format(event.date)}. See you both there!`,
          ],
    );
  }
  const reg = await events.findRegistration(d.db, event.id, viewer.id);
  return { registration: registrationOut(reg!) };
}

/* ------------------------------------------------------------------ bring a friend */

async function openForTwo(d: FriendSeatDeps, viewer: Viewer, eventId: number, friendEmail: string) {
  const event = await events.getEventRow(d.db, eventId);
  const now = d.now();
  if (event.status === 'completed' || event.date.getTime() <= now.getTime()) throw conflict('Registration has closed: this event has already started');
  if (friendEmail === viewer.email.toLowerCase()) throw new AppError('bad_request', NOT_TO_YOURSELF, [{ path: 'friendEmail', message: NOT_TO_YOURSELF }]);
  if (await events.findRegistration(d.db, eventId, viewer.id)) throw conflict('You are already registered for this event');
  await events.requireAgeFits(d.db, event, viewer);
  const deadline = friendSeatDeadline(d, event, now);
  if (deadline.getTime() <= now.getTime()) throw conflict(TOO_LATE_FOR_TWO(d.limits.cutoffHours));
  await q.releaseExpiredHolds(d.db, eventId);
  await waitlist.offerSeats(d, eventId);
  return { event, deadline };
}

/** POST /api/events/{id}/book-for-two: a free evening, my seat and one held for my friend, both or neither. */
export async function bookForTwo(d: FriendSeatDeps, viewer: Viewer, eventId: number, input: { friendEmail: string; consentToShare: boolean }) {
  const { event, deadline } = await openForTwo(d, viewer, eventId, input.friendEmail);
  if (event.price > 0 && !(event.hostId !== null && event.hostId === viewer.id))
    throw new AppError('payment_required', 'Payment required: pay for both seats first');
  if (event.price <= 0 && !(event.hostId !== null && event.hostId === viewer.id)) await refuseIfPaused(d, viewer);
  const seat = await d.db.transaction(async (tx) => {
    const txDb = asTx(tx);
    const regId = await q.insertRegistration(txDb, { eventId, userId: viewer.id, consentToShare: input.consentToShare });
    if (regId === null) throw conflict('You are already registered for this event');
    // Two seats offered off the waitlist for two are both counted already: they become these two.
    if (await fq.acceptOfferForTwo(txDb, eventId, viewer.id)) await q.countParticipant(txDb, eventId);
    else {
      if (await q.acceptOffer(txDb, eventId, viewer.id)) await q.countParticipant(txDb, eventId);
      else if (!(await q.takeSeat(txDb, eventId, true))) throw conflict(TWO_SEATS_FULL);
      if (!(await q.takeSeat(txDb, eventId, false))) throw conflict(TWO_SEATS_FULL);
    }
    const row = await fq.insert(txDb, {
      kind: 'bring',
      eventId,
      fromUserId: viewer.id,
      email: input.friendEmail,
      status: 'pending',
      holdsSeat: true,
      expiresAt: deadline,
    });
    if (!row) throw conflict(ONE_AT_A_TIME);
    return row;
  });
  await sendTicket(d, eventId, viewer.id).catch((err) => d.log.error({ err }, 'ticket e-mail failed'));
  await mailInvite(d, seat, eventId, claimUntil(d, event, seat));
  const reg = await events.findRegistration(d.db, eventId, viewer.id);
  return { registration: registrationOut(reg!), friendSeat: out(seat) };
}

/**
 * POST /api/events/{id}/checkout-for-two: a paid evening. One payment of twice the price holds my
 * seat (as a one-seat checkout's hold does) and my friend's (a friend's seat awaiting payment).
 */
export async function checkoutForTwo(d: FriendSeatDeps, viewer: Viewer, eventId: number, friendEmail: string): Promise<PaymentIntentResponse> {
  const { event, deadline } = await openForTwo(d, viewer, eventId, friendEmail);
  if (event.price <= 0) throw new AppError('bad_request', 'This event is free: book the two seats without paying');
  if (event.hostId !== null && event.hostId === viewer.id)
    throw new AppError('bad_request', 'As the host of this evening you get in free: book without paying');
  if (await fq.holdsPayment(d.db, eventId, viewer.id))
    throw conflict("You're already holding a place at this evening: finish paying for it, or wait for it to lapse, to book two.");
  const amount = event.price * 2;
  const intent = await d.payments.createIntent({
    amount,
    currency: 'gbp',
    metadata: { eventId: String(eventId), userId: String(viewer.id), seats: '2' },
    idempotencyKey: `hold2-${eventId}-${viewer.id}-${Date.now()}`,
  });
  let holdExpiresAt = new Date(Date.now() + d.holdMinutes * 60_000);
  const held = await d.db
    .transaction(async (tx) => {
      const txDb = asTx(tx);
      // Two seats offered off the waitlist for two become the payment's and the friend's; else one offered, or two free.
      const bothEnd = await fq.acceptOfferForTwo(txDb, eventId, viewer.id);
      const offerEnds = bothEnd ?? (await q.acceptOffer(txDb, eventId, viewer.id));
      if (offerEnds) holdExpiresAt = new Date(Math.max(offerEnds.getTime(), holdExpiresAt.getTime()));
      else if (!(await q.takeSeat(txDb, eventId, false))) throw conflict(TWO_SEATS_FULL);
      if (!bothEnd && !(await q.takeSeat(txDb, eventId, false))) throw conflict(TWO_SEATS_FULL);
      const paymentId = await q.insertPayment(txDb, {
        eventId,
        userId: viewer.id,
        provider: d.payments.name,
        intentId: intent.id,
        clientSecret: intent.clientSecret,
        amount,
        currency: 'gbp',
        holdExpiresAt,
      });
      const row = await fq.insert(txDb, {
        kind: 'bring',
        eventId,
        fromUserId: viewer.id,
        email: friendEmail,
        status: 'awaiting_payment',
        holdsSeat: true,
        paymentId,
        shareAmount: event.price,
        expiresAt: deadline,
      });
      if (!row) throw conflict(ONE_AT_A_TIME);
      return true;
    })
    .catch(async (err: unknown) => {
      await d.payments.cancelIntent(intent.id).catch((e) => d.log.warn({ err: e }, 'could not cancel an unused payment intent'));
      throw err;
    });
  void held;
  return {
    clientSecret: intent.clientSecret,
    paymentIntentId: intent.id,
    amount,
    currency: 'gbp',
    holdExpiresAt: holdExpiresAt.toISOString(),
    provider: d.payments.name,
    ...(d.payments.publishableKey ? { publishableKey: d.payments.publishableKey } : {}),
  };
}

/**
 * A two-seat payment settled (called by tickets/service.ts settleSucceededPayment in its
 * transaction, after the booker's own seat). The friend's seat becomes claimable; if it had been
 * given back meanwhile (the hold lapsed), a free seat is taken for it, or its share refunded.
 */
export async function settleFriendSeat(txDb: Db, payment: { id: number; eventId: number }, booked: boolean) {
  const seat = await fq.lockByPayment(txDb, payment.id);
  if (!seat || (seat.status !== 'awaiting_payment' && seat.status !== 'released')) return null;
  if (seat.status === 'released' && seat.refundId) return null;
  if (!booked) {
    // The booker's own seat could not be had: the whole payment is refunded, the friend's seat goes too.
    if (seat.holdsSeat) await fq.releaseOneSeat(txDb, seat.eventId);
    await fq.setStatus(txDb, seat.id, 'released', { holdsSeat: false, refundId: 'with-payment' });
    return null;
  }
  const holding = seat.holdsSeat || (await q.takeSeat(txDb, seat.eventId, false));
  if (!holding) {
    await fq.setStatus(txDb, seat.id, 'released', { holdsSeat: false });
    return { seatId: seat.id, invite: false };
  }
  await fq.setStatus(txDb, seat.id, 'pending', { holdsSeat: true });
  return { seatId: seat.id, invite: true };
}

/** After a two-seat payment's transaction: invite the friend, or refund their share when no seat was left for them. */
export async function afterFriendSeatSettled(d: TicketDeps, settled: { seatId: number; invite: boolean } | null) {
  if (!settled) return;
  const seat = await fq.byId(d.db, settled.seatId);
  if (!seat) return;
  // A friend's seat of a booking for two is claimable until its deadline (always before check-in opens).
  if (settled.invite && seat.expiresAt) await mailInvite(d, seat, seat.eventId, seat.expiresAt);
  else await refundShare(d, seat);
}

/** The booker's or the friend's part of a two-seat payment, in pence: what cancelling one's own place refunds. */
export async function shareOfPayment(db: Db, payment: { id: number; amount: number }, userId: number) {
  const seat = await fq.byPayment(db, payment.id);
  if (!seat) return payment.amount;
  if (seat.acceptedBy === userId) return seat.shareAmount;
  return payment.amount - seat.shareAmount;
}

/* ------------------------------------------------------------------ the waitlist for two */

export const TWO_SEATS_LEFT = 'There are still two places left: book them now (Book for me and a friend).';

/**
 * POST /api/events/{id}/waitlist-for-two: join a full evening's line for the member and a friend.
 * An offer is made only when two seats are free, for both together; the member takes it through
 * the two-seat checkout (a one-seat booking takes one and gives the other back).
 */
export async function joinWaitlistForTwo(d: FriendSeatDeps, viewer: Viewer, eventId: number) {
  const event = await events.getEventRow(d.db, eventId);
  if (event.status === 'completed' || event.date.getTime() <= d.now().getTime()) throw conflict('Registration has closed: this event has already started');
  if (await events.findRegistration(d.db, eventId, viewer.id)) throw conflict('You are already registered for this event');
  await events.requireAgeFits(d.db, event, viewer);
  await refuseIfPaused(d, viewer);
  if (friendSeatDeadline(d, event, d.now()).getTime() <= d.now().getTime()) throw conflict(TOO_LATE_FOR_TWO(d.limits.cutoffHours));
  await q.releaseExpiredHolds(d.db, eventId);
  if (await q.activeHold(d.db, eventId, viewer.id)) throw conflict(waitlist.HOLDING_A_PLACE);
  await waitlist.offerSeats(d, eventId);
  const fresh = await events.getEventRow(d.db, eventId);
  const someoneWaiting = (await q.waitlistForHost(d.db, eventId)).some((r) => r.status === 'waiting');
  if (fresh.spotsLeft >= 2 && !someoneWaiting) throw conflict(TWO_SEATS_LEFT);
  if ((await fq.joinWaitlistForTwo(d.db, eventId, viewer.id)) === null) throw conflict(waitlist.ALREADY_WAITING);
  await waitlist.offerSeats(d, eventId);
  const place = await fq.placeForTwo(d.db, eventId, viewer.id);
  return { status: place!.status, offerExpiresAt: place!.offerExpiresAt?.toISOString() ?? null };
}

/* ------------------------------------------------------------------ the deadline sweep */

/**
 * Release every unclaimed friend's seat past its deadline and every friend's seat whose two-seat
 * payment lapsed (as of `now`): the seat goes to the waitlist or back on sale, the share of a paid
 * booking is refunded to the booker, and both are told. Safe on several instances at once.
 */
export async function releaseLapsedFriendSeats(d: FriendSeatDeps, now: Date = d.now()) {
  const ids = await d.db.transaction((tx) => fq.releaseLapsed(asTx(tx), now));
  const seats = await fq.byIds(d.db, ids);
  for (const eventId of new Set(seats.map((s) => s.eventId))) await waitlist.offerSeats(d, eventId);
  for (const seat of seats) {
    const refunded = await refundShare(d, seat);
    const event = await events.getEventRow(d.db, seat.eventId);
    const booker = await events.contactOf(d.db, seat.fromUserId);
    if (booker && seat.paymentId && (await q.findPayment(d.db, seat.paymentId))?.status === 'succeeded') {
      await mail(d, booker.email, `Your friend's seat at ${event.title} was released`, [
        `Hi ${booker.name},`,
        '',
        `The seat you booked for ${seat.email} at ${event.title} on ${dayFmt.format(event.date)} was not accepted in time, so it has gone back on sale.`,
        ...(refunded > 0 ? ['', `£${formatPounds(refunded)} will be refunded to your card within 5-10 working days.`] : []),
      ]);
    } else if (booker && !seat.paymentId) {
      await mail(d, booker.email, `Your friend's seat at ${event.title} was released`, [
        `Hi ${booker.name},`,
        '',
        `The seat you booked for ${seat.email} at ${event.title} on ${dayFmt.format(event.date)} was not accepted in time, so it has gone back to the evening. Your own place is kept.`,
      ]);
    }
  }
  return ids.length;
}

/** The periodic sweep (every 30 s by default), stopped when the app closes. */
export function startFriendSeatSweep(
  app: { addHook(name: 'onClose', fn: () => Promise<void>): unknown; log: { warn(o: unknown, m: string): void } },
  deps: () => FriendSeatDeps,
  everyMs = 30_000,
) {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = releaseLapsedFriendSeats(deps())
      .catch((err) => app.log.warn({ err }, 'friend seat sweep failed'))
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}

/* ------------------------------------------------------------------ booked together */

/** Pairs among these guests who booked this evening together: the rotation keeps them apart. */
export async function pairsBookedTogether(db: Db, eventId: number, guests: number[]) {
  return fq.bookedTogether(db, eventId, guests);
}

/** A rating between two who booked together is refused: they know each other, so it makes no match. */
export async function refuseRatingBetweenFriends(db: Db, eventId: number, x: number, y: number) {
  if (await fq.bookedTogetherPair(db, eventId, x, y)) throw conflict(BOOKED_TOGETHER_NO_RATING);
}
