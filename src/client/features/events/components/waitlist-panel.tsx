import { Hourglass, ListOrdered, PartyPopper } from 'lucide-react';
import { toast } from 'sonner';
import type { EventDetail, MyWaitlistPlace } from '@shared/schemas/events';
import { WAITLIST_OFFER_HOURS } from '@shared/domain/constants';
import { Button } from '@client/components/ui/button';
import { messageOf } from '@client/lib/api';
import { formatDate, formatTime, secondsLeft } from '@client/lib/format';
import { useJoinWaitlist, useLeaveWaitlist } from '../api/tickets';
import { useNow } from '@client/lib/use-now';
import { RegisterAction } from './register-action';

type Offer = Extract<MyWaitlistPlace, { status: 'offered' }>;

/** An offer still running at `now` (the server refuses a lapsed one; the page stops offering it too). */
export const liveOffer = (place: MyWaitlistPlace | null, now: number): Offer | null =>
  place?.status === 'offered' && new Date(place.offerExpiresAt).getTime() > now ? place : null;

/** Hours too: '11:59:58'; under an hour '42:07'. */
export function formatHeldFor(seconds: number): string {
  const s = secondsLeft(seconds * 1000);
  const h = Math.floor(s / 3600);
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

/**
 * A full evening (docs/decisions/0016): join the waitlist, or see one's place in line and leave it.
 * The first in line is e-mailed when a place opens and it is held for them for WAITLIST_OFFER_HOURS.
 */
export function WaitlistPanel({ event, userId }: { event: EventDetail; userId: number }) {
  const place = event.viewer.waitlist;
  const join = useJoinWaitlist(userId, event.id);
  const leave = useLeaveWaitlist(userId, event.id);

  if (place?.status === 'waiting') {
    return (
      <div className="mt-4 rounded-2xl bg-apricot-100 p-4 text-wine-900" role="status">
        <p className="flex items-start gap-3">
          <ListOrdered aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>
            <strong className="block text-lg">You're number {place.position} on the waitlist</strong>
            When a place opens and you're first in line, we'll e-mail you and hold it for you for {WAITLIST_OFFER_HOURS} hours.
          </span>
        </p>
        <Button
          variant="outline"
          block
          className="mt-4"
          disabled={leave.isPending}
          onClick={() =>
            leave.mutate(undefined, {
              onSuccess: () => toast.success('You left the waitlist'),
              onError: (err) => toast.error('Could not leave the waitlist', { description: messageOf(err, 'Please try again') }),
            })
          }
        >
          {leave.isPending ? 'Leaving…' : 'Leave the waitlist'}
        </Button>
      </div>
    );
  }

  return (
    <div className="mt-4">
      <p className="flex items-start gap-3 rounded-2xl bg-stone-100 p-4 text-stone-700">
        <Hourglass aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
        <span>
          This evening is full. Join the waitlist: when a place opens, the first in line gets an e-mail and the place is held for them for{' '}
          {WAITLIST_OFFER_HOURS} hours.
        </span>
      </p>
      <Button
        size="lg"
        block
        className="mt-3"
        disabled={join.isPending}
        onClick={() =>
          join.mutate(undefined, {
            onSuccess: (p) =>
              toast.success("You're on the waitlist", {
                description: p.status === 'offered' ? 'A place has just opened: it is held for you.' : `You're number ${p.position} in line.`,
              }),
            onError: (err) => toast.error('Could not join the waitlist', { description: messageOf(err, 'Please try again') }),
          })
        }
      >
        <ListOrdered aria-hidden="true" className="size-5" />
        {join.isPending ? 'Joining…' : 'Join the waitlist'}
      </Button>
    </div>
  );
}

/** The seat held for this member off the waitlist: the countdown, Register, or pass it on. */
export function OfferPanel({ event, offer, userId }: { event: EventDetail; offer: Offer; userId: number }) {
  const now = useNow(1000);
  const leave = useLeaveWaitlist(userId, event.id);
  const left = (new Date(offer.offerExpiresAt).getTime() - now) / 1000;
  return (
    <div className="mt-4 rounded-2xl bg-emerald-50 p-4 text-emerald-950 ring-1 ring-emerald-200">
      <p className="flex items-start gap-3">
        <PartyPopper aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-700" />
        <span>
          <strong className="block text-lg">A place has opened for you</strong>
          It's held for you until {formatTime(offer.offerExpiresAt)} on {formatDate(offer.offerExpiresAt, 'short')}.
        </span>
      </p>
      <p className="mt-3 text-center" aria-hidden="true">
        <span className="font-display text-3xl font-bold tabular-nums">{formatHeldFor(left)}</span>
        <span className="block text-sm">left to book</span>
      </p>
      <RegisterAction event={event} userId={userId} size="lg" block className="mt-3" />
      <Button
        variant="ghost"
        block
        className="mt-2"
        disabled={leave.isPending}
        onClick={() =>
          leave.mutate(undefined, {
            onSuccess: () => toast.success('Place passed on', { description: 'The next person on the waitlist gets it.' }),
            onError: (err) => toast.error('Could not pass the place on', { description: messageOf(err, 'Please try again') }),
          })
        }
      >
        Can't come? Pass the place on
      </Button>
    </div>
  );
}
