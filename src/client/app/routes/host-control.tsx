import { useSearchParams } from 'react-router';
import { Page, PageTitle } from '@client/components/ui/page';
import { RestrictedCard } from '@client/components/ui/restricted';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { AccessCard, EventPicker, HostConsole } from '@client/features/live';

const idParam = (v: string | null) => (v && /^\d+$/.test(v) && Number(v) > 0 ? Number(v) : null);

/** /host-control (docs/spec/organiser-tools.md §2.6): the host's console for one evening. Hosts of the event only. */
export function Component() {
  const me = useMe();
  const [params] = useSearchParams();
  const eventId = idParam(params.get('event'));
  if (me.isPending) return <Spinner />;
  if (!me.data) {
    return (
      <Page>
        <PageTitle sub="Run the rounds, watch ratings come in and keep the evening on time.">Host Control</PageTitle>
        <AccessCard kind="signin" title="Log in to run your event">
          <p>The host console is for the host of an evening. Log in with your host account to open it.</p>
        </AccessCard>
      </Page>
    );
  }
  if (!me.data.roles.includes('host') && !me.data.roles.includes('admin')) {
    return (
      <Page>
        <PageTitle>Host Control</PageTitle>
        <RestrictedCard who="hosts" signedIn />
      </Page>
    );
  }
  if (!eventId) return <EventPicker />;
  return <HostConsole key={eventId} eventId={eventId} userId={me.data.id} />;
}
