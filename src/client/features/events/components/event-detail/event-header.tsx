import type { ReactNode } from 'react';
import type { EventDetail } from '@shared/schemas/events';
import { cn } from '@client/components/ui/cn';
import type { EventBadge } from '../../lib/format';
import { StatusBadge } from '../status-badge';

/** The evening's badge, title and ages; the facts under them unless the live part comes first. */
export function EventHeader({
  event,
  badge,
  happening,
  liveFirst,
  facts,
}: {
  event: EventDetail;
  badge: EventBadge;
  happening: boolean;
  liveFirst: boolean;
  facts: ReactNode;
}) {
  return (
    <header className="lg:col-start-1">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge
          label={happening ? 'Happening now' : badge}
          heldForWaitlist={event.participantCount < event.maxParticipants ? event.seatsHeldForWaitlist : 0}
        />
        {event.viewer.isHost && <span className="rounded-full bg-apricot-100 px-3 py-1 text-sm font-semibold text-apricot-700">You're hosting</span>}
      </div>
      <h1 className={cn('mt-3 leading-tight font-bold break-words text-wine-900', liveFirst ? 'text-2xl sm:text-3xl' : 'text-3xl sm:text-4xl')}>
        {event.title}
      </h1>
      {!liveFirst && (
        <p className="mt-1 text-lg text-muted">
          Ages {event.ageRangeMin}-{event.ageRangeMax}
        </p>
      )}
      {!liveFirst && facts}
    </header>
  );
}
