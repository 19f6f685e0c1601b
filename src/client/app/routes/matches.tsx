import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { FriendGroups } from '@client/features/friend-groups/components/friend-groups';
import { MatchesScreen } from '@client/features/matching/components/matches-screen';

/**
 * /matches (?event optional): the member's matches, evening by evening, with each evening's friend
 * groups (friend-groups' card, composed here). The id comes from the server session.
 */
export function Component() {
  const me = useMe();
  if (!me.data) return <Spinner />;
  return (
    <Page wide>
      <PageTitle sub="The people you matched with, evening by evening. Share your contact and start a conversation.">Matches</PageTitle>
      <MatchesScreen userId={me.data.id} groups={(eventId) => <FriendGroups eventId={eventId} />} />
    </Page>
  );
}
