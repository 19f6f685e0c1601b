import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from './button';
import { Card } from './card';
import { LoginButton } from './notice-card';

/**
 * Shown in place of data the viewer's role may not see. A member who wants to host is sent to the
 * host programme, where they apply and an admin's approval gives them the role (/host-program).
 */
export function RestrictedCard({ who, signedIn }: { who: 'admins' | 'hosts'; signedIn: boolean }) {
  return (
    <Card className="text-center">
      <Lock aria-hidden="true" className="mx-auto mb-3 size-10 text-wine-500" />
      <h2 className="text-2xl font-semibold text-wine-900">This page is for {who} only</h2>
      <p className="mt-2 text-muted">
        {!signedIn
          ? `Log in with an account that has ${who === 'admins' ? 'admin' : 'host'} access to see it.`
          : who === 'hosts'
            ? 'Your account does not have the host role yet. Would you like to host evenings? Apply to the host programme: once an admin approves, your host tools are here.'
            : 'Your account does not have access. If you help run our evenings, ask an organiser to give you the admin role.'}
      </p>
      {!signedIn && <LoginButton className="mt-5" />}
      {signedIn && who === 'hosts' && (
        <Button asChild size="lg" className="mt-5">
          <Link to="/host-program">Apply to host</Link>
        </Button>
      )}
    </Card>
  );
}
