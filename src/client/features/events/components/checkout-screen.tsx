import { ArrowLeft, CalendarDays, CircleAlert, CircleCheck, MapPin, Sparkles, Ticket, TimerOff, UserRoundX, UsersRound } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { EventDetail } from '@shared/schemas/events';
import { REFUND_WINDOW_HOURS } from '@shared/domain/constants';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, messageOf } from '@client/lib/api';
import { formatDate, formatMoney, formatTimeRange } from '@client/lib/format';
import { useEvent } from '@client/lib/queries/events';
import { useCreatePaymentIntent, useRegister } from '../api/tickets';
import { useNow } from '@client/lib/use-now';
import { isPast } from '../lib/format';
import { OutsideAgeRange } from './booking-facts';
import { HoldCountdown } from './hold-countdown';
import { RegisterAction } from './register-action';
import { TestCardForm } from './test-card-form';

// Stripe's form (and Stripe.js itself) load only when the Stripe provider is in use.
const StripePaymentForm = lazy(() => import('./stripe-payment-form').then((m) => ({ default: m.StripePaymentForm })));

/**
 * /checkout/{id}: 'Complete Registration'. A seat is held for 15 minutes when the page opens;
 * after the provider confirms, the server has registered the member and we confirm that
 * (idempotently) before `onComplete` goes back to the event page.
 */
export function CheckoutScreen({ eventId, userId, onComplete }: { eventId: number; userId: number; onComplete: () => void }) {
  const event = useEvent(eventId);
  const register = useRegister(userId);
  const [phase, setPhase] = useState<{ kind: 'pay' } | { kind: 'completing' } | { kind: 'failed'; message: string }>({ kind: 'pay' });

  /** The provider says paid: the server has registered us; confirm (idempotent), then go to the ticket. */
  const onPaid = async (paymentIntentId: string) => {
    setPhase({ kind: 'completing' });
    try {
      await register.mutateAsync({ eventId, paymentIntentId });
      onComplete();
    } catch (err) {
      setPhase({ kind: 'failed', message: messageOf(err, 'Failed to register for event') });
    }
  };

  return (
    <Page wide>
      <Link
        to={`/events/${eventId}`}
        className="-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-xl px-2 font-semibold text-wine-700 hover:bg-wine-50 hover:text-wine-900"
      >
        <ArrowLeft aria-hidden="true" className="size-5" />
        Back to event
      </Link>
      <div className="mt-3">
        <PageTitle sub="Pay securely and your place is confirmed straight away.">Complete Registration</PageTitle>
      </div>
      {event.isPending ? (
        <Spinner label="Loading the event" />
      ) : event.isError ? (
        <Notice
          icon={<CircleAlert aria-hidden="true" className="size-6 text-red-700" />}
          title={
            event.error instanceof ApiError && (event.error.status === 404 || event.error.status === 400) ? 'Event not found' : "We couldn't load this event"
          }
        >
          <Button asChild className="mt-5">
            <Link to="/events">Browse Events</Link>
          </Button>
        </Notice>
      ) : (
        <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:items-start lg:gap-8">
          <Summary event={event.data} hostFree={event.data.price > 0 && event.data.hostId === userId} />
          <div>
            {phase.kind === 'completing' ? (
              <Notice icon={<CircleCheck aria-hidden="true" className="size-6 text-emerald-700" />} title="Confirming your place" tone="success">
                {/* 'Payment Successful' is the toast's to say, once (issue 34). */}
                <Spinner label="One moment" />
              </Notice>
            ) : phase.kind === 'failed' ? (
              <Notice icon={<CircleAlert aria-hidden="true" className="size-6 text-red-700" />} title="We couldn't confirm your place" alert>
                <p className="mt-1 text-ink">{phase.message}</p>
                <BackToEvent id={eventId} />
              </Notice>
            ) : event.data.viewer.registered ? (
              <Notice icon={<Ticket aria-hidden="true" className="size-6 text-wine-700" />} title="You're already registered">
                <p className="mt-1 text-muted">You already have a place at this evening, so there is nothing to pay.</p>
                <Button asChild className="mt-5">
                  <Link to={`/events/${eventId}`}>View your ticket</Link>
                </Button>
              </Notice>
            ) : isPast(event.data) || event.data.status === 'completed' ? (
              <Notice icon={<TimerOff aria-hidden="true" className="size-6 text-stone-600" />} title="Registration has closed">
                <p className="mt-1 text-muted">This evening has already started.</p>
                <BackToEvent id={eventId} />
              </Notice>
            ) : event.data.viewer.inAgeRange === false ? (
              // Said before any seat is held or card asked for; the server refuses the booking too (issue 34).
              <Notice icon={<UserRoundX aria-hidden="true" className="size-6 text-apricot-700" />} title="You can’t book this evening">
                <OutsideAgeRange min={event.data.ageRangeMin} max={event.data.ageRangeMax} className="mt-3" />
              </Notice>
            ) : event.data.price > 0 && event.data.hostId === userId ? (
              <Notice icon={<Ticket aria-hidden="true" className="size-6 text-wine-700" />} title="Free for you as the host">
                <p className="mt-1 text-muted">You host this evening, so your place is free: no card needed. Register and your place is confirmed.</p>
                <RegisterAction event={event.data} userId={userId} block className="mt-5" />
              </Notice>
            ) : event.data.price <= 0 ? (
              <Notice icon={<Ticket aria-hidden="true" className="size-6 text-wine-700" />} title="This evening is free">
                <p className="mt-1 text-muted">No payment needed: register and your place is confirmed.</p>
                <RegisterAction event={event.data} userId={userId} block className="mt-5" />
              </Notice>
            ) : (
              <Payment event={event.data} userId={userId} onPaid={onPaid} />
            )}
          </div>
        </div>
      )}
    </Page>
  );
}

function Summary({ event, hostFree }: { event: EventDetail; hostFree: boolean }) {
  const price = event.price > 0 && !hostFree ? formatMoney(event.price) : 'Free';
  return (
    <Card>
      <p className="text-sm font-semibold tracking-wide text-muted uppercase">Your evening</p>
      <h2 className="mt-1 text-2xl font-bold break-words text-wine-900">{event.title}</h2>
      <ul className="mt-3 space-y-1.5 text-ink">
        <li className="flex items-start gap-2.5">
          <CalendarDays aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-wine-500" />
          <span>
            <time dateTime={event.date}>{formatDate(event.date, 'long')}</time>, <span className="whitespace-nowrap">{formatTimeRange(event)}</span>
          </span>
        </li>
        <li className="flex items-start gap-2.5">
          <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-wine-500" />
          <span className="break-words">{event.venue}</span>
        </li>
        <li className="flex items-start gap-2.5">
          <UsersRound aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-wine-500" />
          <span>
            Ages {event.ageRangeMin}-{event.ageRangeMax}
          </span>
        </li>
      </ul>
      <dl className="mt-4 space-y-3 border-t border-dashed border-wine-200 pt-4">
        <div className="flex items-start justify-between gap-4">
          <dt>
            <span className="font-semibold text-ink">1 × ticket</span>
            {event.priceIncludes && (
              <span className="mt-0.5 flex items-start gap-1.5 text-sm text-muted">
                <Sparkles aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-apricot-700" />
                <span className="min-w-0 break-words">Includes: {event.priceIncludes}</span>
              </span>
            )}
          </dt>
          <dd className="font-semibold text-ink">{price}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-wine-100 pt-3">
          <dt className="text-lg font-bold text-wine-900">Total</dt>
          <dd className="font-display text-3xl font-bold text-wine-800">{price}</dd>
        </div>
      </dl>
      {hostFree && <p className="mt-3 text-sm text-muted">Hosts get free entry to their own evenings (guests pay {formatMoney(event.price)}).</p>}
      {event.price > 0 && !hostFree && (
        <p className="mt-3 text-sm text-muted">
          Cancel {REFUND_WINDOW_HOURS} hours or more before the start for a full refund.{' '}
          <Link to="/refunds" className="inline-flex min-h-11 items-center font-semibold text-wine-800 underline underline-offset-4">
            The refund rule
          </Link>
        </p>
      )}
    </Card>
  );
}

function Payment({ event, userId, onPaid }: { event: EventDetail; userId: number; onPaid: (paymentIntentId: string) => Promise<void> }) {
  const create = useCreatePaymentIntent(userId);
  const now = useNow(1000);
  const asked = useRef(false);
  const { mutate } = create;

  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mutate({ eventId: event.id, amount: event.price });
  }, [mutate, event.id, event.price]);

  const retry = () => mutate({ eventId: event.id, amount: event.price });

  if (create.isError) {
    const conflict = create.error instanceof ApiError && create.error.status === 409;
    const message = messageOf(create.error, 'We could not start the payment. Please try again.');
    return (
      <Notice
        icon={<CircleAlert aria-hidden="true" className="size-6 text-red-700" />}
        title={conflict ? (/full/i.test(message) ? 'This evening is full' : 'You can’t book this evening') : 'Payment could not start'}
        alert
      >
        <p className="mt-1 text-ink">{message}</p>
        {conflict ? (
          <BackToEvent id={event.id} />
        ) : (
          <Button className="mt-5" onClick={retry}>
            Try again
          </Button>
        )}
      </Notice>
    );
  }

  const intent = create.data;
  if (!intent || create.isPending) {
    return (
      <Card>
        <Spinner label="Holding your seat" />
      </Card>
    );
  }

  const expired = new Date(intent.holdExpiresAt).getTime() <= now;
  if (expired) {
    return (
      <Notice icon={<TimerOff aria-hidden="true" className="size-6 text-apricot-700" />} title="Your seat hold has expired" alert>
        <p className="mt-1 text-ink">We held your seat for 15 minutes. Try again to hold a seat and pay.</p>
        <Button className="mt-5" onClick={retry}>
          Try again
        </Button>
      </Notice>
    );
  }

  return (
    <Card className="space-y-5">
      <CardTitle>Payment</CardTitle>
      <HoldCountdown expiresAt={intent.holdExpiresAt} now={now} />
      {intent.provider === 'stripe' && intent.publishableKey ? (
        <Suspense fallback={<Spinner label="Loading the payment form" />}>
          <StripePaymentForm
            clientSecret={intent.clientSecret}
            publishableKey={intent.publishableKey}
            amount={intent.amount}
            returnUrl={`${location.origin}/events/${event.id}?payment=success`}
            disabled={expired}
            onPaid={onPaid}
          />
        </Suspense>
      ) : (
        <TestCardForm clientSecret={intent.clientSecret} amount={intent.amount} disabled={expired} onPaid={onPaid} />
      )}
    </Card>
  );
}

function BackToEvent({ id }: { id: number }) {
  return (
    <Button asChild variant="outline" className="mt-5">
      <Link to={`/events/${id}`}>Back to the event</Link>
    </Button>
  );
}

function Notice({ icon, title, children, tone, alert }: { icon: ReactNode; title: string; children?: ReactNode; tone?: 'success'; alert?: boolean }) {
  return (
    <Card className={tone === 'success' ? 'ring-1 ring-emerald-200' : undefined}>
      <div role={alert ? 'alert' : undefined}>
        <div className={`mb-3 flex size-12 items-center justify-center rounded-full ${tone === 'success' ? 'bg-emerald-100' : 'bg-wine-50'}`}>{icon}</div>
        <h2 className="text-2xl font-bold text-wine-900">{title}</h2>
        {children}
      </div>
    </Card>
  );
}
