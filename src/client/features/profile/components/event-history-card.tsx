import { CalendarDays, CalendarHeart, ChevronDown, MapPin } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { PROFILE_PAST_EVENTS_SHOWN } from '@shared/domain/constants';
import type { UserEvent } from '@shared/schemas/events';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { Spinner } from '@client/components/ui/spinner';
import { formatDate, formatWallTime } from '@client/lib/format';
import { useUserEvents } from '@client/lib/queries/events';
import { splitEvents } from '../lib/format';

function EventRow({ event, upcoming }: { event: UserEvent; upcoming?: boolean }) {
  return (
    <li className={cn('rounded-2xl p-4 ring-1', upcoming ? 'bg-apricot-100/50 ring-apricot-200' : 'bg-white ring-wine-100')}>
      <div className="flex items-start justify-between gap-3">
        <h4 className="font-semibold break-words text-wine-900">{event.title}</h4>
        {upcoming && (
          <Badge tone="green" className="shrink-0">
            Registered
          </Badge>
        )}
      </div>
      <p className="mt-1.5 flex items-center gap-2 text-ink">
        <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-wine-500" />
        <time dateTime={event.date}>
          {formatDate(event.date, 'medium')} · {formatWallTime(event.startTime)}
        </time>
      </p>
      <p className="mt-1 flex items-center gap-2 text-muted">
        <MapPin aria-hidden="true" className="size-4 shrink-0 text-wine-500" />
        <span className="break-words">{event.venue}</span>
      </p>
    </li>
  );
}

/** Event History from GET /api/users/{id}/events: upcoming evenings, then the latest past ones. */
export function EventHistoryCard({ userId }: { userId: number }) {
  const events = useUserEvents(userId);
  const [showAll, setShowAll] = useState(false);
  const pastListId = useId();
  const { upcoming, past } = useMemo(() => splitEvents(events.data ?? []), [events.data]);
  const shownPast = showAll ? past : past.slice(0, PROFILE_PAST_EVENTS_SHOWN);

  return (
    <Card>
      <CardTitle>Event History</CardTitle>
      {events.isPending ? (
        <Spinner label="Loading your evenings" />
      ) : events.isError ? (
        <div className="mt-3 space-y-3">
          <p className="text-muted">We couldn't load your evenings just now.</p>
          <Button variant="outline" size="sm" onClick={() => void events.refetch()}>
            Try again
          </Button>
        </div>
      ) : upcoming.length === 0 && past.length === 0 ? (
        <div className="mt-4 flex flex-col items-center rounded-2xl bg-cream px-4 py-8 text-center ring-1 ring-wine-100">
          <CalendarHeart aria-hidden="true" className="size-10 text-wine-300" />
          <p className="mt-3 font-semibold text-wine-900">No evenings yet</p>
          <p className="mt-1 text-muted">Once you book your first speed friendship night, your evenings will appear here.</p>
        </div>
      ) : (
        <div className="mt-4 space-y-6">
          {upcoming.length > 0 && (
            <div className="space-y-3">
              <h3 className="text-lg font-semibold text-wine-900">Upcoming</h3>
              <ul className="space-y-3">
                {upcoming.map((e) => (
                  <EventRow key={e.id} event={e} upcoming />
                ))}
              </ul>
            </div>
          )}
          {past.length > 0 && (
            <div className="space-y-3">
              <h3 className="text-lg font-semibold text-wine-900">Past evenings</h3>
              <ul id={pastListId} className="space-y-3">
                {shownPast.map((e) => (
                  <EventRow key={e.id} event={e} />
                ))}
              </ul>
              {past.length > PROFILE_PAST_EVENTS_SHOWN && (
                <Button variant="ghost" size="sm" block aria-expanded={showAll} aria-controls={pastListId} onClick={() => setShowAll((v) => !v)}>
                  {showAll ? 'Show fewer' : `Show all ${past.length} past evenings`}
                  <ChevronDown aria-hidden="true" className={cn('size-5 transition-transform', showAll && 'rotate-180')} />
                </Button>
              )}
            </div>
          )}
        </div>
      )}
    </Card>
  );
}
