import { FastForward, Plus } from 'lucide-react';
import { useId } from 'react';
import { ROUND_DURATION_SECONDS } from '@shared/domain/constants';
import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/components/ui/cn';
import { formatCountdown } from '@client/lib/format';
import { lastHeardText, UNSYNCED_LINE } from '@client/lib/timer-sync';
import type { LiveTimer } from '../../hooks/use-live-timer';
import { barPercent, durationLabel, GRACE_SECONDS, HOST_STAGE_LABEL, hostTone, stageOf, type Stage } from '../../lib/timer';
import { ConnectionNotice } from '../connection-notice';
import { ControlButton } from '../control-button';
import { HostOffline, UNSYNCED_BADGE } from '../live-timer';
import { RoundButton } from '../round-button';

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

/** The timer with its status badge, mm:ss and the host's buttons (≥56 px). */
export function HostTimer({ live, totalRounds }: { live: LiveTimer; totalRounds: number }) {
  const { timer, remaining, pending, status, command, sync } = live;
  const unsynced = sync.state === 'unsynced';
  const stage = stageOf(timer);
  const round = timer?.currentRound ?? 0;
  const seconds = stage === 'waiting' ? (timer?.roundDuration ?? ROUND_DURATION_SECONDS) : stage === 'complete' || stage === 'ended' ? 0 : remaining;
  const tone = hostTone(stage, seconds);
  const base = stage === 'grace' ? GRACE_SECONDS : (timer?.roundDuration ?? ROUND_DURATION_SECONDS);
  const busy = pending !== null || status !== 'open' || !timer;
  const ended = stage === 'ended';
  const canExtend = stage === 'active' || stage === 'paused' || stage === 'grace';
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="rounded-3xl bg-ink p-5 text-cream shadow-sm sm:p-6">
      <h2 id={headingId} className="sr-only">
        Round timer
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge tone={unsynced && !ended ? UNSYNCED_BADGE.tone : STAGE_BADGE[stage]} className="text-base">
          {unsynced && !ended ? UNSYNCED_BADGE.label : HOST_STAGE_LABEL[stage]}
        </Badge>
        <p className="font-display text-xl font-bold text-apricot-200">
          {round > 0 && !ended ? `Round ${round}${totalRounds >= round ? ` of ${totalRounds}` : ''}` : ended ? 'Evening over' : 'Before round 1'}
        </p>
      </div>
      <ConnectionNotice status={status} host className="mt-3" />
      <HostOffline />
      <p
        role="timer"
        aria-label={`${formatCountdown(seconds)} ${stage === 'grace' ? 'of grace period left' : 'left'}`}
        className={cn('mt-4 text-center font-sans text-8xl font-bold leading-none tabular-nums tracking-tight sm:text-9xl', HOST_TEXT[tone])}
      >
        {formatCountdown(seconds)}
      </p>
      <div aria-hidden="true" className="mt-5 h-4 overflow-hidden rounded-full bg-white/15">
        <div
          className={cn('h-full rounded-full transition-[width] duration-300 ease-linear', HOST_BAR[tone])}
          style={{ width: `${barPercent(seconds, base)}%` }}
        />
      </div>
      {unsynced && !ended && (
        <p className="mt-3 text-center font-semibold text-apricot-200">
          {UNSYNCED_LINE}
          {lastHeardText(sync) && <span className="block">{lastHeardText(sync)}</span>}
        </p>
      )}
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
          <RoundButton
            live={live}
            busy={busy}
            start={{
              message: { type: 'start_timer', duration: timer?.roundDuration, currentRound: round, autoAdvance: true },
              label: ended ? 'Event ended' : stage === 'complete' ? `Start Round ${round + 1}` : 'Start Event',
              disabled: ended,
            }}
          />
          <ControlButton className="col-span-2 @sm:col-span-1" disabled={busy || ended || round === 0} onClick={() => command({ type: 'next_round' })}>
            <FastForward aria-hidden="true" className="size-5" />
            {pending === 'next_round' ? 'Starting…' : 'Next Round'}
          </ControlButton>
          <ControlButton disabled={busy || !canExtend} onClick={() => command({ type: 'extend_timer', seconds: 60 })}>
            <Plus aria-hidden="true" className="size-5" />1 min
            <span className="sr-only">(add one minute)</span>
          </ControlButton>
          <ControlButton disabled={busy || !canExtend} onClick={() => command({ type: 'extend_timer', seconds: 120 })}>
            <Plus aria-hidden="true" className="size-5" />2 min
            <span className="sr-only">(add two minutes)</span>
          </ControlButton>
        </div>
      </div>
    </section>
  );
}
