import { useNavigate, useSearchParams } from 'react-router';
import { Page, PageTitle } from '@client/components/ui/page';
import { LoginForm } from '@client/features/auth/components/login-form';

/** Only same-site paths are followed after login. */
function safeNext(next: string | null) {
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/events';
}

export function Component() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return (
    <Page>
      <PageTitle sub="Log in with your email. We'll send you a 6-digit code, no password needed.">Welcome Back</PageTitle>
      <LoginForm onSignedIn={() => navigate(safeNext(params.get('next')), { replace: true })} />
    </Page>
  );
}
