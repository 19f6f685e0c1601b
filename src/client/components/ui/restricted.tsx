import { Lock } from 'lucide-react';
import { Card } from './card';
import { LoginButton } from './notice-card';

/** Shown in place of data the viewer's role may not see. */
export function RestrictedCard({ who, signedIn }: { who: 'admins' | 'hosts'; signedIn: boolean }) {
  return (
    <Card className="text-center">
      <Lock aria-hidden="true" className="mx-auto mb-3 size-10 text-wine-500" />
      <h2 className="text-2xl font-semibold text-wine-900">This page is for {who} only</h2>
      <p className="mt-2 text-muted">
        {signedIn
          ? `Your account does not have access. If you help run our evenings, ask an organiser to give you the ${who === 'admins' ? 'admin' : 'host'} role.`
          : `Log in with an account that has ${who === 'admins' ? 'admin' : 'host'} access to see it.`}
      </p>
      {!signedIn && <LoginButton className="mt-5" />}
    </Card>
  );
}
