import { useSearchParams } from 'react-router';
import { Page, PageTitle } from '@client/components/ui/page';
import { RestrictedCard } from '@client/components/ui/restricted';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { CalendarScreen } from '@client/features/venues/components/calendar-screen';
import { useSignedIn } from '../session-hooks';

/** /calendar (docs/spec/organiser-tools.md §2.28): venue availability, bookings and calendar feeds; ?venue={id} picks the venue. Hosts only. */
export function Component() {
  const me = useMe();
  const signedIn = useSignedIn();
  const [params] = useSearchParams();
  const venue = Number(params.get('venue'));
  const isHost = me.data?.roles.includes('host') ?? false;
  return (
    <Page wide>
      <PageTitle sub="When each venue is free, blocked or booked, and the feeds for your calendar app.">Venue Availability Calendar</PageTitle>
      {me.isPending ? (
        <Spinner />
      ) : isHost ? (
        <CalendarScreen initialVenueId={Number.isInteger(venue) && venue > 0 ? venue : null} />
      ) : (
        <div className="max-w-xl">
          <RestrictedCard who="hosts" signedIn={signedIn} />
        </div>
      )}
    </Page>
  );
}
