import { useParams, useSearchParams } from 'react-router';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { EventDetailScreen } from '@client/features/events/components/event-detail-screen';
import { LiveTimer, MyRoundCard, useLiveTimer } from '@client/features/live';
import { useTimerAnnouncements } from '@client/features/live/hooks/use-announcements';
import { MatchesCard } from '@client/features/matches/components/matches-list';
import { RatingCard } from '@client/features/matches/components/rating-card';
import { RatingStats } from '@client/features/matches/components/rating-stats';
import { useLiveSocket } from '@client/lib/live-socket';
import { useEvent } from '@client/lib/queries';
import { useLiveNarration } from '@client/lib/use-live-narration';
import { useNarrationSettings } from '@client/lib/use-narration';

/** With voice narration on (/accessibility), the evening read aloud: the timer's own announcements plus whom to talk to and host messages. */
function LiveNarration({ eventId, userId, isHost }: { eventId: number; userId: number; isHost: boolean }) {
  const live = useLiveTimer(eventId, userId, isHost);
  useLiveNarration({ eventId, userId, isHost, announcement: useTimerAnnouncements(live.timer, live.remaining) });
  return null;
}

/**
 * /events/{id}: the event (features/events) with the live evening composed in: the shared
 * timer (host controls with ?admin=true, honoured only for a host of the event), whom to talk
 * to, the rating card and stats once checked in, and the matches once the evening is over.
 */
export function Component() {
  const me = useMe();
  const { id } = useParams();
  const [params] = useSearchParams();
  const eventId = Number(id);
  const valid = Number.isInteger(eventId) && eventId > 0;
  const hostWish = params.get('admin') === 'true';
  const userId = me.data?.id ?? null;
  // The server takes the live socket only from a registered guest or a host of the evening (anyone
  // else is refused, and the socket would retry in a loop): open it once the event says the viewer is one.
  const viewer = useEvent(valid && userId ? eventId : null).data?.viewer;
  const mayWatch = !!viewer && (viewer.registered || viewer.isHost);
  const socket = useLiveSocket(valid && userId && mayWatch ? eventId : null, userId, hostWish);
  const narration = useNarrationSettings();
  if (!me.data) return <Spinner />;
  const uid = me.data.id;
  const round = socket.timer && socket.timer.currentRound > 0 ? socket.timer.currentRound : null;
  // Round 1 started (perhaps before the advertised time): the live part leads the page; the End Event: over.
  const liveStage = socket.timer?.phase === 'ended' ? 'over' : round !== null ? 'running' : 'before';
  return (
    <>
      {narration.settings.enabled && valid && mayWatch && <LiveNarration eventId={eventId} userId={uid} isHost={hostWish} />}
      <EventDetailScreen
        key={eventId}
        eventId={valid ? eventId : 0}
        userId={uid}
        liveStage={liveStage}
        liveSlot={(event) =>
          event.status !== 'completed' && (event.viewer.checkedIn || event.viewer.isHost) ? (
            <div className="space-y-4">
              <LiveTimer eventId={event.id} userId={uid} isHost={hostWish} />
              {event.viewer.checkedIn && <MyRoundCard eventId={event.id} userId={uid} />}
            </div>
          ) : null
        }
        ratingSlot={(event) =>
          event.viewer.checkedIn ? (
            <div className="space-y-4">
              {/* The partner to rate first; the running totals below it. */}
              {event.status !== 'completed' && <RatingCard eventId={event.id} userId={uid} round={round} />}
              <RatingStats eventId={event.id} userId={uid} />
            </div>
          ) : null
        }
        matchesSlot={(event) => (event.status === 'completed' && event.viewer.registered ? <MatchesCard eventId={event.id} userId={uid} eventTitle={event.title} /> : null)}
      />
    </>
  );
}
