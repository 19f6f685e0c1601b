import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router';
import { RequireSignIn } from './guard';
import { Layout, type RouteHandle } from './layout';
import { useSignedIn } from './session-hooks';

const h = (handle: RouteHandle) => handle;

/** Unknown paths: signed-out visitors go to /login (spec §2); signed-in ones see the 404 page. */
function UnknownPath() {
  const signedIn = useSignedIn();
  const location = useLocation();
  if (!signedIn) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname)}`} replace />;
  return <Outlet />;
}

/** Every screen is a lazy chunk; only the shell loads up front. */
export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { path: '/', lazy: () => import('./routes/home'), handle: h({}) },
      { path: '/landing', lazy: () => import('./routes/landing'), handle: h({ title: 'Now in Prestwich' }) },
      { path: '/promo', lazy: () => import('./routes/promo'), handle: h({ title: 'Join the Waitlist' }) },
      { path: '/about', lazy: () => import('./routes/about'), handle: h({ title: 'About us', back: '/' }) },
      { path: '/login', lazy: () => import('./routes/login'), handle: h({ title: 'Log in' }) },
      { path: '/waitlist-signup', lazy: () => import('./routes/waitlist-signup'), handle: h({ title: 'Join the waitlist' }) },
      { path: '/simple-signup', lazy: () => import('./routes/simple-signup'), handle: h({ title: 'Sign up' }) },
      { path: '/test-signup', lazy: () => import('./routes/test-signup'), handle: h({ title: 'Sign up' }) },
      { path: '/stats123', lazy: () => import('./routes/admin-stats'), handle: h({ title: 'Signups' }) },
      { path: '/admin-stats', lazy: () => import('./routes/admin-stats'), handle: h({ title: 'Signups' }) },
      { path: '/waitlist-dashboard', lazy: () => import('./routes/waitlist-dashboard'), handle: h({ title: 'Waitlist dashboard' }) },
      {
        element: <RequireSignIn />,
        children: [{ path: '/profile', lazy: () => import('./routes/profile'), handle: h({ title: 'My Profile' }) }],
      },
      {
        element: <UnknownPath />,
        children: [{ path: '*', lazy: () => import('./routes/not-found'), handle: h({ title: 'Page not found' }) }],
      },
    ],
  },
]);
