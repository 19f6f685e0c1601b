import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { CalendarClock, Check, Clock, Coffee, FastForward, Flag, LayoutDashboard, Megaphone, MonitorSmartphone, Pause, Play, Plus, RefreshCw, ScanLine, Share2, UserRoundX } from 'lucide-react';
import { useEffect, useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ROUND_DURATION_SECONDS } from '@shared/domain/constants';
import type { EventDetail } from '@shared/schemas/events';
import type { ProgressRow, RoundRecord } from '@shared/schemas/live';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { Page } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, messageOf } from '@client/lib/api';
import { formatCountdown, formatTime } from '@client/lib/format';
import { useEvent } from '@client/lib/queries';
import { liveEventsQuery, progressQuery, roundsQuery, rotationQuery, useReleaseContacts } from '../api/live';
import { useTimerAnnouncements } from '../hooks/use-announcements';
import { useLiveTimer, type LiveTimer } from '../hooks/use-live-timer';
import { formatWhen } from '../lib/format';
import { barPercent, durationLabel, GRACE_SECONDS, HOST_STAGE_LABEL, hostTone, stageOf, type Stage } from '../lib/timer';
import { AccessCard } from './access-card';
import { ConnectionNotice } from './connection-notice';
import { ControlButton } from './control-button';
import { ConfirmDialog, EndEventDialog } from './end-event-dialog';

const STAGE_BADGE: Record<Stage, 'green' | 'apricot' | 'grey' | 'wine' | 'red'> = {
  waiting: 'grey',
  active: 'green',
  grace: 'apricot',
  paused: 'wine',
  complete: 'wine',
  ended: 'grey',
};

const HOST_TEXT = { green: 'text-cream', red: 'text-red-400', yellow: 'text-amber-300', muted: 'text-wine-200' } as const;
const HOST_BAR = { green: 'bg-emerald-400', red: 'bg-red-500', yellow: 'bg-amber-300', muted: 'bg-wine-300' } as const;

function Panel({ title, action, children, className }: { title: string; action?: ReactNode; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <Card className={className}>
      <section aria-labelledby={id}>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
          <h2 id={id} className="text-xl font-semibold text-wine-900">
            {title}
          </h2>
          {action}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** /host-control (docs/spec/organiser-tools.md §2.6) for one evening: the viewer must host it. */
export function HostConsole({ eventId, userId }: { eventId: number; userId: number }) {
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
          <p>{notFound ? 'This event does not exist or has been removed.' : detail.isError ? 'Please check your connection and try again.' : 'Only the host of an evening can run its timer. Pick one of the evenings you host.'}</p>
        </AccessCard>
      </Page>
    );
  }
  return <Console event={detail.data} userId={userId} />;
}

function Console({ event, userId }: { event: EventDetail; userId: number }) {
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
          <SubmissionProgress round={shownRound} rows={progress.data} loading={progress.isPending} error={progress.isError} onRefresh={() => void progress.refetch()} refreshing={progress.isFetching} />
          {ended ? (
            <Panel title="Tables">
              <p className="text-muted">The evening has ended{lastRound > 0 ? ` after ${lastRound} ${lastRound === 1 ? 'round' : 'rounds'}` : ''}. Guests can still rate their partners until you release the contacts.</p>
            </Panel>
          ) : (
            <RotationPanel round={round} rows={rotation.data?.filter((r) => r.round === round)} loading={round > 0 && rotation.isPending} />
          )}
        </div>
        <div className="space-y-5 lg:col-span-2 lg:space-y-6">
          <EventStatus live={live} checkedIn={progress.data?.length} totalRounds={totalRounds} />
          <QuickActions live={live} eventId={event.id} />
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

/** The timer with its status badge, mm:ss and the host's buttons (≥56 px). */
function HostTimer({ live, totalRounds }: { live: LiveTimer; totalRounds: number }) {
  const { timer, remaining, pending, status, command } = live;
  const stage = stageOf(timer);
  const round = timer?.currentRound ?? 0;
  const seconds = stage === 'waiting' ? (timer?.roundDuration ?? ROUND_DURATION_SECONDS) : stage === 'complete' || stage === 'ended' ? 0 : remaining;
  const tone = hostTone(stage, seconds);
  const base = stage === 'grace' ? GRACE_SECONDS : (timer?.roundDuration ?? ROUND_DURATION_SECONDS);
  const busy = pending !== null || status !== 'open' || !timer;
  const ended = stage === 'ended';
  const canExtend = stage === 'active' || stage === 'paused' || stage === 'grace';
  const headingId = useId();

  const primary =
    stage === 'paused' ? (
      <ControlButton tone="primary" className="col-span-2 @sm:col-span-1" disabled={busy} onClick={() => command({ type: 'resume_timer' })}>
        <Play aria-hidden="true" className="size-5" />
        {pending === 'resume_timer' ? 'Resuming…' : 'Resume'}
      </ControlButton>
    ) : stage === 'active' || stage === 'grace' ? (
      <ControlButton tone="primary" className="col-span-2 @sm:col-span-1" disabled={busy} onClick={() => command({ type: 'pause_timer' })}>
        <Pause aria-hidden="true" className="size-5" />
        {pending === 'pause_timer' ? 'Pausing…' : 'Pause'}
      </ControlButton>
    ) : (
      <ControlButton
        tone="primary"
        className="col-span-2 @sm:col-span-1"
        disabled={busy || ended}
        onClick={() => command({ type: 'start_timer', duration: timer?.roundDuration, currentRound: round, autoAdvance: true })}
      >
        <Play aria-hidden="true" className="size-5" />
        {pending === 'start_timer' ? 'Starting…' : ended ? 'Event ended' : stage === 'complete' ? `Start Round ${round + 1}` : 'Start Event'}
      </ControlButton>
    );

  return (
    <section aria-labelledby={headingId} className="rounded-3xl bg-ink p-5 text-cream shadow-sm sm:p-6">
      <h2 id={headingId} className="sr-only">
        Round timer
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge tone={STAGE_BADGE[stage]} className="text-base">
          {HOST_STAGE_LABEL[stage]}
        </Badge>
        <p className="font-display text-xl font-bold text-apricot-200">
          {round > 0 && !ended ? `Round ${round}${totalRounds >= round ? ` of ${totalRounds}` : ''}` : ended ? 'Evening over' : 'Before round 1'}
        </p>
      </div>
      <ConnectionNotice status={status} host className="mt-3" />
      <p
        role="timer"
        aria-label={`${formatCountdown(seconds)} ${stage === 'grace' ? 'of grace period left' : 'left'}`}
        className={cn('mt-4 text-center font-sans text-8xl font-bold leading-none tabular-nums tracking-tight sm:text-9xl', HOST_TEXT[tone])}
      >
        {formatCountdown(seconds)}
      </p>
      <div aria-hidden="true" className="mt-5 h-4 overflow-hidden rounded-full bg-white/15">
        <div className={cn('h-full rounded-full transition-[width] duration-300 ease-linear', HOST_BAR[tone])} style={{ width: `${barPercent(seconds, base)}%` }} />
      </div>
      <p className="mt-3 text-center text-wine-100">
        {stage === 'grace'
          ? 'Grace period: guests rate their partner. The next round starts by itself.'
          : stage === 'complete'
            ? `Round ${round} is complete. Start the next round when the room is ready.`
            : timer?.autoAdvance && !ended
              ? `Auto-advance is on: a ${GRACE_SECONDS}-second grace period follows each round.`
              : stage === 'waiting'
                ? `Start Event begins round 1 (${durationLabel(timer?.roundDuration ?? ROUND_DURATION_SECONDS)}) with auto-advance.`
                : ended
                  ? 'The timer is stopped for everyone.'
                  : 'Auto-advance is off: each round stops at zero.'}
      </p>
      <div className="mt-5 @container">
        <div className="grid grid-cols-2 gap-3">
          {primary}
          <ControlButton className="col-span-2 @sm:col-span-1" disabled={busy || ended || round === 0} onClick={() => command({ type: 'next_round' })}>
            <FastForward aria-hidden="true" className="size-5" />
            {pending === 'next_round' ? 'Starting…' : 'Next Round'}
          </ControlButton>
          <ControlButton disabled={busy || !canExtend} onClick={() => command({ type: 'extend_timer', seconds: 60 })}>
            <Plus aria-hidden="true" className="size-5" />
            1 min
            <span className="sr-only">(add one minute)</span>
          </ControlButton>
          <ControlButton disabled={busy || !canExtend} onClick={() => command({ type: 'extend_timer', seconds: 120 })}>
            <Plus aria-hidden="true" className="size-5" />
            2 min
            <span className="sr-only">(add two minutes)</span>
          </ControlButton>
        </div>
      </div>
    </section>
  );
}

function classify(rows: ProgressRow[]) {
  return {
    submitted: rows.filter((r) => r.hasSubmitted),
    pending: rows.filter((r) => !r.hasSubmitted && !r.sittingOut && r.partnerId !== null),
    sittingOut: rows.filter((r) => r.sittingOut),
    notPlaced: rows.filter((r) => !r.sittingOut && r.partnerId === null),
  };
}

function NameList({ rows, icon: Icon, tone, empty }: { rows: ProgressRow[]; icon: typeof Check; tone: 'green' | 'apricot'; empty: string }) {
  if (rows.length === 0) return <p className="text-muted">{empty}</p>;
  return (
    <ul className="space-y-2">
      {rows.map((r) => (
        <li key={r.id} className="flex min-h-11 items-center gap-3 rounded-2xl bg-cream px-3 ring-1 ring-wine-100">
          <span className={cn('inline-flex size-7 items-center justify-center rounded-full', tone === 'green' ? 'bg-emerald-100 text-emerald-800' : 'bg-apricot-100 text-apricot-700')}>
            <Icon aria-hidden="true" className="size-4" />
          </span>
          <span className="font-medium text-ink">{r.name}</span>
        </li>
      ))}
    </ul>
  );
}

/** Who has rated this round's partner (from real ratings), and who has not yet. */
function SubmissionProgress({ round, rows, loading, error, onRefresh, refreshing }: { round: number; rows: ProgressRow[] | undefined; loading: boolean; error: boolean; onRefresh: () => void; refreshing: boolean }) {
  const refresh = (
    <Button variant="ghost" size="sm" onClick={onRefresh} disabled={refreshing}>
      <RefreshCw aria-hidden="true" className={cn('size-5', refreshing && 'motion-safe:animate-spin')} />
      Refresh
    </Button>
  );
  if (round === 0) {
    return (
      <Panel title="Submission progress" action={refresh}>
        <p className="text-muted">Once round 1 starts, you&apos;ll see who has rated their partner and who is still to.{rows ? ` ${rows.length} ${rows.length === 1 ? 'guest is' : 'guests are'} checked in.` : ''}</p>
      </Panel>
    );
  }
  if (loading) return <Panel title="Submission progress"><Spinner /></Panel>;
  if (error || !rows) return <Panel title="Submission progress" action={refresh}><p className="text-muted">We couldn&apos;t load the ratings. Try Refresh.</p></Panel>;
  const c = classify(rows);
  const expected = c.submitted.length + c.pending.length;
  const pct = expected ? Math.round((c.submitted.length / expected) * 100) : 0;
  return (
    <Panel title="Submission progress" action={refresh}>
      <p className="text-ink">
        <span className="font-display text-3xl font-bold text-wine-800">{c.submitted.length}</span>
        <span className="text-lg text-muted"> of {expected} rated their round {round} partner</span>
      </p>
      <div className="mt-3 h-3 overflow-hidden rounded-full bg-wine-100" role="progressbar" aria-label={`Round ${round} ratings submitted`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
        <div className="h-full rounded-full bg-emerald-600" style={{ width: `${pct}%` }} />
      </div>
      <div className="mt-5 grid gap-5 sm:grid-cols-2">
        <div>
          <h3 className="mb-2 font-sans text-base font-semibold text-wine-900">Submitted ({c.submitted.length})</h3>
          <NameList rows={c.submitted} icon={Check} tone="green" empty="No ratings yet this round." />
        </div>
        <div>
          <h3 className="mb-2 font-sans text-base font-semibold text-wine-900">Pending ({c.pending.length})</h3>
          <NameList rows={c.pending} icon={Clock} tone="apricot" empty="Everyone has rated. 🎉" />
        </div>
      </div>
      {(c.sittingOut.length > 0 || c.notPlaced.length > 0) && (
        <div className="mt-4 space-y-1 text-sm text-muted">
          {c.sittingOut.length > 0 && (
            <p className="flex items-center gap-2">
              <Coffee aria-hidden="true" className="size-4" />
              Sitting out: {c.sittingOut.map((r) => r.name).join(', ')}
            </p>
          )}
          {c.notPlaced.length > 0 && (
            <p className="flex items-center gap-2">
              <UserRoundX aria-hidden="true" className="size-4" />
              Joins next round: {c.notPlaced.map((r) => r.name).join(', ')}
            </p>
          )}
        </div>
      )}
    </Panel>
  );
}

/** This round's tables. */
function RotationPanel({ round, rows, loading }: { round: number; rows: { table: number | null; a: { id: number; name: string }; b: { id: number; name: string } | null }[] | undefined; loading: boolean }) {
  const title = round > 0 ? `Round ${round} tables` : 'Tables';
  if (round === 0) {
    return (
      <Panel title={title}>
        <p className="text-muted">The rotation is planned from the checked-in guests when round 1 starts: nobody meets twice, byes are shared fairly.</p>
      </Panel>
    );
  }
  if (loading) return <Panel title={title}><Spinner /></Panel>;
  const pairs = (rows ?? []).filter((r) => r.b).sort((x, y) => (x.table ?? 0) - (y.table ?? 0));
  const byes = (rows ?? []).filter((r) => !r.b);
  return (
    <Panel title={title}>
      {pairs.length === 0 ? (
        <p className="text-muted">No pairs this round. Check guests in, then start the next round.</p>
      ) : (
        <ul className="grid gap-2 sm:grid-cols-2">
          {pairs.map((p) => (
            <li key={`${p.a.id}-${p.b!.id}`} className="flex min-h-12 items-center gap-3 rounded-2xl bg-cream px-3 py-2 ring-1 ring-wine-100">
              <span className="inline-flex shrink-0 justify-center whitespace-nowrap rounded-xl bg-wine-700 px-2.5 py-1 text-sm font-bold text-white">Table {p.table}</span>
              <span className="font-medium text-ink">
                {p.a.name} &amp; {p.b!.name}
              </span>
            </li>
          ))}
        </ul>
      )}
      {byes.length > 0 && (
        <p className="mt-3 flex items-center gap-2 text-sm text-muted">
          <Coffee aria-hidden="true" className="size-4" />
          Sitting out: {byes.map((b) => b.a.name).join(', ')}
        </p>
      )}
    </Panel>
  );
}

function EventStatus({ live, checkedIn, totalRounds }: { live: LiveTimer; checkedIn: number | undefined; totalRounds: number }) {
  const stage = stageOf(live.timer);
  const round = live.timer?.currentRound ?? 0;
  const items: [string, ReactNode][] = [
    ['Checked in', checkedIn ?? '…'],
    ['Round', round > 0 && stage !== 'ended' ? `${round}${totalRounds >= round ? ` of ${totalRounds}` : ''}` : '–'],
    ['Phase', HOST_STAGE_LABEL[stage]],
    ['Round length', durationLabel(live.timer?.roundDuration ?? ROUND_DURATION_SECONDS)],
    // Start Event (and Start Round n) turn auto-advance on: before round 1 that is what will happen.
    ['Auto-advance', stage === 'waiting' ? 'On from round 1' : live.timer?.autoAdvance ? `On (${GRACE_SECONDS} s grace)` : 'Off'],
  ];
  return (
    <Panel title="Event status">
      <dl className="grid grid-cols-2 gap-3">
        {items.map(([k, v]) => (
          <div key={k} className="rounded-2xl bg-cream p-3 ring-1 ring-wine-100">
            <dt className="text-sm font-semibold text-muted">{k}</dt>
            <dd className="mt-0.5 font-display text-xl font-bold text-wine-900">{v}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

function QuickActions({ live, eventId }: { live: LiveTimer; eventId: number }) {
  const { timer, pending, status, command } = live;
  const release = useReleaseContacts(eventId);
  const endHintId = useId();
  const stage = stageOf(timer);
  const busy = pending !== null || status !== 'open' || !timer;
  const ended = stage === 'ended';
  const canExtend = stage === 'active' || stage === 'paused' || stage === 'grace';
  // Nothing to end before round 1: ending then would close the evening before anyone met.
  const canEnd = !busy && !ended && stage !== 'waiting';
  return (
    <Panel title="Quick actions">
      <div className="grid gap-3">
        <Button variant="secondary" size="lg" disabled={busy || !canExtend} onClick={() => command({ type: 'extend_timer', seconds: 60 })}>
          <Plus aria-hidden="true" className="size-5" />
          Extend +1 minute
        </Button>
        <Button variant="secondary" size="lg" disabled={busy || ended || (timer?.currentRound ?? 0) === 0} onClick={() => command({ type: 'next_round' })}>
          <FastForward aria-hidden="true" className="size-5" />
          Force next round
        </Button>
        <EndEventDialog
          disabled={!canEnd}
          onConfirm={() => command({ type: 'end_event' })}
          trigger={
            <Button variant="destructive" size="lg" disabled={!canEnd} aria-describedby={stage === 'waiting' ? endHintId : undefined}>
              <Flag aria-hidden="true" className="size-5" />
              {ended ? 'Event ended' : 'End Event Now'}
            </Button>
          }
        />
        {stage === 'waiting' && (
          <p id={endHintId} className="text-sm text-muted">
            End Event Now is available once round 1 has started.
          </p>
        )}
        {ended && (
          <ConfirmDialog
            destructive={false}
            icon={Share2}
            disabled={release.isPending}
            title="Release contacts to matches?"
            description="Every mutual match of this evening sees the other's contact details, on their matches page straight away. Ratings close once contacts are released."
            confirmLabel="Release contacts"
            onConfirm={() =>
              release.mutate(undefined, {
                onSuccess: (r) => toast.success('Contacts released', { description: `${r.matches} ${r.matches === 1 ? 'match' : 'matches'} can now see each other's contact details.` }),
                onError: (err) => toast.error("Couldn't release contacts", { description: messageOf(err, 'Please try again.') }),
              })
            }
            trigger={
              <Button size="lg" disabled={release.isPending}>
                <Share2 aria-hidden="true" className="size-5" />
                {release.isPending ? 'Releasing…' : release.isSuccess ? 'Contacts released' : 'Release contacts'}
              </Button>
            }
          />
        )}
      </div>
    </Panel>
  );
}

const STATUS_TONE: Record<string, 'green' | 'wine' | 'grey'> = { active: 'green', completed: 'wine', skipped: 'grey' };

function RoundHistory({ rounds }: { rounds: UseQueryResult<RoundRecord[]> }) {
  return (
    <Panel title="Round history">
      {rounds.isPending ? (
        <Spinner />
      ) : rounds.isError ? (
        <p className="text-muted">We couldn&apos;t load the round history.</p>
      ) : rounds.data.length === 0 ? (
        <p className="flex items-center gap-2 text-muted">
          <CalendarClock aria-hidden="true" className="size-5" />
          No rounds yet tonight.
        </p>
      ) : (
        <ol className="space-y-2">
          {[...rounds.data].reverse().map((r) => (
            <li key={r.round} className="rounded-2xl bg-cream p-3 ring-1 ring-wine-100">
              <div className="flex items-center justify-between gap-2">
                <p className="font-display text-lg font-bold text-wine-900">Round {r.round}</p>
                <Badge tone={STATUS_TONE[r.status] ?? 'grey'}>{r.status.charAt(0).toUpperCase() + r.status.slice(1)}</Badge>
              </div>
              <p className="mt-1 text-sm text-muted">
                {formatTime(r.startTime)} · {durationLabel(r.duration)} · {r.participantsSubmitted} of {r.totalParticipants} rated
              </p>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
