import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { useMyMatches } from '@client/features/matching/api/matches';
import { counterpart } from '@client/features/matching/lib/matches';
import { MyMatchesScreen } from '@client/features/matching/components/my-matches-screen';
import { useMyBlocks } from '@client/features/safety/api/safety';
import { SafetyActions } from '@client/features/safety/components/safety-actions';
import { MeetupPanel } from '@client/features/meetups/components/meetup-panel';

/**
 * /my-matches: 'Waiting for Host' until contacts are released, then the member's mutual matches,
 * each with Block and Report (docs/decisions/0041). The server still lists a match with someone the
 * member blocked, so that match reads as blocked (from the member's list of blocks). "Meet again" plans a
 * meet-up with the match (docs/decisions/0082); not with someone the member blocked. A meet-up is
 * planned with a person, not an evening, so someone matched at two evenings gets "Meet again" once, on
 * the newest match.
 */
export function Component() {
  const me = useMe();
  const blocks = useMyBlocks(me.data !== undefined);
  const matches = useMyMatches();
  if (!me.data) return <Spinner />;
  const blocked = new Set(blocks.data?.blocks.map((b) => b.userId));
  const newestMatchWith = new Map<number, { id: number; at: number }>();
  for (const m of matches.data?.matches ?? []) {
    const other = counterpart(m, me.data.id).id;
    const at = Date.parse(m.eventDate);
    const seen = newestMatchWith.get(other);
    if (!seen || at > seen.at) newestMatchWith.set(other, { id: m.id, at });
  }
  return (
    <Page wide>
      <PageTitle sub="Mutual matches from your evenings, with their contact details once the host releases them.">Friend Matches</PageTitle>
      <MyMatchesScreen
        userId={me.data.id}
        actions={(m, other) => (
          <div className="space-y-3">
            {!blocked.has(other.id) && newestMatchWith.get(other.id)?.id === m.id && (
              <MeetupPanel pair youId={me.data!.id} people={[{ id: other.id, name: other.name }]} />
            )}
            <SafetyActions eventId={m.eventId} person={{ id: other.id, name: other.name }} context="match" blocked={blocked.has(other.id)} />
          </div>
        )}
      />
    </Page>
  );
}
