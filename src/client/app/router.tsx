import { createBrowserRouter, Navigate, Outlet, useLocation } from 'react-router';
import { RequireSignIn } from './guard';
import { Layout, type RouteHandle } from './layout';
import { useSignedIn } from './session-hooks';

const h = (handle: RouteHandle) => handle;

/** Unknown paths: signed-out visitors go to /login (docs/spec/member-app.md §2); signed-in ones see the 404 page. */
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
      { path: '/create-event', lazy: () => import('./routes/create-event'), handle: h({ title: 'Create event' }) },
      { path: '/venues', lazy: () => import('./routes/venues'), handle: h({ title: 'Venues' }) },
      { path: '/calendar', lazy: () => import('./routes/calendar'), handle: h({ title: 'Venue calendar' }) },
      { path: '/live-event', lazy: () => import('./routes/live-event'), handle: h({ title: 'Live event' }) },
      { path: '/timer', lazy: () => import('./routes/timer'), handle: h({ title: 'Round timer' }) },
      { path: '/host-control', lazy: () => import('./routes/host-control'), handle: h({ title: 'Host control' }) },
      { path: '/dashboard', lazy: () => import('./routes/dashboard'), handle: h({ title: 'Event control dashboard' }) },
      { path: '/matching-dashboard', lazy: () => import('./routes/matching-dashboard'), handle: h({ title: 'Advanced Matching' }) },
      { path: '/check-in', lazy: () => import('./routes/check-in'), handle: h({ title: 'Check-in' }) },
      { path: '/arrival', lazy: () => import('./routes/arrival'), handle: h({ title: 'Arrival' }) },
      { path: '/messaging', lazy: () => import('./routes/messaging'), handle: h({ title: 'Event messaging' }) },
      { path: '/notifications', lazy: () => import('./routes/notifications'), handle: h({ title: 'Notifications' }) },
      { path: '/personality-demo', lazy: () => import('./routes/personality-demo'), handle: h({ title: 'Personality Matching Demo' }) },
      { path: '/friend-groups', lazy: () => import('./routes/friend-groups'), handle: h({ title: 'Community Groups' }) },
      { path: '/badges', lazy: () => import('./routes/badges'), handle: h({ title: 'Participant Badges' }) },
      { path: '/missed-connections', lazy: () => import('./routes/missed-connections'), handle: h({ title: 'Missed Connections' }) },
      { path: '/match-preview', lazy: () => import('./routes/match-preview'), handle: h({ title: 'Match Preview' }) },
      { path: '/accessibility', lazy: () => import('./routes/accessibility'), handle: h({ title: 'Voice Narration' }) },
      { path: '/voice-narration', lazy: () => import('./routes/voice-narration'), handle: h({ title: 'Voice Narration Demo' }) },
      { path: '/host-program', lazy: () => import('./routes/host-program'), handle: h({ title: 'Host Programme' }) },
      { path: '/register', lazy: () => import('./routes/register'), handle: h({ title: 'Registration' }) },
      { path: '/share', lazy: () => import('./routes/share'), handle: h({ title: 'Share' }) },
      { path: '/promotions', lazy: () => import('./routes/promotions'), handle: h({ title: 'Promotional Materials' }) },
      { path: '/feedback', lazy: () => import('./routes/feedback'), handle: h({ title: 'Event Feedback' }) },
      { path: '/wine-wallop', lazy: () => import('./routes/wine-wallop'), handle: h({ title: 'The Wine Wallop' }) },
      {
        element: <RequireSignIn />,
        children: [
          { path: '/profile', lazy: () => import('./routes/profile'), handle: h({ title: 'My Profile' }) },
          { path: '/events', lazy: () => import('./routes/events'), handle: h({ title: 'Events' }) },
          { path: '/events/:id', lazy: () => import('./routes/event-detail'), handle: h({ title: 'Event', back: '/events' }) },
          // The back link to /events/{id} is in the page: a static handle cannot know the id.
          { path: '/checkout/:id', lazy: () => import('./routes/checkout'), handle: h({ title: 'Complete Registration' }) },
          { path: '/matches', lazy: () => import('./routes/matches'), handle: h({ title: 'Matches' }) },
          { path: '/my-matches', lazy: () => import('./routes/my-matches'), handle: h({ title: 'Friend Matches' }) },
        ],
      },
      {
        element: <UnknownPath />,
        children: [{ path: '*', lazy: () => import('./routes/not-found'), handle: h({ title: 'Page not found' }) }],
      },
    ],
  },
]);
