import { EveningLoadError } from '@client/components/ui/evening-notices';
import { ForEvening } from '@client/components/ui/for-evening';
import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { ArrivalSignIn, NoArrivalEvening } from '@client/features/arrival/components/access-cards';
import { ArrivalScreen } from '@client/features/arrival/components/arrival-screen';
import { useMe } from '@client/features/auth/api/auth';

/**
 * /arrival (docs/spec/organiser-tools.md §2.20-2.21): the guest's smart arrival. A public path whose
 * data is for guests of the event: `?event=ID`, else the viewer's current or next evening.
 */
export function Component() {
  const me = useMe();
  const userId = me.data?.id;
  return (
    <Page>
      <PageTitle sub="We'll spot when you reach the venue, so checking in takes one tap.">Smart Arrival</PageTitle>
      {me.isPending ? (
        <Spinner />
      ) : userId !== undefined ? (
        <ForEvening userId={userId} none={<NoArrivalEvening />}>
          {(eventId) => <ArrivalScreen key={eventId} eventId={eventId} userId={userId} />}
        </ForEvening>
      ) : me.isError ? (
        <EveningLoadError notFound={false} onRetry={() => void me.refetch()} />
      ) : (
        <ArrivalSignIn />
      )}
    </Page>
  );
}
