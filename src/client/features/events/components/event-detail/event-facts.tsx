import { CalendarDays, Clock, UsersRound } from 'lucide-react';
import type { EventDetail } from '@shared/schemas/events';
import { cn } from '@client/components/ui/cn';
import { formatDate, formatTimeRange } from '@client/lib/format';
import { spotsLeftText, type EventBadge } from '../../lib/format';
import { CapacityMeter } from '../capacity-meter';
import { Fact } from '../fact';
import { VenueFact } from '../venue-fact';

/** Date, time, venue and how full the evening is. */
export function EventFacts({ event, badge, running, liveFirst }: { event: EventDetail; badge: EventBadge; running: boolean; liveFirst: boolean }) {
  return (
    <dl className={cn('grid gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-wine-100 sm:grid-cols-2 sm:p-6', !liveFirst && 'mt-5')}>
      <Fact icon={<CalendarDays aria-hidden="true" className="size-5" />} label="Date">
        <time dateTime={event.date}>{formatDate(event.date, 'long')}</time>
      </Fact>
      <Fact icon={<Clock aria-hidden="true" className="size-5" />} label="Time">
        {formatTimeRange(event)}
      </Fact>
      <VenueFact name={event.venue} place={event.venuePlace} />
      <Fact icon={<UsersRound aria-hidden="true" className="size-5" />} label="Participants">
        <span className="block">
          {event.participantCount}/{event.maxParticipants}
          {badge !== 'Past' && !running && event.spotsLeft > 0 && <span className="font-normal text-muted"> · {spotsLeftText(event.spotsLeft)}</span>}
        </span>
        <CapacityMeter count={event.participantCount} max={event.maxParticipants} className="mt-2 max-w-48" />
      </Fact>
    </dl>
  );
}
