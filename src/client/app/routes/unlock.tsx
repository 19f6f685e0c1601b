import { useLocation, useNavigate } from 'react-router';
import { Page, PageTitle } from '@client/components/ui/page';
import { UnlockCard } from '@client/features/auth/components/unlock-card';

/** /unlock#token=…: the one-time link of a lock notice (docs/decisions/0009-login-guessing-per-account.md). */
export function Component() {
  const navigate = useNavigate();
  const { hash } = useLocation();
  return (
    <Page>
      <PageTitle sub="One press, and you're in.">Get back into your account</PageTitle>
      <UnlockCard hash={hash} onSignedIn={() => navigate('/events', { replace: true })} />
    </Page>
  );
}
