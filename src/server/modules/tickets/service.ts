import type Stripe from 'stripe';
import { formatPounds, REFUND_WINDOW_HOURS, SELF_CHECK_IN_MINUTES, WAITLIST_OFFER_HOURS } from '@shared/domain/constants';
import { TIME_ZONE } from '@shared/domain/time';
import type { CancelResponse, Registration, TestConfirmResponse } from '@shared/schemas/tickets';
import type { Db } from '../../db/client';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import type { TestProvider } from '../../plugins/payments';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import * as noShows from '../no-shows/service';
import type { TicketDeps } from './deps';
import * as friendSeats from './friend-seats';
import * as q from './queries';
import * as resale from './resale';
import { sendTicket } from './ticket-mail';
import * as waitlist from './waitlist';

export const EVENT_FULL = 'Event is full';
export const ALREADY_REGISTERED = 'You are already registered for this event';
export const PAYMENT_REQUIRED = 'Payment required: please pay for your ticket first';
export type { TicketDeps } from './deps';

export const NOT_REGISTERED = 'Not registered for this event';
export const CHECKED_IN_NO_CANCEL = "You're checked in for this evening, so your place can no longer be cancelled";
export const REMOVED_FROM_EVENING = 'This guest was removed from this evening by its host';

/** After a booking: ask "Still coming?" if the evening is near (never fails the booking). */
async function afterBooking(d: TicketDeps, eventId: number, userId: number) {
  await d.askStillComing?.(eventId, userId).catch((err: unknown) => d.log.error({ err, eventId, userId }, 'still-coming question failed'));
}

/** Who booked an evening together (a friend's seat claimed): kept apart by the rotation, no rating between them (docs/decisions/0075). */
export { BOOKED_TOGETHER_NO_RATING, pairsBookedTogether, refuseRatingBetweenFriends } from './friend-seats';

/** Leave an evening's waitlist (an offer held gives its seat to the next in line): also used when an account is suspended. */
export const leaveWaitlist = waitlist.leave;

export const HOST_FREE = 'As the host of this evening you get in free: register without paying';

/** The host of an evening gets in free (an admin pays like anyone else, unless they host it). */
function hostsFree(event: { hostId: number | null }, viewer: Viewer) {
  return event.hostId !== null && event.hostId === viewer.id;
}

function assertSelf(viewer: Viewer, userId: number) {
  if (viewer.id !== userId) throw forbidden('You can only do this for your own account');
}

async function openForRegistration(db: Db, eventId: number) {
  const event = await events.getEventRow(db, eventId);
  if (event.status === 'completed' || event.date.getTime() <= Date.now()) throw conflict('Registration has closed: this event has already started');
  return event;
}

function registrationOut(r: NonNullable<Awaited<ReturnType<typeof events.findRegistration>>>): Registration {
  return { id: r.id, eventId: r.eventId, userId: r.userId, checkedIn: r.checkedIn, ticketCode: r.ticketCode, createdAt: r.createdAt.toISOString() };
}

/** POST /api/create-payment-intent: the amount comes from the event; a seat is held while the member pays. */
export async function createPaymentIntent(d: TicketDeps, viewer: Viewer, input: { eventId: number; userId: number }) {
  assertSelf(viewer, input.userId);
  const event = await openForRegistration(d.db, input.eventId);
  if (event.price <= 0) throw new AppError('bad_request', 'This event is free: register without paying');
  if (hostsFree(event, viewer)) throw new AppError('bad_request', HOST_FREE);
  if (await events.findRegistration(d.db, event.id, viewer.id)) throw conflict(ALREADY_REGISTERED);
  // The age range is checked before a seat is held or a payment started (issue 34).
  await events.requireAgeFits(d.db, event, viewer);

  const answer = (p: { clientSecret: string; intentId: string; amount: number; currency: string; holdExpiresAt: Date }) => ({
    clientSecret: p.clientSecret,
    paymentIntentId: p.intentId,
    amount: p.amount,
    currency: p.currency,
    holdExpiresAt: p.holdExpiresAt.toISOString(),
    provider: d.payments.name,
    ...(d.payments.publishableKey ? { publishableKey: d.payments.publishableKey } : {}),
  });

  const existing = await q.activeHold(d.db, event.id, viewer.id);
  if (existing && existing.amount === event.price) return answer(existing);

  await q.releaseExpiredHolds(d.db, event.id);
  await waitlist.offerSeats(d, event.id);
  // A cheap early answer (unless a seat is held for this member off the waitlist); the seat itself is taken atomically below.
  const offered = (await waitlist.myPlace(d.db, event.id, viewer.id))?.status === 'offered';
  if (!offered && (await events.getEventRow(d.db, event.id)).spotsLeft <= 0) throw conflict(EVENT_FULL);

  const intent = await d.payments.createIntent({
    amount: event.price,
    currency: 'gbp',
    metadata: { eventId: String(event.id), userId: String(viewer.id) },
    idempotencyKey: `hold-${event.id}-${viewer.id}-${Date.now()}`,
  });
  let holdExpiresAt = new Date(Date.now() + d.holdMinutes * 60_000);
  const held = await d.db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    // A seat offered off the waitlist becomes this hold, for what is left of the offer (never less than a normal hold).
    const offerEnds = await q.acceptOffer(txDb, event.id, viewer.id);
    if (offerEnds) holdExpiresAt = new Date(Math.max(offerEnds.getTime(), holdExpiresAt.getTime()));
    else if (!(await q.takeSeat(txDb, event.id, false))) return false;
    await q.insertPayment(txDb, {
      eventId: event.id,
      userId: viewer.id,
      provider: d.payments.name,
      intentId: intent.id,
      clientSecret: intent.clientSecret,
      amount: event.price,
      currency: 'gbp',
      holdExpiresAt,
    });
    return true;
  });
  if (!held) {
    await d.payments.cancelIntent(intent.id).catch((err) => d.log.warn({ err }, 'could not cancel an unused payment intent'));
    throw conflict(EVENT_FULL);
  }
  return answer({ clientSecret: intent.clientSecret, intentId: intent.id, amount: event.price, currency: 'gbp', holdExpiresAt });
}

/**
 * The provider says this payment succeeded (webhook, the test card form, or our own check).
 * Registers the member exactly once. If their hold ran out and the event filled meanwhile,
 * the payment is refunded instead.
 */
export async function settleSucceededPayment(d: TicketDeps, intentId: string, providerAmount: number) {
  const outcome = await d.db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const p = await q.lockPaymentByIntent(txDb, intentId);
    if (!p) return { kind: 'unknown' as const };
    if (p.status === 'succeeded' || p.status === 'refunded') return { kind: 'done' as const, payment: p };
    if (providerAmount !== p.amount) {
      await q.setPaymentStatus(txDb, p.id, 'failed', { holdsSeat: false, failureMessage: 'Amount does not match the ticket price' });
      if (p.holdsSeat) await q.releaseSeat(txDb, p.eventId, false);
      return { kind: 'mismatch' as const, payment: p };
    }
    let seated = p.holdsSeat;
    if (!seated) seated = await q.takeSeat(txDb, p.eventId, false);
    if (!seated) {
      await q.setPaymentStatus(txDb, p.id, 'succeeded', { holdsSeat: false });
      await friendSeats.settleFriendSeat(txDb, p, false);
      return { kind: 'refund' as const, payment: p };
    }
    const regId = await q.insertRegistration(txDb, { eventId: p.eventId, userId: p.userId, consentToShare: true, paymentId: p.id });
    if (regId === null) {
      // Already registered (another payment): give this seat back and refund.
      await q.releaseSeat(txDb, p.eventId, false);
      await q.setPaymentStatus(txDb, p.id, 'succeeded', { holdsSeat: false });
      await friendSeats.settleFriendSeat(txDb, p, false);
      return { kind: 'refund' as const, payment: p };
    }
    await q.countParticipant(txDb, p.eventId);
    await q.setPaymentStatus(txDb, p.id, 'succeeded', { holdsSeat: false, failureMessage: null });
    // Booked: an offer held for them off the waitlist goes to the next in line (issue 21).
    const offers = await q.leaveLineWithSeat(txDb, p.eventId, p.userId, WAITLIST_OFFER_HOURS);
    // Someone else's seat given up inside the refund window is now resold: its refund is due (issue 35).
    const resold = await resale.claimResale(txDb, p.eventId, p.userId);
    // A payment for two: the friend's seat becomes theirs to claim (docs/decisions/0075).
    const friendSeat = await friendSeats.settleFriendSeat(txDb, p, true);
    return { kind: 'registered' as const, payment: p, offers, resold, friendSeat };
  });

  if (outcome.kind === 'refund') {
    const r = await d.payments.refund(intentId, outcome.payment.amount, `refund-${intentId}`);
    await q.setPaymentStatus(d.db, outcome.payment.id, 'refunded', { refundId: r.id });
  }
  if (outcome.kind === 'registered') {
    await waitlist.mailOffers(d, outcome.payment.eventId, outcome.offers);
    await sendTicket(d, outcome.payment.eventId, outcome.payment.userId).catch((err) => d.log.error({ err }, 'ticket e-mail failed'));
    await resale.payResale(d, outcome.resold);
    await afterBooking(d, outcome.payment.eventId, outcome.payment.userId);
    await friendSeats.afterFriendSeatSettled(d, outcome.friendSeat);
  }
  return outcome.kind;
}

export async function markPaymentFailed(d: TicketDeps, intentId: string, message: string) {
  const p = await q.findPaymentByIntent(d.db, intentId);
  if (p && p.status === 'requires_payment') await q.setPaymentStatus(d.db, p.id, 'requires_payment', { failureMessage: message });
}

/**
 * POST /api/payments/test/confirm: the built-in test provider's card form. Only the member who
 * holds the payment may confirm it; a refusal by the bank is kept on the payment, and a success
 * settles the seat at once.
 */
export async function confirmTestPayment(
  d: TicketDeps,
  provider: TestProvider,
  viewer: Viewer,
  card: { clientSecret: string; cardNumber: string; expMonth: number; expYear: number; cvc: string },
): Promise<TestConfirmResponse> {
  const ours = await q.paymentForSecret(d.db, card.clientSecret);
  if (!ours) throw new AppError('not_found', 'Payment not found');
  if (ours.userId !== viewer.id) throw new AppError('forbidden', 'This payment belongs to someone else');
  const intentId = await provider.confirm(card).catch(async (err: unknown) => {
    if (err instanceof AppError && err.status === 402) await markPaymentFailed(d, ours.intentId, err.message);
    throw err;
  });
  const intent = await provider.retrieveIntent(intentId);
  const outcome = await settleSucceededPayment(d, intentId, intent.amount);
  return { status: 'succeeded', paymentIntentId: intentId, outcome };
}

/**
 * POST /api/webhooks/stripe: the signature is checked on the raw body, then a succeeded payment
 * registers the member and a failed one keeps the bank's message. Other events are acknowledged.
 */
export async function receiveStripeWebhook(d: TicketDeps, stripe: Stripe, webhookSecret: string | null, request: { rawBody: Buffer; signature: string }) {
  if (!webhookSecret) throw new AppError('not_found', 'Webhooks are not configured');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(request.rawBody, request.signature, webhookSecret);
  } catch {
    throw new AppError('bad_request', 'Invalid webhook signature');
  }
  if (event.type === 'payment_intent.succeeded') {
    const intent = event.data.object;
    await settleSucceededPayment(d, intent.id, intent.amount);
  } else if (event.type === 'payment_intent.payment_failed') {
    const intent = event.data.object;
    await markPaymentFailed(d, intent.id, intent.last_payment_error?.message ?? 'Payment failed');
  }
  return { received: true as const };
}

/**
 * POST /api/events/{id}/register. Free events (and the host at their own evening) at once; paid
 * ones only with a succeeded payment.
 */
export async function register(
  d: TicketDeps,
  viewer: Viewer,
  eventId: number,
  input: { userId: number; consentToShare: boolean; paymentIntentId?: string | undefined },
) {
  assertSelf(viewer, input.userId);
  const event = await events.getEventRow(d.db, eventId);
  // Outside the age range: refused before anything else (issue 34). A paid seat being confirmed
  // (paymentIntentId) was checked when it was held, at the checkout.
  if (!input.paymentIntentId) await events.requireAgeFits(d.db, event, viewer);

  if (event.price > 0 && !hostsFree(event, viewer)) {
    if (!input.paymentIntentId) throw new AppError('payment_required', PAYMENT_REQUIRED);
    const p = await q.findPaymentByIntent(d.db, input.paymentIntentId);
    if (!p || p.userId !== viewer.id || p.eventId !== eventId) throw new AppError('payment_required', PAYMENT_REQUIRED);
    if (p.status !== 'succeeded') {
      // Ask the provider ourselves: the browser's word is not proof.
      const intent = await d.payments.retrieveIntent(p.intentId);
      if (intent.status !== 'succeeded') throw new AppError('payment_required', 'Your payment has not gone through yet');
      await settleSucceededPayment(d, p.intentId, intent.amount);
    }
    const reg = await events.findRegistration(d.db, eventId, viewer.id);
    if (!reg) throw conflict(`${EVENT_FULL}: your payment has been refunded`);
    if (reg.paymentId !== p.id) throw conflict(ALREADY_REGISTERED);
    return { status: 200, registration: registrationOut(reg) };
  }

  await openForRegistration(d.db, eventId);
  if (await events.findRegistration(d.db, eventId, viewer.id)) throw conflict(ALREADY_REGISTERED);
  // Paused after no-shows: no free evenings (paid ones stay open; docs/decisions/0076).
  if (d.noShows && event.price <= 0 && !hostsFree(event, viewer)) await noShows.refuseIfPaused(d.db, viewer.id, d.noShows.now(), d.noShows.rule);
  await q.releaseExpiredHolds(d.db, eventId);
  await waitlist.offerSeats(d, eventId);
  // Any refusal below throws, which rolls back the registration and the taking of an offer alike.
  const resold = await d.db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    const regId = await q.insertRegistration(txDb, { eventId, userId: viewer.id, consentToShare: input.consentToShare });
    if (regId === null) throw conflict(ALREADY_REGISTERED);
    // A seat held for this member off the waitlist is already counted in seats_taken.
    if (await q.acceptOffer(txDb, eventId, viewer.id)) await q.countParticipant(txDb, eventId);
    else if (!(await q.takeSeat(txDb, eventId, true))) throw conflict(EVENT_FULL);
    // A seat given up inside the refund window is resold (the host at their own paid evening books here): its refund is due.
    return resale.claimResale(txDb, eventId, viewer.id);
  });
  await sendTicket(d, eventId, viewer.id).catch((err) => d.log.error({ err }, 'ticket e-mail failed'));
  await resale.payResale(d, resold);
  await afterBooking(d, eventId, viewer.id);
  const reg = await events.findRegistration(d.db, eventId, viewer.id);
  return { status: 201, registration: registrationOut(reg!) };
}

/**
 * The evening has begun, whatever its advertised start: its start time has passed, the host started
 * round 1 early, or the host ended it (even before it started). What a guest may do once in the
 * room (feedback, issue 32) opens at the first of these.
 */
export async function hasBegun(db: Db, event: { id: number; date: Date }, now: Date): Promise<boolean> {
  return event.date.getTime() <= now.getTime() || q.eventHasBegun(db, event.id);
}

/**
 * DELETE /api/events/{id}/registration: REFUND_WINDOW_HOURS (24) or more before the start, a full
 * refund; later, a paid seat is refunded if someone else takes it (issue 35).
 */
export async function cancel(d: TicketDeps, viewer: Viewer, eventId: number): Promise<CancelResponse> {
  return cancelPlace(d, viewer.id, eventId);
}

/**
 * Give up a guest's place (the guest is proven by the caller: a session, or a still-coming link).
 * `within` runs inside the releasing transaction, before the seat is offered on (a throw keeps the place).
 */
export async function cancelPlace(
  d: TicketDeps,
  userId: number,
  eventId: number,
  within?: (tx: Db, money: { refundedNow: number; onResale: number }) => Promise<void>,
): Promise<CancelResponse> {
  const viewer = { id: userId };
  const event = await events.getEventRow(d.db, eventId);
  const reg = await events.findRegistration(d.db, eventId, viewer.id);
  if (!reg) throw notFound('You are not registered for this event');
  if (event.date.getTime() <= Date.now() || (await q.eventHasBegun(d.db, eventId)))
    throw conflict('This event has already started, so it can no longer be cancelled');
  // A guest in the room keeps their place: the rotation plans rounds from the checked-in guests.
  if (reg.checkedIn) throw conflict(CHECKED_IN_NO_CANCEL);
  const refundable = event.date.getTime() - Date.now() >= REFUND_WINDOW_HOURS * 3_600_000;
  const payment = reg.paymentId ? await q.findPayment(d.db, reg.paymentId) : null;

  let refundId: string | null = null;
  // A payment for two is refunded in parts: one's own seat's share (docs/decisions/0075).
  const share = payment ? await friendSeats.shareOfPayment(d.db, payment, viewer.id) : 0;
  if (refundable && payment && payment.status === 'succeeded' && share > 0) {
    try {
      refundId = (
        await d.payments.refund(payment.intentId, share, share === payment.amount ? `cancel-${payment.intentId}` : `cancel-${payment.intentId}-${viewer.id}`)
      ).id;
    } catch (err) {
      d.log.error({ err }, 'refund failed');
      throw new AppError('conflict', 'We could not refund your payment just now, so your place is kept. Please try again in a few minutes.');
    }
  }
  const resaleAmount = !refundable && payment && payment.status === 'succeeded' && share > 0 ? share : 0;
  const offers = await d.db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await within?.(txDb, { refundedNow: refundId && payment ? share : 0, onResale: resaleAmount });
    const removed = await q.deleteRegistration(txDb, eventId, viewer.id);
    if (!removed) {
      // Checked in at the door meanwhile: the delete (which spares a checked-in guest) left the place as it was.
      if (await events.findRegistration(txDb, eventId, viewer.id)) throw conflict(CHECKED_IN_NO_CANCEL);
      throw notFound('You are not registered for this event');
    }
    await q.recordCancelledTicket(txDb, { ticketCode: removed.ticketCode, eventId, userId: viewer.id });
    await q.releaseSeat(txDb, eventId, true);
    if (refundId && payment && share === payment.amount) await q.setPaymentStatus(txDb, payment.id, 'refunded', { refundId });
    // Inside the refund window: one's own share is refunded when someone else takes a seat at this evening (issue 35).
    if (resaleAmount && payment) await resale.awaitResale(txDb, { eventId, userId: viewer.id, paymentId: payment.id, amount: resaleAmount });
    // The freed seat goes to the first on the waitlist in this same transaction, so nobody can jump the line.
    return q.offerFreeSeats(txDb, eventId, WAITLIST_OFFER_HOURS);
  });
  await waitlist.mailOffers(d, eventId, offers);
  const amountRefunded = refundId && payment ? share : 0;
  const pounds = formatPounds(amountRefunded);
  return {
    refunded: amountRefunded > 0,
    amountRefunded,
    message:
      amountRefunded > 0
        ? `Your place is cancelled and £${pounds} will be refunded to your card within 5-10 working days.`
        : payment && payment.status === 'succeeded'
          ? `Your place is cancelled. As the event starts in less than ${REFUND_WINDOW_HOURS} hours, there is no refund. ${resale.resaleSentence(resaleAmount)}`
          : 'Your place is cancelled.',
  };
}

/**
 * POST /api/events/{id}/checkin: hosts check anyone in (method 'search'); a guest themself from
 * SELF_CHECK_IN_MINUTES (60) before the start (method 'self'). A guest already in keeps their first
 * check-in. `checkedInNow` says whether this call checked them in (the route then tells open pages).
 */
export async function checkIn(d: TicketDeps, viewer: Viewer, eventId: number, userId: number): Promise<{ registration: Registration; checkedInNow: boolean }> {
  const event = await events.getEventRow(d.db, eventId);
  const host = events.isHostOf(viewer, event);
  if (!host) {
    assertSelf(viewer, userId);
    const opensAt = event.date.getTime() - SELF_CHECK_IN_MINUTES * 60_000;
    if (Date.now() < opensAt) {
      throw conflict(
        `Check-in opens ${SELF_CHECK_IN_MINUTES} minutes before the start (${new Date(opensAt).toLocaleTimeString('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit' })}).`,
      );
    }
    if (Date.now() > event.endsAt.getTime()) throw conflict('This event has finished');
  }
  const reg = await events.findRegistration(d.db, eventId, userId);
  if (!reg) throw conflict(NOT_REGISTERED);
  const self = viewer.id === userId;
  const checkedInNow = await q.markCheckedIn(d.db, { eventId, userId, method: self ? 'self' : 'search', by: self ? null : viewer.id });
  if (!checkedInNow && (await q.wasRemoved(d.db, eventId, userId))) throw conflict(REMOVED_FROM_EVENING);
  return { registration: { ...registrationOut(reg), checkedIn: true }, checkedInNow };
}
