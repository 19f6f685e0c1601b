import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { MyMatchesScreen } from '@client/features/matches/components/my-matches-screen';

/** /my-matches: 'Waiting for Host' until contacts are released, then the member's mutual matches. */
export function Component() {
  const me = useMe();
  if (!me.data) return <Spinner />;
  return (
    <Page wide>
      <PageTitle sub="Mutual matches from your evenings, with their contact details once the host releases them.">Friend Matches</PageTitle>
      <MyMatchesScreen userId={me.data.id} />
    </Page>
  );
}
