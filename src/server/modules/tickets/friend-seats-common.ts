import { TIME_ZONE } from '@shared/domain/time';
import type { FriendSeat } from '@shared/schemas/friend-seats';
import type { Registration } from '@shared/schemas/tickets';
import type { Db } from '../../db/client';
import type { Viewer } from '../auth/service';
import * as events from '../events/service';
import * as noShows from '../no-shows/service';
import * as fq from './friend-seats-queries';
import * as q from './queries';
import type { TicketDeps } from './deps';

/** What the friend-seat files share (docs/decisions/0075-a-seat-for-a-friend.md): limits, messages, formats, mails. */

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

export const dayFmt = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, weekday: 'long', day: 'numeric', month: 'long' });
export const untilFmt = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

export const asTx = (tx: unknown) => tx as Db;

export function out(r: NonNullable<Awaited<ReturnType<typeof fq.byId>>>): FriendSeat {
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

export function registrationOut(r: NonNullable<Awaited<ReturnType<typeof events.findRegistration>>>): Registration {
  return { id: r.id, eventId: r.eventId, userId: r.userId, checkedIn: r.checkedIn, ticketCode: r.ticketCode, createdAt: r.createdAt.toISOString() };
}

/** Until when a ticket of this evening can be given away: when check-in opens. */
/** Paused after no-shows (docs/decisions/0076): no free evening, for oneself or a friend's seat, and no waitlist. */
export async function refuseIfPaused(d: FriendSeatDeps, viewer: Viewer) {
  if (d.noShows) await noShows.refuseIfPaused(d.db, viewer.id, d.noShows.now(), d.noShows.rule);
}

export const transferUntil = (d: FriendSeatDeps, event: { date: Date }) => new Date(event.date.getTime() - d.limits.transferCutoffMinutes * 60_000);

/** When an unclaimed friend's seat booked `at` is released: after holdHours, at the latest cutoffHours before the start. */
export const friendSeatDeadline = (d: FriendSeatDeps, event: { date: Date }, at: Date) =>
  new Date(Math.min(at.getTime() + d.limits.holdHours * 3_600_000, event.date.getTime() - d.limits.cutoffHours * 3_600_000));

/** Until when this gift can be accepted. */
export function claimUntil(d: FriendSeatDeps, event: { date: Date }, seat: { kind: string; expiresAt: Date | null }) {
  const door = transferUntil(d, event);
  return seat.kind === 'bring' && seat.expiresAt ? new Date(Math.min(seat.expiresAt.getTime(), door.getTime())) : door;
}

export function claimLink(d: TicketDeps, token: string) {
  return `${d.publicUrl}/friend-seat/${token}`;
}

export async function mail(d: TicketDeps, to: string, subject: string, lines: string[]) {
  await d.mailer
    .send({ to, subject, text: [...lines, '', 'Speed Friendship'].join('\n') })
    .catch((err: unknown) => d.log.error({ err, subject }, 'friend seat e-mail failed'));
}

/** The invitation with the claim link (`until`: when it can no longer be accepted). */
export async function mailInvite(d: TicketDeps, seat: { kind: string; email: string; token: string; fromUserId: number }, eventId: number, untilDate: Date) {
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

/** Refund a released friend's seat's share of its payment (once; the refund id is kept). Returns the amount. */
export async function refundShare(d: TicketDeps, seat: { id: number; paymentId: number | null; shareAmount: number; refundId: string | null }) {
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
