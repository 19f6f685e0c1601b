import { GuideSetting } from '@client/features/conversation-guide';
import { EventPicker, HostConsole } from '@client/features/live';
import { HostRoute } from '../host-route';

/** /host-control (docs/spec/organiser-tools.md §2.6): the host's console for one evening. Hosts of the event only. */
export function Component() {
  return (
    <HostRoute
      title="Host Control"
      sub="Run the rounds, watch ratings come in and keep the evening on time."
      signIn={{ title: 'Log in to run your event', text: 'The host console is for the host of an evening. Log in with your host account to open it.' }}
      picker={<EventPicker />}
    >
      {(eventId, userId) => <HostConsole key={eventId} eventId={eventId} userId={userId} aside={<GuideSetting eventId={eventId} />} />}
    </HostRoute>
  );
}
