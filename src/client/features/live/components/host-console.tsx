import { useQuery, useQueryClient } from '@tanstack/react-query';
import { LayoutDashboard, Megaphone, MonitorSmartphone, ScanLine } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { EventDetail } from '@shared/schemas/events';
import { Button } from '@client/components/ui/button';
import { Page } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api';
import { useEvent } from '@client/lib/queries/events';
import { liveEventsQuery, progressQuery, roundsQuery, rotationQuery } from '../api/live';
import { useTimerAnnouncements } from '../hooks/use-announcements';
import { useLiveTimer, type LiveTimer } from '../hooks/use-live-timer';
import { formatWhen } from '../lib/format';
import { AccessCard } from './access-card';
import { EventStatus } from './host-console/event-status';
import { HostTimer } from './host-console/host-timer';
import { Panel } from './host-console/panel';
import { QuickActions } from './host-console/quick-actions';
import { RotationPanel } from './host-console/rotation-panel';
import { RoundHistory } from './host-console/round-history';
import { SubmissionProgress } from './host-console/submission-progress';

/** /host-control (docs/spec/organiser-tools.md §2.6) for one evening: the viewer must host it. */
export function HostConsole({
  eventId,
  userId,
  aside,
}: {
  eventId: number;
  userId: number;
  /** More of the host's tools for this evening, beside the quick actions (composed in app/). */ aside?: ReactNode;
}) {
  const detail = useEvent(eventId);
  if (detail.isPending) return <Spinner label="Loading the event" />;
  if (detail.isError || !detail.data.viewer.isHost) {
    const notFound = detail.isError && detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <Page>
        <h1 className="mb-6 text-3xl font-bold text-wine-900">Host Control</h1>
        <AccessCard
          kind={detail.isError ? 'empty' : 'denied'}
          title={notFound ? 'Event not found' : detail.isError ? "We couldn't load this event" : "You don't host this event"}
          action={
            <Button asChild variant="outline">
              <Link to="/host-control">Choose another event</Link>
            </Button>
          }
        >
          <p>
            {notFound
              ? 'This event does not exist or has been removed.'
              : detail.isError
                ? 'Please check your connection and try again.'
                : 'Only the host of an evening can run its timer. Pick one of the evenings you host.'}
          </p>
        </AccessCard>
      </Page>
    );
  }
  return <Console event={detail.data} userId={userId} aside={aside} />;
}

function Console({ event, userId, aside }: { event: EventDetail; userId: number; aside?: ReactNode }) {
  // The socket keeps the round history, the progress and the rotation current (@client/lib/live-socket).
  const live = useLiveTimer(event.id, userId, true, { primary: true });
  const round = live.timer?.currentRound ?? 0;
  const phase = live.timer?.phase;

  const history = useQuery(roundsQuery(event.id));
  // After the end the timer's round is back to 0: ratings of the last round still matter.
  const ended = phase === 'ended';
  const lastRound = history.data?.reduce((max, r) => Math.max(max, r.round), 0) ?? 0;
  const shownRound = ended ? lastRound : round;
  const progress = useQuery(progressQuery(event.id, shownRound));
  const rotation = useQuery({ ...rotationQuery(event.id), enabled: round > 0 });
  const totalRounds = rotation.data?.reduce((max, r) => Math.max(max, r.round), 0) ?? 0;
  const announcement = useTimerAnnouncements(live.timer, live.remaining);
  useKeepPickerCurrent(event.id, live.timer);

  return (
    <Page wide>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-wide text-wine-600">Host Control</p>
          <h1 className="text-3xl font-bold text-wine-900">{event.title}</h1>
          <p className="mt-1 text-muted">
            {event.venue} · {formatWhen(event)}
          </p>
        </div>
        <nav aria-label="Host tools" className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <Link to={`/check-in?event=${event.id}`}>
              <ScanLine aria-hidden="true" className="size-5" />
              Check-in
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={`/messaging?event=${event.id}`}>
              <Megaphone aria-hidden="true" className="size-5" />
              Messages
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to={`/timer?event=${event.id}`}>
              <MonitorSmartphone aria-hidden="true" className="size-5" />
              Guest view
            </Link>
          </Button>
          <Button asChild variant="outline" size="sm">
            <Link to="/dashboard">
              <LayoutDashboard aria-hidden="true" className="size-5" />
              All events
            </Link>
          </Button>
        </nav>
      </div>

      <div className="grid gap-5 lg:grid-cols-5 lg:items-start lg:gap-6">
        <div className="space-y-5 lg:col-span-3 lg:space-y-6">
          <HostTimer live={live} totalRounds={totalRounds} />
          <SubmissionProgress
            round={shownRound}
            rows={progress.data}
            loading={progress.isPending}
            error={progress.isError}
            onRefresh={() => void progress.refetch()}
            refreshing={progress.isFetching}
          />
          {ended ? (
            <Panel title="Tables">
              <p className="text-muted">
                The evening has ended{lastRound > 0 ? ` after ${lastRound} ${lastRound === 1 ? 'round' : 'rounds'}` : ''}. Guests can still rate their partners
                until you release the contacts.
              </p>
            </Panel>
          ) : (
            <RotationPanel round={round} rows={rotation.data?.filter((r) => r.round === round)} loading={round > 0 && rotation.isPending} />
          )}
        </div>
        <div className="space-y-5 lg:col-span-2 lg:space-y-6">
          <EventStatus live={live} checkedIn={progress.data?.length} totalRounds={totalRounds} />
          <QuickActions live={live} eventId={event.id} />
          {aside}
          <RoundHistory rounds={history} />
        </div>
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </Page>
  );
}

/**
 * The event picker (/host-control) caches the host's evenings: when this console sees the timer
 * move (round 1 starting, a pause, the end), put the new state in that list too, so going back
 * to the picker never shows 'Waiting' for an evening that is running.
 */
function useKeepPickerCurrent(eventId: number, timer: LiveTimer['timer']) {
  const qc = useQueryClient();
  useEffect(() => {
    if (!timer) return;
    const now = Date.now();
    qc.setQueryData(liveEventsQuery.queryKey, (rows) =>
      rows?.map((r) => (r.event.id === eventId && timer.version > r.timer.version ? { ...r, timer, offset: timer.serverNow - now } : r)),
    );
  }, [qc, eventId, timer]);
}
