import { CalendarDays, CircleAlert, Gift, MapPin, PartyPopper, Ticket, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { messageOf } from '@client/lib/api';
import { formatDate, formatTime, formatTimeRange } from '@client/lib/format';
import { useClaim, useClaimView } from '../api/friend-seats';

/**
 * /friend-seat/{token}: a seat a friend offered me (docs/decisions/0075-a-seat-for-a-friend.md).
 * Signed in (the guard sends a newcomer through /login?next=… with the e-mail code first); the
 * server shows it only to the account with the address it was sent to. Nothing moves until Accept.
 */
export function ClaimScreen({ token }: { token: string }) {
  const view = useClaimView(token);
  const claim = useClaim(token);

  if (view.isPending) return <Spinner label="Loading the seat offered to you" />;
  if (view.isError || !view.data) {
    return (
      <Page>
        <PageTitle>A seat for you</PageTitle>
        <NoticeCard icon={CircleAlert} title="We can't show this seat" actions={<BrowseEvents />}>
          <p role="alert">{messageOf(view.error, 'Please try the link again.')}</p>
        </NoticeCard>
      </Page>
    );
  }
  const seat = view.data;
  const e = seat.event;
  const accepted = claim.isSuccess || seat.status === 'accepted';

  if (accepted) {
    return (
      <Page>
        <PageTitle>A seat for you</PageTitle>
        <NoticeCard
          icon={PartyPopper}
          title="It's yours!"
          actions={
            <Button asChild size="lg">
              <Link to={`/events/${e.id}`}>
                <Ticket aria-hidden="true" className="size-5" />
                See my ticket
              </Link>
            </Button>
          }
        >
          <p role="status">Your place at {e.title} is booked. Your ticket, with its QR code for the door, is on the evening's page and in your e-mail.</p>
        </NoticeCard>
      </Page>
    );
  }
  if (seat.status !== 'pending') {
    return (
      <Page>
        <PageTitle>A seat for you</PageTitle>
        <NoticeCard icon={CircleAlert} title="This seat is no longer on offer" actions={<BrowseEvents />}>
          <p>
            {seat.status === 'awaiting_payment'
              ? 'It is not paid for yet: try again in a few minutes.'
              : `${seat.fromName} withdrew it, or it was not accepted in time.`}
          </p>
        </NoticeCard>
      </Page>
    );
  }

  return (
    <Page>
      <PageTitle
        sub={
          seat.kind === 'transfer' ? `${seat.fromName} can't make it and would like you to have their ticket.` : `${seat.fromName} booked this seat for you.`
        }
      >
        A seat for you
      </PageTitle>
      <Card className="space-y-5">
        <div className="flex items-center gap-3">
          <span className="flex size-12 shrink-0 items-center justify-center rounded-full bg-apricot-100">
            <Gift aria-hidden="true" className="size-6 text-wine-700" />
          </span>
          <h2 className="text-2xl font-bold break-words text-wine-900">{e.title}</h2>
        </div>
        <ul className="space-y-2 text-lg text-ink">
          <li className="flex items-start gap-2.5">
            <CalendarDays aria-hidden="true" className="mt-1 size-5 shrink-0 text-wine-500" />
            <span>
              <time dateTime={e.date}>{formatDate(e.date, 'long')}</time>, <span className="whitespace-nowrap">{formatTimeRange(e)}</span>
            </span>
          </li>
          <li className="flex items-start gap-2.5">
            <MapPin aria-hidden="true" className="mt-1 size-5 shrink-0 text-wine-500" />
            <span className="break-words">{e.venue}</span>
          </li>
          <li className="flex items-start gap-2.5">
            <UsersRound aria-hidden="true" className="mt-1 size-5 shrink-0 text-wine-500" />
            <span>
              Ages {e.ageRangeMin}-{e.ageRangeMax}
            </span>
          </li>
        </ul>
        <p className="text-muted">
          Accept by {formatTime(seat.claimUntil)} on {formatDate(seat.claimUntil, 'short')}.{' '}
          {seat.kind === 'transfer' ? 'The ticket gets a new code for you; the old one no longer works.' : 'Until then the seat is held for you.'}
        </p>
        {claim.isError && (
          <p role="alert" className="rounded-2xl bg-red-50 p-4 font-medium text-red-800 ring-1 ring-red-200">
            {messageOf(claim.error, 'We could not book this seat for you. Please try again.')}
          </p>
        )}
        <Button size="lg" block disabled={claim.isPending} onClick={() => claim.mutate({ consentToShare: true })}>
          <Ticket aria-hidden="true" className="size-5" />
          {claim.isPending ? 'Accepting…' : 'Accept the seat'}
        </Button>
        <p className="text-center text-sm text-muted">
          By accepting you agree that your matches see your contact details after the evening.{' '}
          <Link to="/privacy" className="inline-flex min-h-11 items-center font-semibold text-wine-700 underline underline-offset-2 hover:text-wine-900">
            How we use your data
          </Link>
        </p>
      </Card>
    </Page>
  );
}

function BrowseEvents() {
  return (
    <Button asChild variant="outline">
      <Link to="/events">Browse evenings</Link>
    </Button>
  );
}
