import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useMe } from '@client/features/auth/api/auth';
import { readyFormatsAhead } from '@client/lib/format';
import { forgetUser } from '@client/lib/session';
import { useSignedIn } from './session-hooks';

/**
 * Signed-in-only screens. The local keys decide the redirect at once (as the spec says); the
 * server session is then confirmed, and a stale local sign-in is cleared. The screen opens
 * meanwhile: its code, and data that does not need the member's id, load alongside the session
 * check instead of after it (docs/decisions/0032); each of these screens waits for the member
 * (`useMe`) before it shows anything of theirs.
 */
export function RequireSignIn() {
  const signedIn = useSignedIn();
  const location = useLocation();
  const navigate = useNavigate();
  const me = useMe();
  // Signed-in screens show dates: the browser's date data loads while the session and the data are on their way.
  useEffect(readyFormatsAhead, []);

  useEffect(() => {
    if (signedIn && me.isSuccess && me.data === null) {
      forgetUser();
      navigate(`/login?next=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
    }
  }, [signedIn, me.isSuccess, me.data, navigate, location.pathname, location.search]);

  if (!signedIn) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <Outlet />;
}
