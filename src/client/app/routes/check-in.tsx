import { CheckInDesk, DoorEventPicker } from '@client/features/door';
import { RemoveGuest } from '@client/features/safety/components/remove-guest';
import { StillComingCounts } from '@client/features/still-coming';
import { HostRoute } from '../host-route';

/**
 * /check-in (docs/spec/organiser-tools.md §2.19): the host's check-in desk for one evening. A public
 * path: a visitor is asked to log in, a member without the host role sees 'hosts only', a host
 * without ?event= picks one of their evenings; the server answers only to the hosts of that evening.
 */
export function Component() {
  return (
    <HostRoute
      title="Check-in"
      sub="Scan tickets, find guests by name and see who is still to come."
      signIn={{ title: 'Log in to check guests in', text: 'The check-in desk is for the hosts of an evening. Log in with your host account to open it.' }}
      picker={<DoorEventPicker />}
    >
      {(eventId, userId) => (
        <CheckInDesk
          key={eventId}
          eventId={eventId}
          userId={userId}
          guestActions={(g) => <RemoveGuest eventId={eventId} guest={g} />}
          extra={<StillComingCounts eventId={eventId} />}
        />
      )}
    </HostRoute>
  );
}
