import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { RoundQuestion } from '@client/features/conversation-guide';
import { AccessCard, TimerFrame, TimerScreen, useLiveTimer } from '@client/features/live';
import { useTimerAnnouncements } from '@client/features/live/hooks/use-announcements';
import { QuickRating } from '@client/features/matching/components/quick-rating';
import { useEventContext } from '@client/lib/event-context';
import { useEvent } from '@client/lib/queries/events';
import { useLiveNarration } from '@client/lib/use-live-narration';
import { useNarrationSettings } from '@client/lib/use-narration';
import { useEventParam } from '../event-param';

/** With voice narration on (/accessibility), the evening read aloud: the timer's own announcements plus whom to talk to and host messages. */
function LiveNarration({ userId, eventParam }: { userId: number; eventParam: number | null }) {
  const ctx = useEventContext(userId, eventParam === null ? null : String(eventParam));
  const detail = useEvent(ctx.status === 'ready' ? ctx.eventId : null);
  // Only for a guest (or the host) of the evening, as the timer itself: others get no socket.
  const eventId = detail.data && (detail.data.viewer.registered || detail.data.viewer.isHost) ? detail.data.id : null;
  const live = useLiveTimer(eventId, userId, false);
  useLiveNarration({ eventId, userId, announcement: useTimerAnnouncements(live.timer, live.remaining) });
  return null;
}

/** /timer (docs/spec/organiser-tools.md §2.7): the full-screen round timer for a guest of the event. */
export function Component() {
  const me = useMe();
  const eventId = useEventParam();
  const narration = useNarrationSettings();
  if (me.isPending) return <Spinner />;
  if (!me.data) {
    return (
      <TimerFrame>
        <AccessCard kind="signin" title="Log in to see your round timer">
          <p>On the night, your phone shows the same round and clock as everyone in the room, and whom to talk to next.</p>
        </AccessCard>
      </TimerFrame>
    );
  }
  // At the bell, the partner just met can be rated in one tap (features/matching), right in the switch overlay.
  return (
    <>
      {narration.settings.enabled && <LiveNarration userId={me.data.id} eventParam={eventId} />}
      <TimerScreen
        userId={me.data.id}
        eventParam={eventId}
        rateSlot={(met) => <QuickRating eventId={met.eventId} userId={met.userId} round={met.round} partner={met.partner} />}
        guideSlot={(eventId, r) => <RoundQuestion eventId={eventId} round={r.round} />}
      />
    </>
  );
}
