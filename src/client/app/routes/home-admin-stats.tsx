import { Page } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { SignupStats } from '@client/features/admin/components/signup-stats';
import { useMe } from '@client/features/auth/api/auth';
import { useSignedIn } from '../session-hooks';
import QueryScope from '../query-scope';

function AdminStats() {
  const me = useMe();
  const signedIn = useSignedIn();
  return <Page>{me.isPending ? <Spinner /> : <SignupStats isAdmin={me.data?.roles.includes('admin') ?? false} signedIn={signedIn} />}</Page>;
}

/** `/?admin=stats`: the signup stats for admins, an 'admins only' card for everyone else (a chunk of its own: it reads data, the landing page does not). */
export default function HomeAdminStats() {
  return (
    <QueryScope>
      <AdminStats />
    </QueryScope>
  );
}
