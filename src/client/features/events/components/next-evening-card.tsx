import { CalendarDays, CalendarSearch, Clock, MapPin, Ticket } from 'lucide-react';
import { Link } from 'react-router';
import type { UserEvent } from '@shared/schemas/events';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { formatDate, formatTimeRange } from '@client/lib/format';
import { DateTile } from './date-tile';

/**
 * 'Your next evening' on a member's home (issue 34): the evening they booked that is still to come (or
 * under way), with the way to its ticket on their evening page; without one, the way to the evenings.
 */
export function NextEveningCard({ event, now }: { event: UserEvent | null; now: number }) {
  if (!event) {
    return (
      <Card>
        <CardTitle>Your next evening</CardTitle>
        <p className="mt-2 flex items-start gap-2 text-muted">
          <CalendarSearch aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-wine-500" />
          You haven't booked an evening yet. Pick one and meet new people nearby.
        </p>
        <Button asChild className="mt-4">
          <Link to="/events">Browse Events</Link>
        </Button>
      </Card>
    );
  }
  const underWay = new Date(event.date).getTime() <= now;
  return (
    <Card className="border-wine-200">
      <CardTitle>{underWay ? 'Your evening is under way' : 'Your next evening'}</CardTitle>
      <div className="mt-4 flex gap-4">
        <DateTile iso={event.date} />
        <div className="min-w-0 flex-1">
          <h3 className="text-xl leading-snug font-bold break-words text-wine-900">{event.title}</h3>
          <ul className="mt-2 space-y-1.5 text-ink">
            <li className="flex items-start gap-2">
              <CalendarDays aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-wine-500" />
              <time dateTime={event.date}>{formatDate(event.date, 'long')}</time>
            </li>
            <li className="flex items-start gap-2">
              <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-wine-500" />
              <span>{formatTimeRange(event)}</span>
            </li>
            <li className="flex items-start gap-2">
              <MapPin aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-wine-500" />
              <span className="break-words">{event.venue}</span>
            </li>
          </ul>
        </div>
      </div>
      <Button asChild block className="mt-5">
        <Link to={`/events/${event.id}`}>
          <Ticket aria-hidden="true" className="size-5" />
          View your ticket
        </Link>
      </Button>
    </Card>
  );
}
