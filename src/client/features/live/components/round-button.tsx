import { Pause, Play } from 'lucide-react';
import type { ClientMessage } from '@shared/realtime';
import type { LiveTimer } from '../hooks/use-live-timer';
import { stageOf } from '../lib/timer';
import { ControlButton } from './control-button';

/**
 * The timer panel's main button, as the round stands: Resume while paused, Pause while a round or
 * its grace period runs, otherwise the start this panel offers (its message and its words).
 */
export function RoundButton({
  live,
  busy,
  start,
}: {
  live: Pick<LiveTimer, 'timer' | 'pending' | 'command'>;
  busy: boolean;
  start: { message: ClientMessage; label: string; disabled: boolean };
}) {
  const { timer, pending, command } = live;
  const stage = stageOf(timer);
  const className = 'col-span-2 @sm:col-span-1';
  if (stage === 'paused')
    return (
      <ControlButton tone="primary" className={className} disabled={busy} onClick={() => command({ type: 'resume_timer' })}>
        <Play aria-hidden="true" className="size-5" />
        {pending === 'resume_timer' ? 'Resuming…' : 'Resume'}
      </ControlButton>
    );
  if (stage === 'active' || stage === 'grace')
    return (
      <ControlButton tone="primary" className={className} disabled={busy} onClick={() => command({ type: 'pause_timer' })}>
        <Pause aria-hidden="true" className="size-5" />
        {pending === 'pause_timer' ? 'Pausing…' : 'Pause'}
      </ControlButton>
    );
  return (
    <ControlButton tone="primary" className={className} disabled={busy || start.disabled} onClick={() => command(start.message)}>
      <Play aria-hidden="true" className="size-5" />
      {pending === 'start_timer' ? 'Starting…' : start.label}
    </ControlButton>
  );
}
