import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { AccessCard, TimerFrame, TimerScreen } from '@client/features/live';
import { QuickRating } from '@client/features/matches/components/quick-rating';
import { useEventParam } from '../event-param';

/** /timer (docs/spec/organiser-tools.md §2.7): the full-screen round timer for a guest of the event. */
export function Component() {
  const me = useMe();
  const eventId = useEventParam();
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
  // At the bell, the partner just met can be rated in one tap (features/matches), right in the switch overlay.
  return <TimerScreen userId={me.data.id} eventParam={eventId} rateSlot={(met) => <QuickRating eventId={met.eventId} userId={met.userId} round={met.round} partner={met.partner} />} />;
}
