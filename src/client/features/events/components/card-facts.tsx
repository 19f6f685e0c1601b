import { CalendarDays, Clock, MapPin } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDate, formatTimeRange } from '@client/lib/format';

/** One line of an evening card's facts: its icon, then what it says. */
export function CardFact({ icon: Icon, children }: { icon: typeof CalendarDays; children: ReactNode }) {
  return (
    <li className="flex items-start gap-2.5">
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-wine-500" />
      {children}
    </li>
  );
}

/** When and where, as every evening card says it (the Upcoming list and the member's own evenings). */
export function WhenAndWhere({ event }: { event: { date: string; startTime: string; endTime: string; venue: string } }) {
  return (
    <>
      <CardFact icon={CalendarDays}>
        <time dateTime={event.date}>{formatDate(event.date, 'long')}</time>
      </CardFact>
      <CardFact icon={Clock}>
        <span>{formatTimeRange(event)}</span>
      </CardFact>
      <CardFact icon={MapPin}>
        <span className="break-words">{event.venue}</span>
      </CardFact>
    </>
  );
}
