import { CalendarDays } from 'lucide-react';
import { useId } from 'react';
import { useSearchParams } from 'react-router';
import type { Event } from '@shared/schemas/events';
import { Badge } from '@client/components/ui/badge';
import { formatDate, formatWhen, isTonight } from '@client/lib/format';
import { useEvent } from '@client/lib/queries/events';

/** An evening /badges can show: one the viewer booked or hosts. */
export type BadgesEvening = Pick<Event, 'id' | 'title' | 'venue' | 'date' | 'endsAt' | 'startTime' | 'endTime'>;

/** The viewer's evenings that are not over, booked or hosted, each once, soonest first. */
export function badgesEvenings(lists: readonly (readonly BadgesEvening[])[], now = Date.now()): BadgesEvening[] {
  const byId = new Map<number, BadgesEvening>();
  for (const list of lists) for (const e of list) if (new Date(e.endsAt).getTime() > now && !byId.has(e.id)) byId.set(e.id, e);
  return [...byId.values()].sort((a, b) => new Date(a.date).getTime() - new Date(b.date).getTime());
}

/**
 * The top of /badges (issue 22: it never said which evening it showed): the evening named, with
 * where and when, and a picker of the viewer's other evenings (as /check-in and /messaging let a
 * host choose), which opens /badges?event=ID.
 */
export function BadgesEveningBar({ eventId, evenings, demo = false }: { eventId: number; evenings: readonly BadgesEvening[]; demo?: boolean }) {
  const listed = evenings.find((e) => e.id === eventId);
  const fetched = useEvent(listed ? null : eventId);
  const shown = listed ?? fetched.data;
  const [, setParams] = useSearchParams();
  const pickerId = useId();
  const headingId = useId();
  const options = listed || !shown ? evenings : [shown, ...evenings];

  return (
    <section aria-labelledby={headingId} className="mb-6 rounded-3xl bg-white p-4 shadow-sm ring-1 ring-wine-100 sm:p-5">
      <p className="flex items-center gap-2 text-sm font-semibold tracking-wide text-wine-600 uppercase">
        <CalendarDays aria-hidden="true" className="size-4" />
        {demo ? 'Badges of our demo evening' : 'Badges for'}
      </p>
      <div className="mt-1 flex flex-wrap items-center gap-2">
        <h2 id={headingId} className="font-display text-2xl font-bold break-words text-wine-900">
          {shown?.title ?? 'This evening'}
        </h2>
        {shown && isTonight(shown) && <Badge tone="apricot">Tonight</Badge>}
      </div>
      {shown && (
        <p className="mt-1 text-muted">
          {shown.venue} · {formatWhen(shown)}
        </p>
      )}
      {options.length > 1 && (
        <div className="mt-4">
          <label htmlFor={pickerId} className="mb-1.5 block text-sm font-semibold text-wine-900">
            Choose another evening
          </label>
          <select
            id={pickerId}
            value={eventId}
            onChange={(e) => setParams({ event: e.target.value })}
            className="min-h-12 w-full rounded-2xl border-2 border-wine-200 bg-white px-3 text-base text-ink focus-visible:outline-3 focus-visible:outline-apricot-500 sm:w-auto"
          >
            {options.map((e) => (
              <option key={e.id} value={e.id}>
                {e.title} · {formatDate(e.date, 'short')}
                {isTonight(e) ? ' (tonight)' : ''}
              </option>
            ))}
          </select>
        </div>
      )}
    </section>
  );
}
