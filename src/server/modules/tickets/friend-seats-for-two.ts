import type { PaymentIntentResponse } from '@shared/schemas/tickets';
import type { Db } from '../../db/client';
import { AppError, conflict } from '../../errors';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import * as fq from './friend-seats-queries';
import * as q from './queries';
import type { TicketDeps } from './deps';
import { sendTicket } from './ticket-mail';
import * as waitlist from './waitlist';
import {
  asTx,
  claimUntil,
  friendSeatDeadline,
  type FriendSeatDeps,
  mailInvite,
  NOT_TO_YOURSELF,
  ONE_AT_A_TIME,
  out,
  refundShare,
  refuseIfPaused,
  registrationOut,
  TOO_LATE_FOR_TWO,
  TWO_SEATS_FULL,
} from './friend-seats-common';

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
  if (settled.invite && seat.expiresAt) await mailInvite(d, { ...seat, token: await fq.renewToken(d.db, seat.id) }, seat.eventId, seat.expiresAt);
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
