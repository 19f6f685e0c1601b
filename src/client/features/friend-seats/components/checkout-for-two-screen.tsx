import { zodResolver } from '@hookform/resolvers/zod';
import { ArrowLeft, CalendarDays, CircleAlert, MapPin, UserRoundPlus } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { checkoutForTwoBody } from '@shared/schemas/friend-seats';
import type { PaymentIntentResponse } from '@shared/schemas/tickets';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { TextField } from '@client/components/ui/field';
import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, messageOf } from '@client/lib/api';
import { formatDate, formatMoney, formatTimeRange } from '@client/lib/format';
import { useEvent } from '@client/lib/queries/events';
import { useBookForTwo, useCheckoutForTwo } from '../api/friend-seats';

/**
 * /checkout-for-two/{id}: book two places in one checkout, the second for a friend named by
 * e-mail (docs/decisions/0075-a-seat-for-a-friend.md). A free evening books both at once; a paid
 * one holds both seats and asks for one payment of twice the price, with the payment form the
 * app composes in (`payment`). `onBooked` goes to the evening's page.
 */
export function CheckoutForTwoScreen({
  eventId,
  payment,
  onBooked,
}: {
  eventId: number;
  payment: (intent: PaymentIntentResponse) => ReactNode;
  onBooked: () => void;
}) {
  const event = useEvent(eventId);
  const bookFree = useBookForTwo(eventId);
  const hold = useCheckoutForTwo(eventId);
  const [intent, setIntent] = useState<PaymentIntentResponse | null>(null);
  const f = useForm({ resolver: zodResolver(checkoutForTwoBody), defaultValues: { friendEmail: '' } });
  const { errors, isSubmitting } = f.formState;

  if (event.isPending) return <Spinner label="Loading the event" />;
  if (!event.data) {
    return (
      <Page>
        <Card role="alert" className="flex items-start gap-3">
          <CircleAlert aria-hidden="true" className="size-6 shrink-0 text-red-700" />
          <p>{messageOf(event.error, "We couldn't load this evening.")}</p>
        </Card>
      </Page>
    );
  }
  const e = event.data;
  const paid = e.price > 0;

  const submit = f.handleSubmit(async ({ friendEmail }) => {
    try {
      if (paid) setIntent(await hold.mutateAsync(friendEmail));
      else {
        await bookFree.mutateAsync({ friendEmail, consentToShare: true });
        toast.success('Two places booked', { description: `We've e-mailed ${friendEmail} a link to accept their seat.` });
        onBooked();
      }
    } catch (err) {
      const message = err instanceof ApiError ? (err.fieldErrors.friendEmail ?? err.message) : messageOf(err, 'Please try again.');
      f.setError('friendEmail', { type: 'server', message });
    }
  });

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
        <PageTitle sub="Your place and one for a friend, in one booking.">Book for two</PageTitle>
      </div>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:items-start lg:gap-8">
        <Card>
          <p className="text-sm font-semibold tracking-wide text-muted uppercase">Your evening</p>
          <h2 className="mt-1 text-2xl font-bold break-words text-wine-900">{e.title}</h2>
          <ul className="mt-3 space-y-1.5 text-ink">
            <li className="flex items-start gap-2.5">
              <CalendarDays aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-wine-500" />
              <span>
                <time dateTime={e.date}>{formatDate(e.date, 'long')}</time>, <span className="whitespace-nowrap">{formatTimeRange(e)}</span>
              </span>
            </li>
            <li className="flex items-start gap-2.5">
              <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-wine-500" />
              <span className="break-words">{e.venue}</span>
            </li>
          </ul>
          <dl className="mt-4 space-y-3 border-t border-dashed border-wine-200 pt-4">
            <div className="flex items-start justify-between gap-4">
              <dt className="font-semibold text-ink">2 × ticket</dt>
              <dd className="font-semibold text-ink">{paid ? formatMoney(e.price * 2) : 'Free'}</dd>
            </div>
            <div className="flex items-baseline justify-between gap-4 border-t border-wine-100 pt-3">
              <dt className="text-lg font-bold text-wine-900">Total</dt>
              <dd className="font-display text-3xl font-bold text-wine-800">{paid ? formatMoney(e.price * 2) : 'Free'}</dd>
            </div>
          </dl>
          <p className="mt-3 text-sm text-muted">
            Your friend's seat is held for 48 hours, and at the latest until 24 hours before the start. If they haven't accepted it by then, it goes back on
            sale{paid ? ` and ${formatMoney(e.price)} is refunded to you` : ''}. You won't be seated together: you already know each other.
          </p>
        </Card>
        <div>
          {intent ? (
            <Card className="space-y-5">
              <CardTitle>Payment</CardTitle>
              {payment(intent)}
            </Card>
          ) : (
            <Card>
              <form onSubmit={submit} noValidate aria-label="Your friend" className="space-y-4">
                <CardTitle className="flex items-center gap-2">
                  <UserRoundPlus aria-hidden="true" className="size-6 text-apricot-700" />
                  Your friend
                </CardTitle>
                <TextField
                  label="Your friend's e-mail"
                  type="email"
                  inputMode="email"
                  autoComplete="off"
                  hint="We e-mail them a link: they sign in with this address and accept their seat."
                  error={errors.friendEmail?.message}
                  {...f.register('friendEmail')}
                />
                <Button type="submit" size="lg" block disabled={isSubmitting}>
                  {isSubmitting ? (paid ? 'Holding two seats…' : 'Booking…') : paid ? `Continue to payment (${formatMoney(e.price * 2)})` : 'Book both places'}
                </Button>
              </form>
            </Card>
          )}
        </div>
      </div>
    </Page>
  );
}
