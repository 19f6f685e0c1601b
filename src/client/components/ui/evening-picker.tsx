import { CalendarX2, ChevronRight, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Event } from '@shared/schemas/events';
import { formatWhen, isTonight } from '@client/lib/format';
import { Badge } from './badge';
import { Button } from './button';
import { EveningLoadError } from './evening-notices';
import { NoticeCard } from './notice-card';
import { Spinner } from './spinner';

/** One of the host's evenings as GET /api/live/events sends it (and whatever a screen adds to it). */
export type EveningRow = { event: Pick<Event, 'id' | 'title' | 'venue' | 'date' | 'endsAt' | 'startTime' | 'endTime' | 'participantCount'>; checkedIn: number };

const byStart = (a: EveningRow, b: EveningRow) => new Date(a.event.date).getTime() - new Date(b.event.date).getTime();

/** The host's evenings in the order a host on the night needs them: tonight's first, then the soonest. */
export function tonightFirst<R extends EveningRow>(rows: readonly R[], now = Date.now()): R[] {
  return [...rows].sort((a, b) => Number(isTonight(b.event, now)) - Number(isTonight(a.event, now)) || byStart(a, b));
}

/**
 * The evenings a host runs (/host-control, /check-in, /messaging without ?event=), each row a link
 * to `href(id)`: loading, a failed load with Try again, none yet (with Create an event), or the list.
 * `tonight` puts tonight's evenings first and marks them; `extra` adds badges after the title.
 */
export function EveningPicker<R extends EveningRow>({
  list,
  href,
  empty,
  tonight = false,
  extra,
  label,
}: {
  list: { isPending: boolean; isError: boolean; data: readonly R[] | undefined; refetch: () => unknown };
  href: (eventId: number) => string;
  empty: { title: string; text: string };
  tonight?: boolean;
  extra?: (row: R) => ReactNode;
  label?: string;
}) {
  if (list.isPending) return <Spinner label="Loading your events" />;
  if (list.isError) return <EveningLoadError notFound={false} title="We couldn't load your events" onRetry={() => void list.refetch()} browse={false} />;
  const data = list.data ?? [];
  if (data.length === 0) {
    return (
      <NoticeCard
        icon={CalendarX2}
        title={empty.title}
        actions={
          <Button asChild size="lg">
            <Link to="/create-event">Create an event</Link>
          </Button>
        }
      >
        <p>{empty.text}</p>
      </NoticeCard>
    );
  }
  const rows = tonight ? tonightFirst(data) : [...data].sort(byStart);
  return (
    <ul className="space-y-3" aria-label={label}>
      {rows.map((row) => (
        <li key={row.event.id}>
          <Link
            to={href(row.event.id)}
            className="flex min-h-16 items-center gap-4 rounded-3xl border border-wine-100 bg-white p-4 shadow-sm transition-colors hover:border-wine-300 hover:bg-wine-50"
          >
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-display text-lg font-bold break-words text-wine-900">{row.event.title}</span>
                {tonight && isTonight(row.event) && <Badge tone="apricot">Tonight</Badge>}
                {extra?.(row)}
              </div>
              <p className="mt-1 text-sm text-muted">
                {row.event.venue} · {formatWhen(row.event)}
              </p>
              <p className="mt-1 flex items-center gap-1.5 text-sm text-muted">
                <Users aria-hidden="true" className="size-4" />
                {row.checkedIn} checked in · {row.event.participantCount} registered
              </p>
            </div>
            <ChevronRight aria-hidden="true" className="size-6 shrink-0 text-wine-700" />
          </Link>
        </li>
      ))}
    </ul>
  );
}
