import { CalendarX2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { EventDetail } from '@shared/schemas/events';
import { REFUND_WINDOW_HOURS } from '@shared/domain/constants';
import { Card } from '@client/components/ui/card';
import { formatMoney } from '@client/lib/format';
import { useNow } from '@client/lib/use-now';
import { canRegister, isPast, spotsLeftText } from '../lib/format';
import { OutsideAgeRange, PriceIncludes } from './booking-facts';
import { RegisterAction } from './register-action';
import { liveOffer, OfferPanel, WaitlistPanel } from './waitlist-panel';

/**
 * For a member without a place: the price (and what it includes, when its host said) and Register
 * while open; a seat held for them off the waitlist; the waitlist when the evening is full; why they
 * cannot book when their age is outside the evening's range; why they cannot book a free evening or
 * join the waitlist while paused after no-shows (`pauseNotice`, docs/decisions/0076); otherwise why it is closed.
 */
export function BookingCard({ event, userId, pauseNotice }: { event: EventDetail; userId: number; pauseNotice?: ReactNode }) {
  const now = useNow(30_000);
  const open = canRegister(event, now);
  const closed = isPast(event, now) || event.status === 'completed';
  const offer = closed ? null : liveOffer(event.viewer.waitlist, now);
  // Paused: a free evening cannot be booked, nor a waitlist joined (one already in line may still leave it); paid evenings can.
  const free = event.price <= 0;
  const paused = !closed && pauseNotice != null && (free ? !event.viewer.waitlist || !!offer : !open && !event.viewer.waitlist);

  return (
    <Card>
      <h2 className="sr-only">Your place</h2>
      <p className="flex items-baseline gap-2">
        <span className="font-display text-4xl font-bold text-wine-800">{event.price > 0 ? formatMoney(event.price) : 'Free'}</span>
        {event.price > 0 && <span className="text-muted">per person</span>}
      </p>
      <PriceIncludes text={event.priceIncludes} className="mt-1" />
      {!closed && event.viewer.inAgeRange === false && !offer ? (
        <OutsideAgeRange min={event.ageRangeMin} max={event.ageRangeMax} className="mt-4" />
      ) : paused ? (
        <div className="mt-4">{pauseNotice}</div>
      ) : offer ? (
        <OfferPanel event={event} offer={offer} userId={userId} />
      ) : !closed && (!open || event.viewer.waitlist) ? (
        <WaitlistPanel event={event} userId={userId} />
      ) : open ? (
        <>
          <p className="mt-4 font-semibold text-apricot-700">{spotsLeftText(event.spotsLeft)}</p>
          <RegisterAction event={event} userId={userId} size="lg" block className="mt-3" />
          {event.price > 0 && <p className="mt-3 text-center text-sm text-muted">Free cancellation up to {REFUND_WINDOW_HOURS} hours before the start.</p>}
          <p className="mt-3 text-center text-sm text-muted">
            By registering you agree that your matches see your contact details after the evening.{' '}
            <Link to="/privacy" className="font-semibold text-wine-700 underline underline-offset-2 hover:text-wine-900">
              How we use your data
            </Link>
          </p>
        </>
      ) : (
        <div className="mt-4 flex items-start gap-3 rounded-2xl bg-stone-100 p-4 text-stone-700">
          <CalendarX2 aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <p>This evening has already started, so registration has closed.</p>
        </div>
      )}
    </Card>
  );
}
