import { CalendarDays, CalendarX2, Lock, LogIn } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { Button } from '@client/components/ui/button';
import { NoticeCard } from './notice-card';

/** /arrival for a visitor (or a session that ended): the page is for guests on the night. */
export function ArrivalSignIn() {
  const { pathname, search } = useLocation();
  return (
    <NoticeCard
      icon={Lock}
      title="Log in to check in for your evening"
      actions={
        <Button asChild size="lg">
          <Link to={`/login?next=${encodeURIComponent(pathname + search)}`}>
            <LogIn aria-hidden="true" className="size-5" />
            Log in
          </Link>
        </Button>
      }
    >
      <p>On the night, this page spots when you reach the venue so you can check in with one tap. Log in with the account you booked with.</p>
    </NoticeCard>
  );
}

/** A member with no evening ahead. */
export function NoArrivalEvening() {
  return (
    <NoticeCard
      icon={CalendarDays}
      title="No evening coming up"
      actions={
        <Button asChild size="lg">
          <Link to="/events">Browse Events</Link>
        </Button>
      }
    >
      <p>Book a speed friendship evening and, on the night, this page will guide you to the venue and check you in when you arrive.</p>
    </NoticeCard>
  );
}

/** A member who is not a guest of this evening (the server answered 403). */
export function GuestsOnly({ eventId }: { eventId: number }) {
  return (
    <NoticeCard
      icon={Lock}
      title="This page is for guests of this evening"
      actions={
        <>
          <Button asChild variant="outline" size="lg">
            <Link to="/events">Browse Events</Link>
          </Button>
          <Button asChild size="lg">
            <Link to={`/events/${eventId}`}>See the event</Link>
          </Button>
        </>
      }
    >
      <p>Only guests booked for this evening can check in here. Book a place to join in.</p>
      <p>
        Hosting it?{' '}
        <Link to={`/check-in?event=${eventId}`} className="font-semibold text-wine-700 underline underline-offset-2">
          Open the check-in desk
        </Link>
        .
      </p>
    </NoticeCard>
  );
}

export function ArrivalLoadError({ notFound, onRetry }: { notFound: boolean; onRetry?: () => void }) {
  return (
    <NoticeCard
      icon={CalendarX2}
      title={notFound ? 'Event not found' : "We couldn't load your evening"}
      actions={
        <>
          {!notFound && onRetry && (
            <Button variant="outline" size="lg" onClick={onRetry}>
              Try again
            </Button>
          )}
          <Button asChild size="lg">
            <Link to="/events">Browse Events</Link>
          </Button>
        </>
      }
    >
      <p>{notFound ? 'It may have been removed, or the link is not quite right.' : 'Please check your connection and try again.'}</p>
    </NoticeCard>
  );
}
