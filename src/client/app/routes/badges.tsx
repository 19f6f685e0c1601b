import { ForEvening } from '@client/components/ui/for-evening';
import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { BadgesScreen, BadgesSignIn, NoBadgesEvening } from '@client/features/badges/components/badges-screen';

/**
 * /badges (docs/spec/organiser-tools.md §2.8): the badges of the other guests of an evening. A public
 * path whose data is for guests and hosts of the event: `?event=ID`, else the viewer's current or next evening, else the public demo evening.
 */
export function Component() {
  const me = useMe();
  const userId = me.data?.id;
  return (
    <Page wide>
      <PageTitle sub="Meet the people at your evening before you say hello.">Participant Badges</PageTitle>
      {me.isPending ? (
        <Spinner />
      ) : userId !== undefined ? (
        <ForEvening userId={userId} demoFallback none={<NoBadgesEvening />}>
          {(eventId) => <BadgesScreen key={eventId} eventId={eventId} userId={userId} />}
        </ForEvening>
      ) : (
        <BadgesSignIn />
      )}
    </Page>
  );
}
