import { useSearchParams } from 'react-router';
import { Page, PageTitle } from '@client/components/ui/page';
import { RestrictedCard } from '@client/components/ui/restricted';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { CheckInDesk, DoorEventPicker, DoorNotice } from '@client/features/door';

const idParam = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

/**
 * /check-in (docs/spec/organiser-tools.md §2.19): the host's check-in desk for one evening. A public
 * path: a visitor is asked to log in, a member without the host role sees 'hosts only', a host
 * without ?event= picks one of their evenings; the server answers only to the hosts of that evening.
 */
export function Component() {
  const me = useMe();
  const [params] = useSearchParams();
  const eventId = idParam(params.get('event'));
  if (me.isPending) return <Spinner />;
  if (!me.data) {
    return (
      <Page>
        <PageTitle sub="Scan tickets, find guests by name and see who is still to come.">Check-in</PageTitle>
        <DoorNotice kind="signin" title="Log in to check guests in">
          <p>The check-in desk is for the hosts of an evening. Log in with your host account to open it.</p>
        </DoorNotice>
      </Page>
    );
  }
  if (!me.data.roles.includes('host') && !me.data.roles.includes('admin')) {
    return (
      <Page>
        <PageTitle>Check-in</PageTitle>
        <RestrictedCard who="hosts" signedIn />
      </Page>
    );
  }
  if (!eventId) return <DoorEventPicker />;
  return <CheckInDesk key={eventId} eventId={eventId} userId={me.data.id} />;
}
