import type { FastifyInstance } from 'fastify';
import { formatPounds } from '@shared/domain/constants';
import { every } from '../../lib/every';
import * as events from '../events/service';
import * as fq from './friend-seats-queries';
import * as q from './queries';
import * as waitlist from './waitlist';
import { asTx, dayFmt, type FriendSeatDeps, mail, refundShare } from './friend-seats-common';

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

/** The periodic sweep (every 30 s by default), stopped when the app closes (after the sweep under way, if any). */
export function startFriendSeatSweep(app: FastifyInstance, deps: () => FriendSeatDeps, everyMs = 30_000) {
  every(app, { what: 'friend seat sweep', everyMs, run: () => releaseLapsedFriendSeats(deps()) });
}
