import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { readyFormatsWhenIdle } from '@client/lib/format';
import { forgetUser } from '@client/lib/session';
import { useSignedIn } from './session-hooks';

/**
 * Signed-in-only screens. The local keys decide the redirect at once (as the spec says); the
 * server session is then confirmed, and a stale local sign-in is cleared.
 */
export function RequireSignIn() {
  const signedIn = useSignedIn();
  const location = useLocation();
  const navigate = useNavigate();
  const me = useMe();
  // Signed-in screens show dates: the browser's date data loads while the session is confirmed.
  useEffect(readyFormatsWhenIdle, []);

  useEffect(() => {
    if (signedIn && me.isSuccess && me.data === null) {
      forgetUser();
      navigate(`/login?next=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
    }
  }, [signedIn, me.isSuccess, me.data, navigate, location.pathname, location.search]);

  if (!signedIn) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (me.isPending) return <Spinner />;
  return <Outlet />;
}
