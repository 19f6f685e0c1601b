import { useSearchParams } from 'react-router';
import { Page, PageTitle } from '@client/components/ui/page';
import { RestrictedCard } from '@client/components/ui/restricted';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { CreateEventForm } from '@client/features/events/components/create-event-form';
import { useSignedIn } from '../session-hooks';

/** /create-event (docs/spec/organiser-tools.md §2.14): hosts create an evening; ?venue={id} picks the venue. Hosts only. */
export function Component() {
  const me = useMe();
  const signedIn = useSignedIn();
  const [params] = useSearchParams();
  const venue = Number(params.get('venue'));
  const host = me.data?.roles.includes('host') ? me.data : null;
  return (
    <Page wide>
      <div className="mx-auto max-w-2xl">
        <PageTitle sub="Set up a speed friendship evening: the venue, the time and who it is for.">Create New Event</PageTitle>
        {me.isPending ? (
          <Spinner />
        ) : host ? (
          <CreateEventForm hostId={host.id} preselectVenueId={Number.isInteger(venue) && venue > 0 ? venue : null} />
        ) : (
          <RestrictedCard who="hosts" signedIn={signedIn} />
        )}
      </div>
    </Page>
  );
}
