import { ChevronRight, Users } from 'lucide-react';
import { Link } from 'react-router';
import type { LiveDashboardRow } from '@shared/schemas/live';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useDoorEvenings } from '../api/door';
import { formatWhen, isTonight } from '../lib/format';
import { DoorNotice } from './door-notice';

const byStart = (a: LiveDashboardRow, b: LiveDashboardRow) => new Date(a.event.date).getTime() - new Date(b.event.date).getTime();

/** The host's evenings in the order a door needs them: tonight's first, then the soonest. */
export function pickerOrder(rows: readonly LiveDashboardRow[], now = Date.now()): LiveDashboardRow[] {
  return [...rows].sort((a, b) => Number(isTonight(b.event, now)) - Number(isTonight(a.event, now)) || byStart(a, b));
}

/** /check-in without ?event: the evenings this host runs, tonight's first, each opening its desk. */
export function DoorEventPicker() {
  const list = useDoorEvenings();
  return (
    <Page>
      <PageTitle sub="Choose the evening you're welcoming guests to: scan their tickets, find them by name and see who is still to come.">Check-in</PageTitle>
      {list.isPending ? (
        <Spinner label="Loading your events" />
      ) : list.isError ? (
        <DoorNotice
          kind="empty"
          title="We couldn't load your events"
          action={
            <Button variant="outline" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        >
          <p>Please check your connection and try again.</p>
        </DoorNotice>
      ) : list.data.length === 0 ? (
        <DoorNotice
          kind="empty"
          title="No events to check in"
          action={
            <Button asChild>
              <Link to="/create-event">Create an event</Link>
            </Button>
          }
        >
          <p>Evenings you host appear here, so you can welcome their guests at the door.</p>
        </DoorNotice>
      ) : (
        <ul className="space-y-3">
          {pickerOrder(list.data).map((row) => (
            <li key={row.event.id}>
              <Link
                to={`/check-in?event=${row.event.id}`}
                className="flex min-h-16 items-center gap-4 rounded-3xl border border-wine-100 bg-white p-4 shadow-sm transition-colors hover:border-wine-300 hover:bg-wine-50"
              >
                <div className="min-w-0 flex-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-display text-lg font-bold break-words text-wine-900">{row.event.title}</span>
                    {isTonight(row.event) && <Badge tone="apricot">Tonight</Badge>}
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
      )}
    </Page>
  );
}
