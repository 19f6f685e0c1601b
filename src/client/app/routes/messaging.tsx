import { useSearchParams } from 'react-router';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { MessagingPage } from '@client/features/messages';

const idParam = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** /messaging (docs/spec/organiser-tools.md §2.22): the host's messages to the room. Hosts of the event only. */
export function Component() {
  const me = useMe();
  const [params] = useSearchParams();
  if (me.isPending) return <Spinner />;
  return <MessagingPage viewer={me.data ?? null} eventId={idParam(params.get('event'))} />;
}
