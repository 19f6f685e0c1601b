import { FastForward, Flag } from 'lucide-react';
import { useId, useState } from 'react';
import { Badge } from '@client/components/ui/badge';
import { useOnline } from '@client/lib/connectivity';
import { useEvent } from '@client/lib/queries/events';
import { useTimerAnnouncements } from '../hooks/use-announcements';
import { HOST_OFFLINE_TEXT, HOST_OFFLINE_TITLE, useLiveTimer, type LiveTimer as LiveTimerState } from '../hooks/use-live-timer';
import { DURATION_CHOICES, stageOf, type Stage } from '../lib/timer';
import { ConnectionNotice } from './connection-notice';
import { ControlButton } from './control-button';
import { EndEventDialog } from './end-event-dialog';
import { RoundButton } from './round-button';
import { TimerFace } from './timer-face';

const BADGE: Record<Stage, { label: string; tone: 'wine' | 'apricot' | 'green' | 'grey' | 'red' }> = {
  waiting: { label: 'Waiting', tone: 'grey' },
  active: { label: 'Live', tone: 'green' },
  paused: { label: 'Paused', tone: 'apricot' },
  grace: { label: 'Switching', tone: 'apricot' },
  complete: { label: 'Round complete', tone: 'wine' },
  ended: { label: 'Ended', tone: 'grey' },
};
/** Any running stage while the clock is not synchronized (@client/lib/timer-sync): never 'Live'. */
export const UNSYNCED_BADGE = { label: 'Not synchronized', tone: 'grey' } as const;

/**
 * The round timer of an event page (docs/spec/member-app.md, Event detail). Everyone sees the round,
 * mm:ss and the bar; a host of the event (when the server agrees) also gets the controls.
 */
export function LiveTimer({ eventId, userId, isHost }: { eventId: number; userId: number; isHost: boolean }) {
  const detail = useEvent(eventId);
  // `isHost` is only a wish (e.g. ?admin=true): the controls show when the server says this viewer hosts the event.
  const honoured = isHost && detail.data?.viewer.isHost === true;
  const live = useLiveTimer(eventId, userId, isHost, { primary: true });
  const stage = stageOf(live.timer);
  const announcement = useTimerAnnouncements(live.timer, live.remaining);
  const headingId = useId();
  const badge = live.sync.state === 'unsynced' && stage !== 'ended' ? UNSYNCED_BADGE : BADGE[stage];

  return (
    <section aria-labelledby={headingId} className="rounded-3xl bg-ink p-5 text-cream shadow-sm sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-xl font-semibold text-cream">
          Live timer
        </h2>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>
      <ConnectionNotice status={live.status} host={isHost && detail.data?.viewer.isHost !== false} className="mt-3" />
      <div className="mt-4">
        <TimerFace timer={live.timer} remaining={live.remaining} sync={live.sync} endsAtLocal={live.endsAtLocal} />
      </div>
      {honoured && <HostControls live={live} />}
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}

/** Said where the host's buttons are while the phone is offline (the buttons wait, greyed). */
export function HostOffline() {
  if (useOnline()) return null;
  return (
    <div role="status" className="mt-3 rounded-2xl bg-white/10 p-4 text-cream ring-1 ring-inset ring-apricot-300/50">
      <p className="font-semibold text-apricot-200">{HOST_OFFLINE_TITLE}</p>
      <p className="mt-1 text-wine-100">{HOST_OFFLINE_TEXT}</p>
    </div>
  );
}

/** Start Round, Pause, Resume, Next Round, End Event Now and the round length (docs/spec/member-app.md §2, §4, §9). */
function HostControls({ live }: { live: LiveTimerState }) {
  const { timer, pending, status, command } = live;
  const stage = stageOf(timer);
  const [choice, setChoice] = useState<number | null>(null);
  const duration = choice ?? (DURATION_CHOICES.some((c) => c.seconds === timer?.roundDuration) ? timer!.roundDuration : 300);
  const selectId = useId();
  const busy = pending !== null || status !== 'open' || !timer;
  const round = timer?.currentRound ?? 0;
  const ended = stage === 'ended';

  return (
    <div className="mt-6 border-t border-white/15 pt-5">
      <h3 className="text-lg font-semibold text-cream">Host controls</h3>
      <HostOffline />
      <div className="mt-3">
        <label htmlFor={selectId} className="block text-sm font-semibold text-wine-100">
          Round duration
        </label>
        <select
          id={selectId}
          value={duration}
          disabled={ended}
          onChange={(e) => setChoice(Number(e.target.value))}
          className="mt-1.5 block min-h-12 w-full rounded-2xl border-2 border-white/25 bg-wine-900 px-4 text-base text-cream focus:border-apricot-300 focus:outline-none sm:w-64"
        >
          {DURATION_CHOICES.map((c) => (
            <option key={c.seconds} value={c.seconds}>
              {c.label}
            </option>
          ))}
        </select>
        <p className="mt-1 text-sm text-wine-100">Used by the next Start Round or Next Round.</p>
      </div>
      <div className="mt-4 @container">
        <div className="grid grid-cols-2 gap-3">
          <RoundButton
            live={live}
            busy={busy}
            start={{ message: { type: 'start_timer', duration, currentRound: round, autoAdvance: false }, label: 'Start Round', disabled: ended }}
          />
          <ControlButton
            className="col-span-2 @sm:col-span-1"
            disabled={busy || ended || round === 0}
            onClick={() => command({ type: 'next_round', duration })}
          >
            <FastForward aria-hidden="true" className="size-5" />
            {pending === 'next_round' ? 'Starting…' : 'Next Round'}
          </ControlButton>
          <EndEventDialog
            disabled={busy || ended || stage === 'waiting'}
            onConfirm={() => command({ type: 'end_event' })}
            trigger={
              // Nothing to end before round 1 has started.
              <ControlButton tone="danger" className="col-span-2" disabled={busy || ended || stage === 'waiting'}>
                <Flag aria-hidden="true" className="size-5" />
                {pending === 'end_event' ? 'Ending…' : 'End Event Now'}
              </ControlButton>
            }
          />
        </div>
      </div>
    </div>
  );
}
