import { useSearchParams } from 'react-router';
import { ForEvening } from '@client/components/ui/for-evening';
import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { MissedConnectionsScreen, MissedSignIn, NoMissedEvening } from '@client/features/missed-connections/components/missed-connections-screen';
import { ReceivedInvitesSection, StopInvites } from '@client/features/missed-connections/components/received-invites';
import { SafetyActions } from '@client/features/safety/components/safety-actions';

/**
 * /missed-connections (docs/spec/organiser-tools.md §2.26): after an evening, the people a guest met
 * or was previewed with and did not match, with follow-up invites. A public path whose data is for
 * guests of the evening: `?event=ID`, else the member's latest evening that has begun. The e-mail's
 * `?stop=TOKEN` link stops invites from its sender, for visitors too.
 */
export function Component() {
  const [params] = useSearchParams();
  const stop = params.get('stop');
  const me = useMe();
  const userId = me.data?.id;
  return (
    <Page wide>
      <PageTitle sub="The people you met or saw in your preview but didn't match with: invite them to another evening.">Missed Connections</PageTitle>
      {stop !== null ? (
        <StopInvites token={stop} signedIn={userId !== undefined} />
      ) : me.isPending ? (
        <Spinner />
      ) : userId !== undefined ? (
        <>
          <ForEvening userId={userId} prefer="latest" demoFallback none={<NoMissedEvening />}>
            {(eventId) => (
              <MissedConnectionsScreen
                key={eventId}
                eventId={eventId}
                actions={(c) => (c.met ? <SafetyActions eventId={eventId} person={{ id: c.id, name: c.firstName }} context="evening" /> : null)}
              />
            )}
          </ForEvening>
          <ReceivedInvitesSection />
        </>
      ) : (
        <MissedSignIn />
      )}
    </Page>
  );
}
