import type { TimerStateMessage } from '@shared/realtime';
import { cn } from '@client/components/ui/cn';
import { formatCountdown, formatTime } from '@client/lib/format';
import { lastHeardText, UNSYNCED_LINE, type TimerSync } from '@client/lib/timer-sync';
import {
  barPercent,
  DARK_TONE_BAR,
  DARK_TONE_TEXT,
  displaySeconds,
  GRACE_SECONDS,
  participantTone,
  PROGRESS_BASE_SECONDS,
  stageOf,
  type Stage,
} from '../lib/timer';

/** The line under the clock, per stage. */
function stageLine(stage: Stage, round: number): string {
  switch (stage) {
    case 'waiting':
      return 'Waiting for the host to start round 1';
    case 'active':
      return 'Chat away: the clock is shared by everyone in the room';
    case 'paused':
      return 'Paused by the host';
    case 'grace':
      return 'Time to switch: rate your partner, the next round starts soon';
    case 'complete':
      return 'Waiting for the host to start the next round';
    case 'ended':
      return round === 0 ? 'The event has ended' : `The event has ended after round ${round}`;
  }
}

/**
 * The line under the clock while it is not synchronized (@client/lib/timer-sync): the last time
 * heard, and once its end has passed on this phone, that it was due then rather than a round still running.
 */
function unsyncedLine(stage: Stage, round: number, remaining: number, endsAtLocal: number | null): string | null {
  if ((stage === 'active' || stage === 'grace') && remaining <= 0 && endsAtLocal !== null) {
    const due = formatTime(endsAtLocal);
    return stage === 'grace'
      ? `The next round was due to start at ${due}. You'll see it as soon as you're back online.`
      : `Round ${round} was due to end at ${due}. You'll see what comes next as soon as you're back online.`;
  }
  return null;
}

/**
 * Round number, a big mm:ss and the 300-second bar, for the dark timer panel. Participant
 * colours: red at 30 s or less, orange at 60 s or less (both pass AA on the panel). Not
 * synchronized, the line under the clock says so and how old the time is.
 */
export function TimerFace({
  timer,
  remaining,
  size = 'md',
  sync = { state: 'synced' },
  endsAtLocal = null,
  syncLine = true,
}: {
  timer: TimerStateMessage | null;
  remaining: number;
  size?: 'md' | 'xl';
  sync?: TimerSync;
  endsAtLocal?: number | null;
  /** Say 'Not synchronized: showing the last time heard' here (off where the screen's footer says it). */
  syncLine?: boolean;
}) {
  const stage = stageOf(timer);
  const round = timer?.currentRound ?? 0;
  const unsynced = sync.state === 'unsynced' && stage !== 'ended';
  const heard = unsynced ? lastHeardText(sync) : null;
  const line = unsynced ? (unsyncedLine(stage, round, remaining, endsAtLocal) ?? (syncLine ? UNSYNCED_LINE : null)) : stageLine(stage, round);
  const seconds = displaySeconds(timer, remaining);
  const tone = participantTone(stage, seconds);
  const base = stage === 'grace' ? GRACE_SECONDS : PROGRESS_BASE_SECONDS;
  const xl = size === 'xl';

  return (
    <div className="text-center">
      <p className={cn('font-display font-bold text-apricot-200', xl ? 'text-3xl sm:text-4xl' : 'text-2xl')}>
        {stage === 'complete'
          ? `Round ${round} Complete!`
          : round > 0 && stage !== 'ended'
            ? `Round ${round}`
            : stage === 'ended'
              ? 'Event ended'
              : 'Not started yet'}
      </p>
      <p
        role="timer"
        aria-label={`${formatCountdown(seconds)} ${stage === 'grace' ? 'until the next round' : 'left'}`}
        className={cn(
          'mt-1 font-sans font-bold leading-none tabular-nums tracking-tight transition-colors',
          xl ? 'text-[clamp(5.5rem,30vw,13rem)]' : 'text-7xl sm:text-8xl',
          DARK_TONE_TEXT[tone],
        )}
      >
        {formatCountdown(seconds)}
      </p>
      <div aria-hidden="true" className={cn('mx-auto mt-4 w-full overflow-hidden rounded-full bg-white/15', xl ? 'h-4 max-w-lg' : 'h-3')}>
        <div
          className={cn('h-full rounded-full transition-[width] duration-300 ease-linear', DARK_TONE_BAR[tone])}
          style={{ width: `${barPercent(seconds, base)}%` }}
        />
      </div>
      {line && <p className={cn('mt-3 font-medium text-wine-100', xl ? 'text-lg' : 'text-base')}>{line}</p>}
      {heard && <p className={cn(line ? 'mt-1' : 'mt-3', 'font-semibold text-apricot-200', xl ? 'text-base' : 'text-sm')}>{heard}</p>}
    </div>
  );
}
