import type { FastifyInstance } from 'fastify';
import { WAITLIST_OFFER_HOURS } from '@shared/domain/constants';
import type { NoShowRule } from '@shared/domain/no-shows';
import { TIME_ZONE } from '@shared/domain/time';
import type { MyWaitlistPlace } from '@shared/schemas/events';
import type { HostWaitlist } from '@shared/schemas/tickets';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../errors';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import * as noShows from '../no-shows/service';
import * as q from './queries';
import type { TicketMailDeps } from './ticket-mail';
import { every } from '../../lib/every';

/**
 * A full evening's waitlist (docs/decisions/0016): members join when no seat is left; a seat that
 * frees (a cancellation, a lapsed payment hold, an offer not taken up) is offered to the first in
 * line and held for them for WAITLIST_OFFER_HOURS, by e-mail; unused, it passes to the next.
 */

export interface WaitlistDeps extends TicketMailDeps {
  log: { error(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
  /** The no-show rule and the app's clock (docs/decisions/0076): the ticket routes always give them. */
  noShows?: { rule: NoShowRule; now: () => Date };
}

export const ALREADY_WAITING = "You're already on the waitlist for this evening";
export const SEATS_LEFT = 'There are still places left: book one now';
export const HOLDING_A_PLACE = "You're holding a place at this evening: finish paying for it on the event page";

const timeFmt = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

type Offer = Awaited<ReturnType<typeof q.offerFreeSeats>>[number];

/** Offer the free seats of one evening (in its own transaction unless given one), then e-mail the people offered. */
export async function offerSeats(d: WaitlistDeps, eventId: number): Promise<Offer[]> {
  // Nobody in line: nothing to offer, and no lock taken on the evening's row (a rush of bookings
  // would otherwise queue on it twice each). Whoever joins the line runs this again once in it
  // (join), and the sweep runs it every 30 s.
  if (!(await q.someoneWaiting(d.db, eventId))) return [];
  const offers = await d.db.transaction((tx) => q.offerFreeSeats(tx as unknown as Db, eventId, WAITLIST_OFFER_HOURS));
  await mailOffers(d, eventId, offers);
  return offers;
}

/** E-mail each person offered a seat (after the offer is committed). */
export async function mailOffers(d: WaitlistDeps, eventId: number, offers: readonly Offer[]) {
  if (!offers.length) return;
  const event = await events.getEventRow(d.db, eventId);
  const link = `${d.publicUrl}/events/${event.id}`;
  for (const offer of offers) {
    const who = await events.contactOf(d.db, offer.userId);
    if (!who) continue;
    const until = timeFmt.format(offer.offerExpiresAt);
    await d.mailer
      .send({
        to: who.email,
        subject: offer.seats > 1 ? `Two places have opened at ${event.title}` : `A place has opened at ${event.title}`,
        text: [
          `Hi ${who.name},`,
          '',
          offer.seats > 1
            ? `Good news: two places have opened at ${event.title} (${event.venue}), for you and your friend, and you're first on the waitlist.`
            : `Good news: a place has opened at ${event.title} (${event.venue}), and you're first on the waitlist.`,
          '',
          offer.seats > 1
            ? `We're holding both for you until ${until}. Book them together (Book for me and a friend) on the event page:`
            : `We're holding it for you until ${until}. Book it on the event page:`,
          link,
          '',
          "If you can't come after all, leave the waitlist on that page and the place goes to the next person.",
          '',
          'Speed Friendship',
        ].join('\n'),
      })
      .catch((err: unknown) => d.log.error({ err, eventId, userId: offer.userId }, 'waitlist offer e-mail failed'));
  }
}

export const myPlace = events.myWaitlistPlace;

/** POST /api/events/{id}/waitlist: join a full evening's line. A seat that happens to be free is offered at once. */
export async function join(d: WaitlistDeps, viewer: Viewer, eventId: number): Promise<MyWaitlistPlace> {
  const event = await events.getEventRow(d.db, eventId);
  if (event.status === 'completed' || event.date.getTime() <= Date.now()) throw conflict('Registration has closed: this event has already started');
  if (await events.findRegistration(d.db, eventId, viewer.id)) throw conflict('You are already registered for this event');
  // Paused after no-shows: no waitlist place (docs/decisions/0076).
  if (d.noShows) await noShows.refuseIfPaused(d.db, viewer.id, d.noShows.now(), d.noShows.rule);
  // A place in line is a promise of a seat: only for someone the age range lets book (issue 34).
  await events.requireAgeFits(d.db, event, viewer);
  await q.releaseExpiredHolds(d.db, eventId);
  // A payment hold is a seat: its holder is not offered a second one (issue 21).
  if (await q.activeHold(d.db, eventId, viewer.id)) throw conflict(HOLDING_A_PLACE);
  await offerSeats(d, eventId);
  const fresh = await events.getEventRow(d.db, eventId);
  const someoneWaiting = (await q.waitlistForHost(d.db, eventId)).some((r) => r.status === 'waiting');
  if (fresh.spotsLeft > 0 && !someoneWaiting) throw conflict(SEATS_LEFT);
  if ((await q.joinWaitlist(d.db, eventId, viewer.id)) === null) throw conflict(ALREADY_WAITING);
  await offerSeats(d, eventId);
  return (await myPlace(d.db, eventId, viewer.id))!;
}

/** DELETE /api/events/{id}/waitlist: leave the line; a held seat passes straight to the next person. */
export async function leave(d: WaitlistDeps, viewer: Viewer, eventId: number) {
  await events.getEventRow(d.db, eventId);
  const { was, offers } = await d.db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    await q.lockEvent(txDb, eventId);
    const was = await q.leaveWaitlist(txDb, eventId, viewer.id);
    if (was !== 'offered') return { was, offers: [] };
    await q.releaseSeat(txDb, eventId, false);
    return { was, offers: await q.offerFreeSeats(txDb, eventId, WAITLIST_OFFER_HOURS) };
  });
  if (!was) throw notFound("You're not on the waitlist for this evening");
  await mailOffers(d, eventId, offers);
  return { left: true as const };
}

/** GET /api/events/{id}/waitlist: the host of the evening (and admins) see who is waiting, names only. */
export async function forHost(db: Db, viewer: Viewer, eventId: number): Promise<HostWaitlist> {
  await events.requireHostOf(db, viewer, eventId, 'Only the host of this evening can see its waitlist');
  const rows = await q.waitlistForHost(db, eventId);
  let position = 0;
  const entries = rows
    .filter((r) => r.status === 'offered' || r.status === 'waiting')
    .sort((a, b) => (a.status === b.status ? 0 : a.status === 'offered' ? -1 : 1))
    .map((r) => ({
      userId: r.userId,
      name: r.name,
      status: r.status as 'waiting' | 'offered',
      position: r.status === 'waiting' ? ++position : null,
      joinedAt: r.createdAt.toISOString(),
      offerExpiresAt: r.status === 'offered' && r.offerExpiresAt ? r.offerExpiresAt.toISOString() : null,
    }));
  return { entries, expiredOffers: rows.filter((r) => r.status === 'expired').length, left: rows.filter((r) => r.status === 'left').length };
}

/**
 * One sweep: release lapsed payment holds, expire lapsed offers, then offer every free seat of an
 * evening with people waiting. Safe on several instances at once (each step is one conditional
 * statement or runs under the event's row lock). Returns how many offers it made.
 */
export async function sweepSeats(d: WaitlistDeps) {
  await q.releaseExpiredHolds(d.db);
  await q.expireOffers(d.db);
  let made = 0;
  for (const eventId of await q.eveningsWithSeatsForTheLine(d.db)) made += (await offerSeats(d, eventId)).length;
  return made;
}

/** The periodic sweep (every 30 s by default), stopped when the app closes (after the sweep under way, if any). */
export function startSeatSweep(app: FastifyInstance, deps: () => WaitlistDeps, everyMs = 30_000) {
  every(app, { what: 'seat sweep', everyMs, run: () => sweepSeats(deps()) });
}
