import { Timer, WifiOff } from 'lucide-react';
import { ROUND_DURATION_SECONDS } from '@shared/domain/constants';
import { GRACE_SECONDS } from '@shared/domain/timer';
import type { TimerStateMessage } from '@shared/realtime';
import { cn } from '@client/components/ui/cn';
import { formatCountdown, spokenCountdown } from '@client/lib/format';
import type { ConnectionStatus } from '@client/lib/live-socket';
import { lastHeardText, UNSYNCED_LINE, useTimerSync } from '@client/lib/timer-sync';

export interface RoundView {
  /** The number shown ("Round n"), or null before the first round. */
  round: number | null;
  headline: string;
  detail: string;
  tone: 'live' | 'low' | 'grace' | 'calm';
  /** The short state label next to the round number. */
  badge: 'Live' | 'Switch' | 'Paused' | 'Not running' | 'Ended';
}

/** What the shared server timer means for a guest right now. */
export function describeRound(timer: TimerStateMessage | null, remaining: number, eventCompleted: boolean, matchesReleased = false): RoundView {
  if (eventCompleted || timer?.phase === 'ended')
    return {
      round: null,
      headline: 'The evening has ended',
      detail: matchesReleased
        ? 'Thank you for coming! Your host has released the matches.'
        : 'Thank you for coming! Answer any pending decisions below before your host releases the matches.',
      tone: 'calm',
      badge: 'Ended',
    };
  if (!timer) return { round: null, headline: 'Getting the round timer', detail: 'One moment…', tone: 'calm', badge: 'Not running' };
  const n = timer.currentRound;
  switch (timer.phase) {
    case 'active':
      return remaining > 0
        ? {
            round: n,
            headline: 'Round in progress',
            detail: "Log who you're talking to, then enjoy the conversation.",
            tone: remaining <= 60 ? 'low' : 'live',
            badge: 'Live',
          }
        : { round: n, headline: "Time's up", detail: 'Finish your sentence and say goodbye.', tone: 'grace', badge: 'Switch' };
    case 'grace':
      return {
        round: n,
        headline: "Time's up: switch partners",
        detail: 'Wrap up, answer your decision below, and find your next partner.',
        tone: 'grace',
        badge: 'Switch',
      };
    case 'paused':
      return { round: n || null, headline: 'Paused by the host', detail: 'The clock will carry on when the host resumes.', tone: 'calm', badge: 'Paused' };
    default:
      return n > 0
        ? {
            round: n,
            headline: `Round ${n} is over`,
            detail: 'Answer your decisions below while the host sets up the next round.',
            tone: 'calm',
            badge: 'Not running',
          }
        : {
            round: null,
            headline: 'Waiting for the first round',
            detail: 'Your host will start the clock soon. Get your code ready!',
            tone: 'calm',
            badge: 'Not running',
          };
  }
}

const BAR: Record<RoundView['tone'], string> = {
  live: 'bg-emerald-400',
  low: 'bg-red-400',
  grace: 'bg-apricot-300',
  calm: 'bg-wine-300',
};

/**
 * The shared round clock, as a dark card that stays readable in a dim bar. The countdown is not a
 * live region (it would talk every second); phase changes are announced instead.
 */
export function RoundCard({
  view,
  timer,
  remaining,
  connection,
  heardAt = null,
}: {
  view: RoundView;
  timer: TimerStateMessage | null;
  remaining: number;
  connection: ConnectionStatus;
  /** When the server was last heard (the socket's), for 'Last heard 0:42 ago' while not synchronized. */
  heardAt?: number | null;
}) {
  // One rule with the other clocks of the evening (@client/lib/timer-sync): offline or reconnecting, never 'Live'.
  const sync = useTimerSync(connection, heardAt);
  const unsynced = sync.state === 'unsynced' && view.badge !== 'Ended' && !!timer;
  const heard = unsynced ? lastHeardText(sync) : null;
  const duration = timer?.roundDuration ?? ROUND_DURATION_SECONDS;
  const running = timer?.phase === 'active' || timer?.phase === 'grace' || timer?.phase === 'paused';
  const shown = running ? remaining : timer?.phase === 'idle' && !timer.currentRound ? duration : 0;
  const fraction = running
    ? Math.min(1, Math.max(0, shown / (timer?.phase === 'grace' ? GRACE_SECONDS : duration)))
    : timer?.phase === 'idle' && !timer.currentRound
      ? 1
      : 0;

  return (
    <section aria-labelledby="round-heading" className="overflow-hidden rounded-3xl bg-wine-900 p-5 text-cream shadow-md sm:p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="round-heading" className="flex items-center gap-2 text-xl font-semibold text-cream">
          <Timer aria-hidden="true" className="size-6 text-apricot-300" />
          {view.round ? `Round ${view.round}` : 'Round timer'}
        </h2>
        <span
          className={cn(
            'rounded-full px-3 py-1 text-sm font-semibold',
            unsynced && 'bg-wine-700 text-cream',
            !unsynced && view.tone === 'live' && 'bg-emerald-300 text-emerald-950',
            !unsynced && view.tone === 'low' && 'bg-red-300 text-red-950',
            !unsynced && view.tone === 'grace' && 'bg-apricot-300 text-wine-900',
            !unsynced && view.tone === 'calm' && 'bg-wine-700 text-cream',
          )}
        >
          {unsynced ? 'Not synchronized' : view.badge}
        </span>
      </div>

      <p className="mt-3 font-display text-7xl leading-none font-bold tabular-nums sm:text-8xl" aria-hidden="true">
        {formatCountdown(shown)}
      </p>
      <p className="sr-only">{spokenCountdown(shown)} left</p>

      <div className="mt-4 h-2.5 overflow-hidden rounded-full bg-wine-800" aria-hidden="true">
        <div className={cn('h-full rounded-full', BAR[view.tone])} style={{ width: `${fraction * 100}%` }} />
      </div>

      <p className="mt-4 text-lg font-semibold text-cream">{view.headline}</p>
      {/* Announced when the phase or round changes, never every second. */}
      <p className="sr-only" aria-live="polite">
        {view.round ? `Round ${view.round}: ` : ''}
        {view.headline}
      </p>
      <p className="mt-1 text-wine-100">{view.detail}</p>

      {(connection === 'reconnecting' || (connection === 'connecting' && !timer)) && (
        <p role="status" className="mt-3 flex items-center gap-2 text-sm text-apricot-200">
          <WifiOff aria-hidden="true" className="size-4" />
          {connection === 'reconnecting' ? 'Reconnecting to timer...' : 'Connecting to timer service...'}
        </p>
      )}
      {unsynced && (
        <p className="mt-1 text-sm text-apricot-200">
          {UNSYNCED_LINE}
          {heard && <span className="block font-semibold">{heard}</span>}
        </p>
      )}
    </section>
  );
}
