import { FastForward, Flag, Plus, Share2 } from 'lucide-react';
import { useId } from 'react';
import { toast } from 'sonner';
import { Button } from '@client/components/ui/button';
import { messageOf } from '@client/lib/api';
import { useReleaseContacts } from '../../api/live';
import type { LiveTimer } from '../../hooks/use-live-timer';
import { stageOf } from '../../lib/timer';
import { ConfirmDialog, EndEventDialog } from '../end-event-dialog';
import { Panel } from './panel';

export function QuickActions({ live, eventId }: { live: LiveTimer; eventId: number }) {
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
                onSuccess: (r) =>
                  toast.success('Contacts released', {
                    description: `${r.matches} ${r.matches === 1 ? 'match' : 'matches'} can now see each other's contact details.`,
                  }),
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
