import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Page, PageTitle } from '@client/components/ui/page';
import { LoginForm, loginLinkFrom, type SignedIn } from '@client/features/auth/components/login-form';
import { publicEveningQuery } from '@client/features/events/api/public-evening';
import { useNextParam, withNext } from '../next-param';

/** The evening a `next` path is on its way to (its checkout or its page), if any. */
const eveningIdOf = (next: string | null) => {
  const m = next ? /^\/(?:checkout|events)\/(\d{1,9})(?:[/?#]|$)/.exec(next) : null;
  return m ? Number(m[1]) : null;
};

/**
 * /login, the one way in for members and newcomers (docs/decisions/0070): after the code, `?next=`
 * (a path on this site only, docs/decisions/0048) or the evenings. A sign-up form that already
 * mailed the code sends its address in the navigation state, so the page opens at the code.
 */
export function Component() {
  const navigate = useNavigate();
  const next = useNextParam();
  const { state: navState, hash } = useLocation();
  const state = navState as { email?: unknown } | null;
  // A sign-in link from the server's console (`npm run admin -- login-link`, docs/decisions/0089) carries the address and code after '#'.
  const [link] = useState(() => loginLinkFrom(hash));
  const sentTo = link?.email ?? (typeof state?.email === 'string' ? state.email : null);
  const eveningId = eveningIdOf(next);
  const evening = useQuery({ ...publicEveningQuery(eveningId ?? 0), enabled: eveningId !== null }).data?.title ?? null;

  const onSignedIn = ({ created, name }: SignedIn) => {
    if (created) toast.success('Welcome to the Community!', { description: `Your account is ready, ${name}.` });
    navigate(next ?? '/events', { replace: true });
  };

  return (
    <Page>
      {evening ? (
        <PageTitle sub="Your e-mail, then the 6-digit code we send to it: no password. New here? We'll make your account on the way.">{`Book ${evening}`}</PageTitle>
      ) : (
        <PageTitle sub="Log in or join with your email. We'll send you a 6-digit code, no password needed.">Welcome Back</PageTitle>
      )}
      <LoginForm onSignedIn={onSignedIn} signupHref={withNext('/', next)} evening={evening} sentTo={sentTo} code={link?.code ?? null} />
    </Page>
  );
}
