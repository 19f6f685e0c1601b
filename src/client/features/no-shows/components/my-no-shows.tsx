import { CalendarX2 } from 'lucide-react';
import { windowInWords } from '@shared/domain/no-shows';
import { Badge } from '@client/components/ui/badge';
import { Card, CardTitle } from '@client/components/ui/card';
import { LoadError } from '@client/components/ui/load-error';
import { Spinner } from '@client/components/ui/spinner';
import { formatDate } from '@client/lib/format';
import { useMyNoShows } from '../api/no-shows';
import { BookingPauseNotice } from './booking-pause-notice';

/**
 * On /profile: the evenings the member booked and did not come to (docs/decisions/0076), newest first,
 * cleared ones marked with the reason an admin gave, and the pause they make, if any.
 */
export function MyNoShows() {
  const record = useMyNoShows();
  return (
    <Card id="no-shows" className="scroll-mt-24">
      <CardTitle>
        <span className="flex items-center gap-2">
          <CalendarX2 aria-hidden="true" className="size-5 text-wine-700" />
          Evenings you missed
        </span>
      </CardTitle>
      {record.isPending ? (
        <Spinner label="Loading your record" />
      ) : record.isError ? (
        <LoadError title="Could not load your record" message="Please check your connection and try again." onRetry={() => void record.refetch()} />
      ) : (
        <>
          <p className="mt-1 text-sm text-muted">
            A booked evening you don&apos;t come to, without cancelling, is a no-show: someone else could have had your place. {record.data.rule.limit} in{' '}
            {windowInWords(record.data.rule.windowDays)} pause free bookings and waitlists for {record.data.rule.pauseDays} days.
          </p>
          {record.data.pause && <BookingPauseNotice pause={record.data.pause} className="mt-3" onProfile />}
          {record.data.noShows.length === 0 ? (
            <p className="mt-3">None. Thank you for coming to the evenings you book.</p>
          ) : (
            <ul className="mt-3 divide-y divide-wine-100">
              {record.data.noShows.map((n) => (
                <li key={n.id} className="py-3">
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-semibold break-words text-wine-900">{n.eventTitle}</p>
                      <p className="text-sm text-muted">
                        {formatDate(n.eveningAt, 'long')} · {n.venue}
                      </p>
                    </div>
                    {n.cleared ? <Badge tone="green">Cleared</Badge> : <Badge tone="apricot">No-show</Badge>}
                  </div>
                  {n.cleared && (
                    <p className="mt-1 text-sm text-ink">
                      Cleared on {formatDate(n.cleared.at, 'plain')}: <span className="break-words">{n.cleared.reason}</span>
                    </p>
                  )}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Card>
  );
}
