import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { AdminSignupList } from '@client/features/admin/components/signup-list';
import { useMe } from '@client/features/auth/api/auth';
import { AdminNoShows } from '@client/features/no-shows/components/admin-no-shows';
import { useSignedIn } from '../session-hooks';

/** /stats123 and /admin-stats: every signup with the total count (docs/spec/organiser-tools.md §2.4). Admins only. */
export function Component() {
  const me = useMe();
  const signedIn = useSignedIn();
  const isAdmin = me.data?.roles.includes('admin') ?? false;
  return (
    <Page wide={isAdmin}>
      <PageTitle sub="Everyone on the waitlist, with their details.">Signups</PageTitle>
      {me.isPending ? (
        <Spinner />
      ) : (
        <div className="space-y-8">
          {/* No-shows, each clearable with a reason (docs/decisions/0076). */}
          <AdminNoShows isAdmin={isAdmin} />
          <AdminSignupList isAdmin={isAdmin} signedIn={signedIn} />
        </div>
      )}
    </Page>
  );
}
