import { formatPounds, WAITLIST_OFFER_HOURS } from '@shared/domain/constants';
import type { FriendSeat, MyFriendSeats } from '@shared/schemas/friend-seats';
import { AppError, conflict, notFound } from '../../errors';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import * as fq from './friend-seats-queries';
import * as q from './queries';
import * as waitlist from './waitlist';
import {
  asTx,
  claimUntil,
  dayFmt,
  type FriendSeatDeps,
  mail,
  mailInvite,
  NOT_TO_YOURSELF,
  ONE_AT_A_TIME,
  out,
  refundShare,
  TOO_LATE_TO_GIVE,
  transferUntil,
  WITHDRAWN,
} from './friend-seats-common';

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
