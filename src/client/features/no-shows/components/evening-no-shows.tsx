import { CalendarX2 } from 'lucide-react';
import { Card, CardTitle } from '@client/components/ui/card';
import { LoadError } from '@client/components/ui/load-error';
import { Spinner } from '@client/components/ui/spinner';
import { formatDate } from '@client/lib/format';
import { useEveningNoShows } from '../api/no-shows';

/**
 * On the host's /dashboard: each of their evenings over, with how many booked guests did not come
 * (docs/decisions/0076). Counts only: who they were is theirs and the admins' to know.
 */
export function EveningNoShowsCard({ enabled }: { enabled: boolean }) {
  const list = useEveningNoShows(enabled);
  return (
    <section aria-labelledby="no-shows-title">
      <Card>
        <CardTitle id="no-shows-title" className="flex items-center gap-2">
          <CalendarX2 aria-hidden="true" className="size-5 text-wine-700" />
          No-shows at your evenings
        </CardTitle>
        <p className="mt-1 text-sm text-muted">Booked guests not checked in by the end of the evening. Counts only; cleared ones were excused by an admin.</p>
        {list.isPending ? (
          <Spinner label="Loading no-shows" />
        ) : list.isError ? (
          <LoadError title="Could not load the no-shows" message="Please check your connection and try again." onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <p className="mt-3">No evening of yours has ended yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-wine-100">
            {list.data.map((e) => (
              <li key={e.eventId} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3">
                <span className="min-w-0">
                  <span className="block font-semibold break-words text-wine-900">{e.title}</span>
                  <span className="block text-sm text-muted">{formatDate(e.date, 'medium')}</span>
                </span>
                <span className="text-ink">
                  <span className="font-display text-2xl font-bold text-wine-800">{e.noShows}</span> of {e.booked} booked didn&apos;t come
                  {e.cleared > 0 && <span className="text-sm text-muted"> ({e.cleared} cleared)</span>}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}
