import { Page, PageTitle } from '@client/components/ui/page';
import { RestrictedCard } from '@client/components/ui/restricted';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { VenuesScreen } from '@client/features/venues/components/venues-screen';
import { useSignedIn } from '../session-hooks';

/** /venues (docs/spec/organiser-tools.md §2.9): multi-venue management. Hosts only. */
export function Component() {
  const me = useMe();
  const signedIn = useSignedIn();
  const isHost = me.data?.roles.includes('host') ?? false;
  return (
    <Page wide>
      <PageTitle sub="Your partner venues: who is active, what is booked, and where to hold the next evening.">Venue Management</PageTitle>
      {me.isPending ? (
        <Spinner />
      ) : isHost ? (
        <VenuesScreen />
      ) : (
        <div className="max-w-xl">
          <RestrictedCard who="hosts" signedIn={signedIn} />
        </div>
      )}
    </Page>
  );
}
