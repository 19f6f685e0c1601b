import { useSearchParams } from 'react-router';
import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { ArrivalLoadError, ArrivalSignIn, NoArrivalEvening } from '@client/features/arrival/components/access-cards';
import { ArrivalScreen } from '@client/features/arrival/components/arrival-screen';
import { useMe } from '@client/features/auth/api/auth';
import { useEventContext } from '@client/lib/event-context';

/**
 * /arrival (docs/spec/organiser-tools.md §2.20-2.21): the guest's smart arrival. A public path whose
 * data is for guests of the event: `?event=ID`, else the viewer's current or next evening.
 */
export function Component() {
  const me = useMe();
  return (
    <Page>
      <PageTitle sub="We'll spot when you reach the venue, so checking in takes one tap.">Smart Arrival</PageTitle>
      {me.isPending ? (
        <Spinner />
      ) : me.data ? (
        <ForMember userId={me.data.id} />
      ) : me.isError ? (
        <ArrivalLoadError notFound={false} onRetry={() => void me.refetch()} />
      ) : (
        <ArrivalSignIn />
      )}
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
      return <ArrivalLoadError notFound={false} onRetry={context.retry} />;
    case 'invalid':
      return <ArrivalLoadError notFound />;
    case 'none':
      return <NoArrivalEvening />;
    case 'ready':
      return <ArrivalScreen key={context.eventId} eventId={context.eventId} userId={userId} />;
  }
}
