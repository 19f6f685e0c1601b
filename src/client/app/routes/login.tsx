import { useNavigate } from 'react-router';
import { Page, PageTitle } from '@client/components/ui/page';
import { LoginForm } from '@client/features/auth/components/login-form';
import { useNextParam, withNext } from '../next-param';

/** /login: after the code, `?next=` (a path on this site only, docs/decisions/0048) or the evenings; "New here?" keeps it. */
export function Component() {
  const navigate = useNavigate();
  const next = useNextParam();
  return (
    <Page>
      <PageTitle sub="Log in with your email. We'll send you a 6-digit code, no password needed.">Welcome Back</PageTitle>
      <LoginForm onSignedIn={() => navigate(next ?? '/events', { replace: true })} signupHref={withNext('/', next)} />
    </Page>
  );
}
