import type { UseQueryResult } from '@tanstack/react-query';
import { CalendarClock } from 'lucide-react';
import type { RoundRecord } from '@shared/schemas/live';
import { Badge } from '@client/components/ui/badge';
import { Spinner } from '@client/components/ui/spinner';
import { formatTime } from '@client/lib/format';
import { durationLabel } from '../../lib/timer';
import { Panel } from './panel';

const STATUS_TONE: Record<string, 'green' | 'wine' | 'grey'> = { active: 'green', completed: 'wine', skipped: 'grey' };

export function RoundHistory({ rounds }: { rounds: UseQueryResult<RoundRecord[]> }) {
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
