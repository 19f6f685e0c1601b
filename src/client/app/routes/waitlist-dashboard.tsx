import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { WaitlistDashboard } from '@client/features/admin/components/waitlist-dashboard';
import { useMe } from '@client/features/auth/api/auth';
import { useSignedIn } from '../session-hooks';

/** /waitlist-dashboard (docs/spec/organiser-tools.md §2.3): how close the waitlist is to launch. Admins only. */
export function Component() {
  const me = useMe();
  const signedIn = useSignedIn();
  const isAdmin = me.data?.roles.includes('admin') ?? false;
  return (
    <Page wide={isAdmin}>
      <PageTitle sub="How close we are to launching the first evenings.">Waitlist dashboard</PageTitle>
      {me.isPending ? <Spinner /> : <WaitlistDashboard isAdmin={isAdmin} signedIn={signedIn} />}
    </Page>
  );
}
