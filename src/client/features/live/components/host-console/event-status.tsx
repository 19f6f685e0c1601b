import type { ReactNode } from 'react';
import { ROUND_DURATION_SECONDS } from '@shared/domain/constants';
import type { LiveTimer } from '../../hooks/use-live-timer';
import { durationLabel, GRACE_SECONDS, HOST_STAGE_LABEL, stageOf } from '../../lib/timer';
import { Panel } from './panel';

export function EventStatus({ live, checkedIn, totalRounds }: { live: LiveTimer; checkedIn: number | undefined; totalRounds: number }) {
  const stage = stageOf(live.timer);
  const round = live.timer?.currentRound ?? 0;
  const items: [string, ReactNode][] = [
    ['Checked in', checkedIn ?? '…'],
    ['Round', round > 0 && stage !== 'ended' ? `${round}${totalRounds >= round ? ` of ${totalRounds}` : ''}` : '–'],
    // Not synchronized (@client/lib/timer-sync), the phase is the last one heard, and says so.
    ['Phase', live.sync.state === 'unsynced' && stage !== 'ended' ? `${HOST_STAGE_LABEL[stage]} (last heard)` : HOST_STAGE_LABEL[stage]],
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
