import { lazy, Suspense, useEffect } from 'react';
import { RemovedNotice } from '@client/components/ui/removed-notice';
import { useLiveSocket } from '@client/lib/live-socket';
import { useNarrationSettings } from '@client/lib/use-narration';

const LiveNarration = lazy(() => import('./live-narration').then((m) => ({ default: m.LiveNarration })));

/** Where the room's timer is, as /events/{id} lays itself out: the round running (null before round 1), and the stage. */
export interface EveningView {
  eventId: number;
  stage: 'before' | 'running' | 'over';
  round: number | null;
}

/**
 * The live side of /events/{id}, loaded after the page's first paint (the socket's message parser
 * and the narration settings bring zod and the shared schemas): the live socket for a registered
 * guest or a host of the evening (the server refuses anyone else, and the socket would retry in a
 * loop), the member's narration settings, and with narration on, the evening read aloud. Its only
 * markup is the notice a removed guest sees (docs/decisions/0042); the room's stage goes up to the page through `onView`.
 */
export function EveningWatch({
  eventId,
  userId,
  isHost,
  mayWatch,
  onView,
}: {
  eventId: number | null;
  userId: number;
  isHost: boolean;
  mayWatch: boolean;
  onView: (view: EveningView) => void;
}) {
  const socket = useLiveSocket(eventId !== null && mayWatch ? eventId : null, userId, isHost);
  const narration = useNarrationSettings();
  const round = socket.timer && socket.timer.currentRound > 0 ? socket.timer.currentRound : null;
  // Round 1 started (perhaps before the advertised time): the live part leads the page; the End Event: over.
  const stage = socket.timer?.phase === 'ended' ? 'over' : round !== null ? 'running' : 'before';
  useEffect(() => {
    if (eventId !== null) onView({ eventId, stage, round });
  }, [eventId, stage, round, onView]);
  return (
    <>
      {!isHost && <RemovedNotice removed={socket.removed} />}
      {narration.settings.enabled && eventId !== null && mayWatch ? (
        <Suspense fallback={null}>
          <LiveNarration eventId={eventId} userId={userId} isHost={isHost} />
        </Suspense>
      ) : null}
    </>
  );
}
