import { ChevronRight, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useLiveEvents, type LiveEventRow } from '../api/live';
import { formatWhen, isTonight } from '../lib/format';
import { dashboardStatus } from '../lib/timer';
import { AccessCard } from './access-card';
import { STATUS_BADGE } from './status-badge';

/** How often the picker asks for its evenings' states while it is open. */
export const PICKER_REFRESH_MS = 15_000;

const byStart = (a: LiveEventRow, b: LiveEventRow) => new Date(a.event.date).getTime() - new Date(b.event.date).getTime();

/** /host-control without ?event: the evenings this host runs, tonight's first. */
export function EventPicker() {
  // Rounds start elsewhere too (the console, an event page, the clock): ask again on every visit and every 15 s.
  const list = useLiveEvents(true, { refetchOnMount: 'always', refetchInterval: PICKER_REFRESH_MS });
  return (
    <Page>
      <PageTitle sub="Choose the evening you're running to open its timer, rotation and ratings.">Host Control</PageTitle>
      {list.isPending ? (
        <Spinner label="Loading your events" />
      ) : list.isError ? (
        <AccessCard kind="empty" title="We couldn't load your events" action={<Button variant="outline" onClick={() => void list.refetch()}>Try again</Button>}>
          <p>Please check your connection and try again.</p>
        </AccessCard>
      ) : list.data.length === 0 ? (
        <AccessCard kind="empty" title="No events to run" action={<Button asChild><Link to="/create-event">Create an event</Link></Button>}>
          <p>Evenings you host appear here from the day they happen.</p>
        </AccessCard>
      ) : (
        <ul className="space-y-3">
          {[...list.data]
            .sort((a, b) => Number(isTonight(b.event)) - Number(isTonight(a.event)) || byStart(a, b))
            .map((row) => {
              const status = STATUS_BADGE[dashboardStatus(row.timer)];
              return (
                <li key={row.event.id}>
                  <Link
                    to={`/host-control?event=${row.event.id}`}
                    className="flex min-h-16 items-center gap-4 rounded-3xl border border-wine-100 bg-white p-4 shadow-sm transition-colors hover:border-wine-300 hover:bg-wine-50"
                  >
                    <div className="min-w-0 flex-1">
                      <div className="flex flex-wrap items-center gap-2">
                        <span className="font-display text-lg font-bold text-wine-900">{row.event.title}</span>
                        {isTonight(row.event) && <Badge tone="apricot">Tonight</Badge>}
                        <Badge tone={status.tone}>{status.label}</Badge>
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
              );
            })}
        </ul>
      )}
    </Page>
  );
}
