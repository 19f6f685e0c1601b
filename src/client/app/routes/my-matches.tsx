import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { MyMatchesScreen } from '@client/features/matching/components/my-matches-screen';
import { useMyBlocks } from '@client/features/safety/api/safety';
import { SafetyActions } from '@client/features/safety/components/safety-actions';
import { MeetupPanel } from '@client/features/meetups/components/meetup-panel';

/**
 * /my-matches: 'Waiting for Host' until contacts are released, then the member's mutual matches,
 * each with Block and Report (docs/decisions/0041). The server still lists a match with someone the
 * member blocked, so that match reads as blocked (from the member's list of blocks). "Meet again" plans a
 * meet-up with the match (docs/decisions/0082); not with someone the member blocked.
 */
export function Component() {
  const me = useMe();
  const blocks = useMyBlocks(me.data !== undefined);
  if (!me.data) return <Spinner />;
  const blocked = new Set(blocks.data?.blocks.map((b) => b.userId));
  return (
    <Page wide>
      <PageTitle sub="Mutual matches from your evenings, with their contact details once the host releases them.">Friend Matches</PageTitle>
      <MyMatchesScreen
        userId={me.data.id}
        actions={(m, other) => (
          <div className="space-y-3">
            {!blocked.has(other.id) && <MeetupPanel pair youId={me.data!.id} people={[{ id: other.id, name: other.name }]} />}
            <SafetyActions eventId={m.eventId} person={{ id: other.id, name: other.name }} context="match" blocked={blocked.has(other.id)} />
          </div>
        )}
      />
    </Page>
  );
}
