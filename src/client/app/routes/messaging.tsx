import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { MessagingPage } from '@client/features/messages';
import { useEventParam } from '../event-param';

/** /messaging (docs/spec/organiser-tools.md §2.22): the host's messages to the room. Hosts of the event only. */
export function Component() {
  const me = useMe();
  const eventId = useEventParam();
  if (me.isPending) return <Spinner />;
  return <MessagingPage viewer={me.data ?? null} eventId={eventId} />;
}
