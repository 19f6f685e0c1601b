import { Page, PageTitle } from '@client/components/ui/page';
import { RestrictedCard } from '@client/components/ui/restricted';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { MatchingDashboard } from '@client/features/matching/components/matching-dashboard';
import { useSignedIn } from '../session-hooks';

/** /matching-dashboard (docs/spec/organiser-tools.md §2.11): calculate and review matches. Hosts (their evenings) and admins (all). */
export function Component() {
  const me = useMe();
  const signedIn = useSignedIn();
  const roles = me.data?.roles ?? [];
  const isAdmin = roles.includes('admin');
  const allowed = isAdmin || roles.includes('host');
  return (
    <Page wide>
      <PageTitle sub="Score and rank the mutual matches of an evening, then release contacts to the guests.">Advanced Matching</PageTitle>
      {me.isPending ? (
        <Spinner />
      ) : allowed && me.data ? (
        <MatchingDashboard userId={me.data.id} isAdmin={isAdmin} />
      ) : (
        <div className="max-w-xl">
          <RestrictedCard who="hosts" signedIn={signedIn} />
        </div>
      )}
    </Page>
  );
}
