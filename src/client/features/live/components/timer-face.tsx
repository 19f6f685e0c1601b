import type { TimerStateMessage } from '@shared/realtime';
import { cn } from '@client/components/ui/cn';
import { formatCountdown } from '@client/lib/format';
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
 * Round number, a big mm:ss and the 300-second bar, for the dark timer panel. Participant
 * colours: red at 30 s or less, orange at 60 s or less (both pass AA on the panel).
 */
export function TimerFace({ timer, remaining, size = 'md' }: { timer: TimerStateMessage | null; remaining: number; size?: 'md' | 'xl' }) {
  const stage = stageOf(timer);
  const round = timer?.currentRound ?? 0;
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
      <p className={cn('mt-3 font-medium text-wine-100', xl ? 'text-lg' : 'text-base')}>{stageLine(stage, round)}</p>
    </div>
  );
}
