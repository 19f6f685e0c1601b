import { CalendarDays, CalendarX2, Lock, Megaphone } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from './button';
import { NoticeCard } from './notice-card';

/**
 * The cards the guests' screens of one evening (/arrival, /live-event, /notifications) show instead
 * of the evening: each screen keeps its own words, the cards are one.
 */

const browseEvents = (variant?: 'outline') => (
  <Button asChild variant={variant} size="lg">
    <Link to="/events">Browse Events</Link>
  </Button>
);

/** A member with no evening ahead. */
export function NoEveningCard({ children }: { children: ReactNode }) {
  return (
    <NoticeCard icon={CalendarDays} title="No evening coming up" actions={browseEvents()}>
      {children}
    </NoticeCard>
  );
}

/**
 * The evening (or a screen's list of evenings) could not be shown: not found (with Browse Events),
 * or a failed load (with Try again, and Browse Events unless `browse` is false).
 */
export function EveningLoadError({
  notFound,
  onRetry,
  title = "We couldn't load your evening",
  browse = true,
}: {
  notFound: boolean;
  onRetry?: () => void;
  title?: string;
  browse?: boolean;
}) {
  return (
    <NoticeCard
      icon={CalendarX2}
      title={notFound ? 'Event not found' : title}
      actions={
        <>
          {!notFound && onRetry && (
            <Button variant="outline" size="lg" onClick={onRetry}>
              Try again
            </Button>
          )}
          {(notFound || browse) && browseEvents()}
        </>
      }
    >
      <p>{notFound ? 'It may have been removed, or the link is not quite right.' : 'Please check your connection and try again.'}</p>
    </NoticeCard>
  );
}

/** A member who is not a guest of the evening: Browse Events, and the event's page when known. */
export function GuestsOnlyCard({ title, eventId, children }: { title: string; eventId?: number; children: ReactNode }) {
  return (
    <NoticeCard
      icon={Lock}
      title={title}
      actions={
        <>
          {browseEvents('outline')}
          {eventId !== undefined && (
            <Button asChild size="lg">
              <Link to={`/events/${eventId}`}>See the event</Link>
            </Button>
          )}
        </>
      }
    >
      {children}
    </NoticeCard>
  );
}

/** The host on a guests' screen: where the host's side of it is. */
export function HostingCard({ to, action, children }: { to: string; action: string; children: ReactNode }) {
  return (
    <NoticeCard
      icon={Megaphone}
      title="You're hosting this evening"
      actions={
        <Button asChild size="lg">
          <Link to={to}>{action}</Link>
        </Button>
      }
    >
      {children}
    </NoticeCard>
  );
}
