import { useSearchParams } from 'react-router';
import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { AdminSignupList } from '@client/features/admin/components/signup-list';
import { useMe } from '@client/features/auth/api/auth';
import { SignupForm } from '@client/features/waitlist/components/signup-form';
import { useNextParam } from '../next-param';
import { useSignedIn } from '../session-hooks';

/** /simple-signup: the short signup form; with ?admin=true, the member list (admins only). */
export function Component() {
  const [params] = useSearchParams();
  return params.get('admin') === 'true' ? <Members /> : <SimpleSignup />;
}

function SimpleSignup() {
  const next = useNextParam();
  return (
    <Page>
      <PageTitle sub="Join the waitlist for friendly, low-pressure evenings at cosy Prestwich venues.">Sign up</PageTitle>
      <SignupForm bioLabel="About" next={next} />
    </Page>
  );
}

function Members() {
  const me = useMe();
  const signedIn = useSignedIn();
  const isAdmin = me.data?.roles.includes('admin') ?? false;
  return (
    <Page wide={isAdmin}>
      <PageTitle sub="Everyone who has signed up.">All members</PageTitle>
      {me.isPending ? <Spinner /> : <AdminSignupList isAdmin={isAdmin} signedIn={signedIn} />}
    </Page>
  );
}
