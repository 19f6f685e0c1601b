import { CircleCheck, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import type { Event } from '@shared/schemas/events';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/components/ui/cn';
import { formatMoney } from '@client/lib/format';
import { canRegister, eventBadge, spotsLeftText } from '../lib/format';
import { CapacityMeter } from './capacity-meter';
import { CardFact, WhenAndWhere } from './card-facts';
import { DateTile } from './date-tile';
import { RegisterAction } from './register-action';
import { StatusBadge } from './status-badge';

/** One evening in the Upcoming list: the spec's facts, its badge, View Details and Register. */
export function EventCard({
  event,
  userId,
  registered,
  now,
  headingLevel: H = 'h2',
}: {
  event: Event;
  userId: number;
  registered: boolean;
  now: number;
  headingLevel?: 'h2' | 'h3';
}) {
  const badge = eventBadge(event, now);
  const past = badge === 'Past';
  const open = !registered && canRegister(event, now);

  return (
    <article className={cn('flex flex-col rounded-3xl border bg-white shadow-sm', past ? 'border-stone-200' : 'border-wine-100')}>
      <div className="flex gap-4 p-5 pb-0 sm:p-6 sm:pb-0">
        <DateTile iso={event.date} muted={past} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <StatusBadge label={badge} heldForWaitlist={event.participantCount < event.maxParticipants ? event.seatsHeldForWaitlist : 0} />
            <span className="font-display text-xl font-bold text-wine-800">
              <span className="sr-only">Price: </span>
              {event.price > 0 ? formatMoney(event.price) : 'Free'}
            </span>
          </div>
          <H className="mt-2 text-xl leading-snug font-bold break-words text-wine-900">{event.title}</H>
          <p className="mt-0.5 text-sm font-medium text-muted">
            Ages {event.ageRangeMin}-{event.ageRangeMax}
          </p>
        </div>
      </div>

      <ul className="mt-4 space-y-2 px-5 text-ink sm:px-6">
        <WhenAndWhere event={event} />
        <CardFact icon={UsersRound}>
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span>
                {event.participantCount}/{event.maxParticipants} participants
              </span>
              {!past && event.spotsLeft > 0 && <span className="text-sm font-semibold text-apricot-700">{spotsLeftText(event.spotsLeft)}</span>}
            </div>
            <CapacityMeter count={event.participantCount} max={event.maxParticipants} className="mt-1.5" />
          </div>
        </CardFact>
      </ul>

      {event.description && <p className="mt-4 line-clamp-3 px-5 text-muted sm:px-6">{event.description}</p>}

      {registered && !past && (
        <p className="mx-5 mt-4 flex items-center gap-2 rounded-2xl bg-emerald-50 px-3 py-2 font-semibold text-emerald-800 sm:mx-6">
          <CircleCheck aria-hidden="true" className="size-5 shrink-0" />
          You're going
        </p>
      )}

      <div className="mt-auto flex flex-wrap gap-3 p-5 sm:p-6">
        <Button asChild variant="outline" className="grow whitespace-nowrap">
          <Link to={`/events/${event.id}`} aria-label={`View Details: ${event.title}`}>
            View Details
          </Link>
        </Button>
        {open && <RegisterAction event={event} userId={userId} className="grow whitespace-nowrap" />}
      </div>
    </article>
  );
}

/** A placeholder card while the list loads. */
export function EventCardSkeleton() {
  return (
    <div aria-hidden="true" className="rounded-3xl border border-wine-100 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex gap-4">
        <div className="size-16 animate-pulse rounded-2xl bg-wine-100" />
        <div className="flex-1 space-y-2">
          <div className="h-6 w-20 animate-pulse rounded-full bg-wine-50" />
          <div className="h-6 w-3/4 animate-pulse rounded-lg bg-wine-50" />
        </div>
      </div>
      <div className="mt-5 space-y-3">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="h-4 animate-pulse rounded bg-wine-50" style={{ width: `${80 - i * 12}%` }} />
        ))}
      </div>
      <div className="mt-6 h-12 animate-pulse rounded-2xl bg-wine-50" />
    </div>
  );
}
