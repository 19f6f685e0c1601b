import { useQueryClient } from '@tanstack/react-query';
import { Activity, CalendarDays, ChevronRight, Headset, MapPin, Pause, Play, Repeat, Users } from 'lucide-react';
import { useEffect, useId, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { ClientMessage, TimerStateMessage } from '@shared/realtime';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { Spinner } from '@client/components/ui/spinner';
import { messageOf } from '@client/lib/api';
import { formatCountdown } from '@client/lib/format';
import { useLiveSocket, useRemainingSeconds } from '@client/lib/live-socket';
import { liveEventsQuery, useLiveEvents, useTimerCommand, type LiveEventRow } from '../api/live';
import { formatWhen, isTonight } from '../lib/format';
import { dashboardStatus, dashboardTone, stageOf } from '../lib/timer';
import { AccessCard } from './access-card';
import { STATUS_BADGE } from './status-badge';

const TIME_TEXT = { red: 'text-red-700', yellow: 'text-amber-700', green: 'text-emerald-700' } as const;
const TIME_BAR = { red: 'bg-red-600', yellow: 'bg-amber-500', green: 'bg-emerald-600' } as const;

const running = (t: TimerStateMessage) => t.phase === 'active' || t.phase === 'grace' || t.phase === 'paused' || (t.phase === 'idle' && t.currentRound > 0);
/** On the live board: tonight's evenings, and any whose timer has run, whatever the clock says. The rest are coming up. */
const onBoard = (r: LiveEventRow) => isTonight(r.event) || running(r.timer) || r.timer.phase === 'ended';

/** What Start All / Start Round sends for an evening, if anything (docs/spec/organiser-tools.md §4). */
function startMessage(t: TimerStateMessage): ClientMessage | null {
  if (t.phase === 'idle') return { type: 'start_timer', currentRound: t.currentRound, autoAdvance: false };
  if (t.phase === 'paused') return { type: 'resume_timer' };
  return null;
}
const pauseMessage = (t: TimerStateMessage): ClientMessage | null => (t.phase === 'active' || t.phase === 'grace' ? { type: 'pause_timer' } : null);

function Stat({ label, value, icon: Icon }: { label: string; value: ReactNode; icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }> }) {
  return (
    <div className="rounded-3xl border border-wine-100 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-muted">{label}</p>
        <span className="inline-flex size-9 items-center justify-center rounded-full bg-apricot-100 text-wine-700">
          <Icon aria-hidden={true} className="size-5" />
        </span>
      </div>
      <p className="mt-1 font-display text-3xl font-bold text-wine-800 sm:text-4xl">{value}</p>
    </div>
  );
}

/** /dashboard (docs/spec/organiser-tools.md §2.10): every evening this host runs, with real timer state. */
/** `eveningExtra`: more about each evening, composed by the page (the "Still coming?" counts, docs/decisions/0074-still-coming.md). */
export function LiveDashboard({ userId, eveningExtra }: { userId: number; eveningExtra?: (eventId: number) => ReactNode }) {
  const list = useLiveEvents();
  const bulk = useTimerCommand();
  const qc = useQueryClient();

  if (list.isPending) return <Spinner label="Loading your events" />;
  if (list.isError) {
    return (
      <AccessCard
        kind="empty"
        title="We couldn't load your events"
        action={
          <Button variant="outline" onClick={() => void list.refetch()}>
            Try again
          </Button>
        }
      >
        <p>Please check your connection and try again.</p>
      </AccessCard>
    );
  }

  const rows = list.data;
  const board = rows.filter(onBoard).sort((a, b) => new Date(a.event.date).getTime() - new Date(b.event.date).getTime());
  const later = rows.filter((r) => !onBoard(r)).sort((a, b) => new Date(a.event.date).getTime() - new Date(b.event.date).getTime());
  const toStart = board.filter((r) => startMessage(r.timer));
  const toPause = board.filter((r) => pauseMessage(r.timer));
  const live = board.filter((r) => running(r.timer));

  const runAll = async (targets: LiveEventRow[], pick: (t: TimerStateMessage) => ClientMessage | null, verb: string) => {
    const results = await Promise.allSettled(
      targets.map((r) => {
        const message = pick(r.timer)!;
        return bulk.mutateAsync({ eventId: r.event.id, message }).then(() => r.event.title);
      }),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    const failed = targets.filter((_, i) => results[i]!.status === 'rejected');
    if (ok) toast.success(`${verb} ${ok} ${ok === 1 ? 'event' : 'events'}`);
    if (failed.length) {
      const first = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      toast.error(`Couldn't update ${failed.map((f) => f.event.title).join(', ')}`, { description: messageOf(first.reason, 'Please try again.') });
    }
    void qc.invalidateQueries({ queryKey: liveEventsQuery.queryKey });
  };

  return (
    <div className="space-y-8">
      <section aria-labelledby="summary-title">
        <h2 id="summary-title" className="sr-only">
          Summary
        </h2>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
          <Stat label="Active events" value={board.filter((r) => dashboardStatus(r.timer) === 'active').length} icon={Activity} />
          <Stat label="Total participants" value={rows.reduce((n, r) => n + r.checkedIn, 0)} icon={Users} />
          <Stat label="Live venues" value={new Set(live.map((r) => r.event.venueId ?? r.event.venue)).size} icon={MapPin} />
          <Stat label="Completed rounds" value={rows.reduce((n, r) => n + r.completedRounds, 0)} icon={Repeat} />
        </div>
        <p className="mt-2 text-sm text-muted">Participants are guests checked in. Live venues have a round running or on a break.</p>
      </section>

      <section aria-labelledby="global-title">
        <Card>
          <h2 id="global-title" className="text-xl font-semibold text-wine-900">
            Global controls
          </h2>
          <p className="mt-1 text-muted">For tonight&apos;s events: start or resume every waiting one, or pause every running one.</p>
          <div className="mt-4 grid gap-3 sm:grid-cols-2">
            <Button size="lg" disabled={bulk.isPending || toStart.length === 0} onClick={() => void runAll(toStart, startMessage, 'Started')}>
              <Play aria-hidden="true" className="size-5" />
              Start All Events{toStart.length > 0 && ` (${toStart.length})`}
            </Button>
            <Button size="lg" variant="outline" disabled={bulk.isPending || toPause.length === 0} onClick={() => void runAll(toPause, pauseMessage, 'Paused')}>
              <Pause aria-hidden="true" className="size-5" />
              Pause All Events{toPause.length > 0 && ` (${toPause.length})`}
            </Button>
          </div>
        </Card>
      </section>

      <section aria-labelledby="tonight-title">
        <h2 id="tonight-title" className="mb-3 text-2xl font-semibold text-wine-900">
          Tonight
        </h2>
        {board.length === 0 ? (
          <AccessCard
            kind="empty"
            title="Nothing running tonight"
            action={
              <Button asChild variant="outline">
                <Link to="/create-event">Create an event</Link>
              </Button>
            }
          >
            <p>Evenings appear here from three hours before they start.</p>
          </AccessCard>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2">
            {board.map((r) => (
              <li key={r.event.id}>
                <LiveEventCard row={r} userId={userId} extra={eveningExtra?.(r.event.id)} />
              </li>
            ))}
          </ul>
        )}
      </section>

      {later.length > 0 && (
        <section aria-labelledby="later-title">
          <h2 id="later-title" className="mb-3 text-2xl font-semibold text-wine-900">
            Coming up
          </h2>
          <ul className="divide-y divide-wine-100 overflow-hidden rounded-3xl border border-wine-100 bg-white shadow-sm">
            {later.map((r) => (
              <li key={r.event.id}>
                <Link to={`/host-control?event=${r.event.id}`} className="flex min-h-16 items-center gap-3 px-4 py-3 hover:bg-wine-50">
                  <CalendarDays aria-hidden="true" className="size-5 shrink-0 text-wine-700" />
                  <span className="min-w-0 flex-1">
                    <span className="block font-semibold text-wine-900">{r.event.title}</span>
                    <span className="block text-sm text-muted">
                      {formatWhen(r.event)} · {r.event.participantCount} registered
                    </span>
                    {eveningExtra?.(r.event.id)}
                  </span>
                  <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-wine-700" />
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** One evening: its live countdown (one socket each, counted locally from endsAt) and Start/Pause Round. */
function LiveEventCard({ row, userId, extra }: { row: LiveEventRow; userId: number; extra?: ReactNode }) {
  const qc = useQueryClient();
  const cmd = useTimerCommand();
  const socket = useLiveSocket(row.event.id, userId, true, (m) => {
    if (m.type === 'error') toast.error(`${row.event.title}: couldn't update the timer`, { description: m.message });
  });
  const useSocket = socket.timer !== null && socket.timer.version >= row.timer.version;
  const timer = useSocket ? socket.timer! : row.timer;
  const remaining = useRemainingSeconds(timer, useSocket ? socket.offset : row.offset);

  // Another host (or the clock) moved this evening on: refresh the board's counts.
  const socketVersion = socket.timer?.version ?? -1;
  useEffect(() => {
    if (socketVersion > row.timer.version) void qc.invalidateQueries({ queryKey: liveEventsQuery.queryKey });
  }, [qc, socketVersion, row.timer.version]);

  const status = dashboardStatus(timer);
  const badge = STATUS_BADGE[status];
  const stage = stageOf(timer);
  const counting = stage === 'active' || stage === 'paused' || stage === 'grace';
  const tone = dashboardTone(remaining);
  const start = startMessage(timer);
  const pause = pauseMessage(timer);
  const titleId = useId();

  const send = (message: ClientMessage) =>
    cmd.mutate(
      { eventId: row.event.id, message },
      { onError: (err) => toast.error(`${row.event.title}: couldn't update the timer`, { description: messageOf(err, 'Please try again.') }) },
    );

  return (
    <article aria-labelledby={titleId} className="flex h-full flex-col rounded-3xl border border-wine-100 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="font-display text-xl font-bold text-wine-900">
            {row.event.title}
          </h3>
          <p className="mt-0.5 text-sm text-muted">
            {row.event.venue} · {formatWhen(row.event)}
          </p>
          {extra}
        </div>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>

      <div className="mt-4 flex items-end justify-between gap-3">
        <div>
          <p className="text-sm font-semibold text-muted">
            {timer.phase === 'ended' ? 'Evening over' : timer.currentRound > 0 ? `Round ${timer.currentRound}` : 'Not started'}
            {stage === 'grace' ? ' · grace period' : stage === 'paused' ? ' · paused' : ''}
          </p>
          <p
            role="timer"
            aria-label={counting ? `${formatCountdown(remaining)} left` : 'No round running'}
            className={cn('font-sans text-6xl font-bold leading-none tabular-nums', counting ? TIME_TEXT[tone] : 'text-stone-500')}
          >
            {counting ? formatCountdown(remaining) : '--:--'}
          </p>
        </div>
        <div className="text-right text-sm text-muted">
          <p>
            <span className="font-semibold text-ink">{row.checkedIn}</span> checked in
          </p>
          <p>
            <span className="font-semibold text-ink">{row.completedRounds}</span> {row.completedRounds === 1 ? 'round' : 'rounds'} done
          </p>
        </div>
      </div>
      <div aria-hidden="true" className="mt-3 h-2.5 overflow-hidden rounded-full bg-wine-100">
        <div
          className={cn('h-full rounded-full transition-[width] duration-300 ease-linear', counting ? TIME_BAR[tone] : 'bg-transparent')}
          style={{ width: `${counting ? Math.min(100, (remaining / Math.max(1, timer.roundDuration)) * 100) : 0}%` }}
        />
      </div>
      {socket.status !== 'open' && <p className="mt-2 text-sm font-medium text-apricot-700">Connecting to timer service...</p>}

      <div className="mt-5 grid grid-cols-2 gap-3">
        <Button size="lg" className="px-3! text-base!" disabled={!start || cmd.isPending} onClick={() => start && send(start)}>
          <Play aria-hidden="true" className="size-5" />
          {timer.phase === 'paused' ? 'Resume Round' : 'Start Round'}
        </Button>
        <Button size="lg" variant="outline" className="px-3! text-base!" disabled={!pause || cmd.isPending} onClick={() => pause && send(pause)}>
          <Pause aria-hidden="true" className="size-5" />
          Pause Round
        </Button>
      </div>
      <Link
        to={`/host-control?event=${row.event.id}`}
        className="mt-3 inline-flex min-h-11 items-center justify-center gap-2 self-start rounded-xl px-2 font-semibold text-wine-700 hover:bg-wine-50"
      >
        <Headset aria-hidden="true" className="size-5" />
        Open host control
        <span className="sr-only"> for {row.event.title}</span>
      </Link>
    </article>
  );
}
