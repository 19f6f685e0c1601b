import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { messageOf } from '@client/lib/api';
import { useUnlockWithLink } from '../api/auth';

/** The token in /unlock#token=…: 43 base64url characters, or null. */
export function unlockTokenFrom(hash: string): string | null {
  const token = new URLSearchParams(hash.replace(/^#/, '')).get('token');
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null;
}

/**
 * /unlock: the page behind the one-time link in a lock notice. Opening the link does nothing by
 * itself (mail scanners fetch links); the owner presses the button, which posts the token
 * (docs/decisions/0009-login-guessing-per-account.md). The token sits after '#', so it never
 * reaches a server log.
 */
export function UnlockCard({ hash, onSignedIn }: { hash: string; onSignedIn: () => void }) {
  const unlock = useUnlockWithLink();
  const token = unlockTokenFrom(hash);
  if (!token) {
    return (
      <Card role="alert">
        <p className="text-lg font-semibold text-wine-900">This link is incomplete</p>
        <p className="mt-2">Open it again from the e-mail, or log in with a code.</p>
        <Button asChild size="lg" className="mt-4 w-full">
          <Link to="/login">Log in with a code</Link>
        </Button>
      </Card>
    );
  }
  return (
    <Card>
      <p>Someone entered wrong login codes for your account, so signing in with a code is paused. This link came to your e-mail, which proves it is you.</p>
      <Button size="lg" className="mt-4 w-full" disabled={unlock.isPending} onClick={() => unlock.mutate(token, { onSuccess: onSignedIn })}>
        <KeyRound aria-hidden="true" className="size-5" />
        {unlock.isPending ? 'Signing you in…' : 'Sign me in and lift the pause'}
      </Button>
      {unlock.isError && (
        <div role="alert" className="mt-4">
          <p>{messageOf(unlock.error, 'We could not use this link. Please try again.')}</p>
          <Link to="/login" className="mt-2 inline-block font-semibold text-wine-800 underline underline-offset-4">
            Log in with a code
          </Link>
        </div>
      )}
    </Card>
  );
}
