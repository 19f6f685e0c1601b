import { ArrowRight, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import type { Event } from '@shared/schemas/events';
import { cn } from '@client/components/ui/cn';
import { formatDate, formatMoney, formatTimeRange } from '@client/lib/format';
import { spotsLeftText } from '../lib/format';
import { DateTile } from './date-tile';

/** What a short card says of the seats: the member's own booking, spots left, or the way onto a full evening's waitlist. */
export const seatsText = (e: Pick<Event, 'spotsLeft'>, going?: boolean) =>
  going ? "You're going" : e.spotsLeft > 0 ? spotsLeftText(e.spotsLeft) : 'Full: join the waitlist';

/**
 * Evenings open for booking as short cards, each a link to its page (/events/{id}: the public page
 * for a visitor, their own for a member): date, time, venue, price, and spots left or 'Full: join
 * the waitlist' (issue 34), and the age range before anyone presses Book. The landing page and a visitor's /events show them; `going` marks the
 * member's own evenings.
 */
export function EveningList({
  evenings,
  going,
  headingLevel: H = 'h3',
  className,
}: {
  evenings: Event[];
  going?: ReadonlySet<number>;
  headingLevel?: 'h2' | 'h3';
  className?: string;
}) {
  return (
    <ul className={cn('grid gap-3', className)}>
      {evenings.map((e) => {
        const mine = going?.has(e.id);
        return (
          <li key={e.id} className="relative flex gap-4 rounded-3xl border border-wine-100 bg-white p-4 shadow-sm hover:border-wine-300">
            <DateTile iso={e.date} />
            <div className="min-w-0 flex-1">
              <H className="text-lg leading-snug font-bold break-words text-wine-900">
                {/* The whole card is the link's target (its ::after covers it); the title names it. */}
                <Link to={`/events/${e.id}`} className="after:absolute after:inset-0 after:rounded-3xl hover:underline">
                  {e.title}
                </Link>
              </H>
              <p className="text-sm font-medium text-muted">
                Ages {e.ageRangeMin}-{e.ageRangeMax}
              </p>
              <p className="mt-1">
                <time dateTime={e.date}>{formatDate(e.date, 'short')}</time> · {formatTimeRange(e)}
              </p>
              <p className="flex items-start gap-1.5 text-muted">
                <MapPin aria-hidden="true" className="mt-1 size-4 shrink-0" />
                <span className="break-words">{e.venue}</span>
              </p>
              <p className="mt-1 font-semibold text-wine-800">
                {e.price > 0 ? formatMoney(e.price) : 'Free'} ·{' '}
                <span className={mine ? 'text-emerald-800' : e.spotsLeft > 0 ? 'text-apricot-700' : undefined}>{seatsText(e, mine)}</span>
              </p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** 'Upcoming evenings': the next few open evenings and the way to all of them (/events). */
export function UpcomingEvenings({ evenings, going, shown = 3 }: { evenings: Event[]; going?: ReadonlySet<number>; shown?: number }) {
  return (
    <section aria-labelledby="upcoming-evenings" className="space-y-3">
      <h2 id="upcoming-evenings" className="text-2xl font-bold text-wine-900">
        Upcoming evenings
      </h2>
      <EveningList evenings={evenings.slice(0, shown)} going={going} />
      <Link
        to="/events"
        className="inline-flex min-h-11 items-center gap-2 rounded-xl font-semibold text-wine-700 underline underline-offset-4 hover:text-wine-900"
      >
        See all evenings
        <ArrowRight aria-hidden="true" className="size-5" />
      </Link>
    </section>
  );
}
