import { HeartHandshake } from 'lucide-react';
import { Link } from 'react-router';
import type { UserEvent } from '@shared/schemas/events';
import { Button } from '@client/components/ui/button';
import { isOver } from '../lib/format';
import { WhenAndWhere } from './card-facts';
import { DateTile } from './date-tile';
import { StatusBadge } from './status-badge';

/** One of the member's own evenings: 'Registered' or 'Completed', View Details and, once past, View Matches. */
export function MyEventCard({ event, now, headingLevel: H = 'h3' }: { event: UserEvent; now: number; headingLevel?: 'h2' | 'h3' }) {
  // Completed once its time has passed or the host has ended it.
  const past = isOver(event, now);
  return (
    <article className="flex flex-col rounded-3xl border border-wine-100 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex gap-4">
        <DateTile iso={event.date} muted={past} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge label={past ? 'Completed' : 'Registered'} />
            {!past && event.checkedIn && <span className="text-sm font-semibold text-emerald-800">Checked in</span>}
          </div>
          <H className="mt-2 text-xl leading-snug font-bold break-words text-wine-900">{event.title}</H>
        </div>
      </div>
      <ul className="mt-4 space-y-2 text-ink">
        <WhenAndWhere event={event} />
      </ul>
      <div className="mt-auto flex flex-wrap gap-3 pt-5">
        <Button asChild variant="outline" className="grow whitespace-nowrap">
          <Link to={`/events/${event.id}`} aria-label={`View Details: ${event.title}`}>
            View Details
          </Link>
        </Button>
        {past && (
          <Button asChild variant="secondary" className="grow whitespace-nowrap">
            <Link to={`/matches?event=${event.id}`} aria-label={`View Matches: ${event.title}`}>
              <HeartHandshake aria-hidden="true" className="size-5" />
              View Matches
            </Link>
          </Button>
        )}
      </div>
    </article>
  );
}
