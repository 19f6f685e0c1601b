import { WAITLIST_OFFER_HOURS } from '@shared/domain/constants';
import type { FriendSeatClaim } from '@shared/schemas/friend-seats';
import type { Registration } from '@shared/schemas/tickets';
import { conflict, forbidden, notFound } from '../../errors';
import type { Viewer } from '../auth/service';
import * as accessNeeds from '../access-needs/service';
import * as events from '../events/service';
import * as fq from './friend-seats-queries';
import * as q from './queries';
import { sendTicket } from './ticket-mail';
import * as waitlist from './waitlist';
import {
  ALREADY_CLAIMED,
  asTx,
  claimUntil,
  dayFmt,
  FRIEND_ALREADY_BOOKED,
  FRIEND_BLOCKED,
  FRIEND_HOLDING,
  FRIEND_REMOVED,
  type FriendSeatDeps,
  mail,
  NOT_YOUR_LINK,
  refuseIfPaused,
  registrationOut,
  TOO_LATE_TO_GIVE,
  WITHDRAWN,
} from './friend-seats-common';

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
