import { ForEvening } from '@client/components/ui/for-evening';
import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { LiveEventScreen, LiveEventSignIn, NoLiveEvent } from '@client/features/matching/components/live-event-screen';

/**
 * /live-event (docs/spec/organiser-tools.md §2.16): the live connection tracker. A public path whose data is
 * for guests of the event: `?event=ID`, else the viewer's current or next evening.
 */
export function Component() {
  const me = useMe();
  const userId = me.data?.id;
  return (
    <Page wide>
      <PageTitle>Live Connections</PageTitle>
      {me.isPending ? (
        <Spinner />
      ) : userId !== undefined ? (
        <ForEvening userId={userId} none={<NoLiveEvent />}>
          {(eventId) => <LiveEventScreen key={eventId} eventId={eventId} userId={userId} />}
        </ForEvening>
      ) : (
        <LiveEventSignIn />
      )}
    </Page>
  );
}
