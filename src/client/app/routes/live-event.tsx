import { useSearchParams } from 'react-router';
import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { LiveEventLoadError, LiveEventScreen, LiveEventSignIn, NoLiveEvent } from '@client/features/connections/components/live-event-screen';
import { useEventContext } from '@client/lib/event-context';

/**
 * /live-event (docs/spec/organiser-tools.md §2.16): the live connection tracker. A public path whose data is
 * for guests of the event: `?event=ID`, else the viewer's current or next evening.
 */
export function Component() {
  const me = useMe();
  return (
    <Page wide>
      <PageTitle>Live Connections</PageTitle>
      {me.isPending ? <Spinner /> : me.data ? <ForMember userId={me.data.id} /> : <LiveEventSignIn />}
    </Page>
  );
}

function ForMember({ userId }: { userId: number }) {
  const [params] = useSearchParams();
  const context = useEventContext(userId, params.get('event'));
  switch (context.status) {
    case 'loading':
      return <Spinner label="Finding your evening" />;
    case 'error':
      return <LiveEventLoadError notFound={false} onRetry={context.retry} />;
    case 'invalid':
      return <LiveEventLoadError notFound />;
    case 'none':
      return <NoLiveEvent />;
    case 'ready':
      return <LiveEventScreen key={context.eventId} eventId={context.eventId} userId={userId} />;
  }
}
