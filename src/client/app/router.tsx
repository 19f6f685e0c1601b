import { memo, useEffect, type ComponentType } from 'react';
import { Navigate, Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import { Layout, type RouteHandle } from './layout';
import { lazyChunk, preloadScreen, type LazyChunk } from './lazy-chunk';
import { useSignedIn } from './session-hooks';
import { isSignedIn } from '@client/lib/session';

const h = (handle: RouteHandle) => handle;

/** The query client around every screen but the landing page (app/query-scope.tsx). */
const QueryScope = lazyChunk(() => import('./query-scope').then((m) => m.default));
/** The sign-in guard reads the session through the query client: it comes with the first signed-in screen. */
const RequireSignIn = lazyChunk(() => import('./guard').then((m) => m.RequireSignIn));

/** A screen's chunk (its module exports `Component`), loaded when its route is first shown; the layout's Suspense waits for it. */
const screen = (load: () => Promise<{ Component: ComponentType }>) => lazyChunk(() => load().then((m) => m.Component));

/**
 * A screen open to everyone that a member and a visitor see differently: the member's in one chunk,
 * the visitor's in another, so a visitor loads none of the member's code. The layout preloads the one
 * this browser will show.
 */
function memberOrVisitor(Member: LazyChunk, Visitor: LazyChunk) {
  return Object.assign(
    memo(function MemberOrVisitor() {
      // Both show dates: the browser's date data loads in a task of its own now, while their chunks
      // and data are on their way (as RequireSignIn does for the signed-in screens, docs/decisions/0031, 0032).
      useEffect(() => void import('@client/lib/format').then((m) => m.readyFormatsAhead()), []);
      return useSignedIn() ? <Member /> : <Visitor />;
    }),
    { preload: () => (isSignedIn() ? Member.preload() : Visitor.preload()) },
  );
}

/** /events/{id}: the member's page for a signed-in member, the public evening page for a visitor (docs/decisions/0045). */
const EventPage = memberOrVisitor(
  screen(() => import('./routes/event-detail')),
  screen(() => import('./routes/public-evening')),
);

/** /events: the member's Upcoming and My Events, or the evenings a visitor may book (issue 34, docs/decisions/0071). */
const EventsPage = memberOrVisitor(
  screen(() => import('./routes/events')),
  screen(() => import('./routes/open-events')),
);

/** Unknown paths: signed-out visitors go to /login (docs/spec/member-app.md §2); signed-in ones see the 404 page. */
function UnknownPath() {
  const signedIn = useSignedIn();
  const location = useLocation();
  if (!signedIn) return <Navigate to={`/login?next=${encodeURIComponent(location.pathname)}`} replace />;
  return <Outlet />;
}

/**
 * Every screen is a lazy chunk; only the shell loads up front. The app renders this table with
 * `useRoutes` in a <BrowserRouter> (main.tsx): the declarative router, without the data router's
 * loaders, actions and fetchers, which nothing here uses (about 17 KB less JavaScript on every first
 * paint, docs/architecture.md Budgets). Tests put the same table in a memory data router.
 */
const screens: RouteObject[] = [
  { path: '/', Component: screen(() => import('./routes/home')), handle: h({}) },
  { path: '/refunds', Component: screen(() => import('./routes/refunds')), handle: h({ title: 'Refunds', back: '/' }) },
  {
    Component: QueryScope,
    children: [
      { path: '/landing', Component: screen(() => import('./routes/landing')), handle: h({ title: 'Now in Prestwich' }) },
      { path: '/promo', Component: screen(() => import('./routes/promo')), handle: h({ title: 'Join the Waitlist' }) },
      { path: '/about', Component: screen(() => import('./routes/about')), handle: h({ title: 'About us', back: '/' }) },
      { path: '/privacy', Component: screen(() => import('./routes/privacy')), handle: h({ title: 'Privacy', back: '/' }) },
      {
        path: '/accessibility-statement',
        Component: screen(() => import('./routes/accessibility-statement')),
        handle: h({ title: 'Accessibility statement', back: '/' }),
      },
      { path: '/login', Component: screen(() => import('./routes/login')), handle: h({ title: 'Log in' }) },
      { path: '/unlock', Component: screen(() => import('./routes/unlock')), handle: h({ title: 'Get back in' }) },
      { path: '/waitlist-signup', Component: screen(() => import('./routes/waitlist-signup')), handle: h({ title: 'Join the waitlist' }) },
      { path: '/simple-signup', Component: screen(() => import('./routes/simple-signup')), handle: h({ title: 'Sign up' }) },
      { path: '/test-signup', Component: screen(() => import('./routes/test-signup')), handle: h({ title: 'Sign up' }) },
      { path: '/stats123', Component: screen(() => import('./routes/admin-stats')), handle: h({ title: 'Signups' }) },
      { path: '/admin-stats', Component: screen(() => import('./routes/admin-stats')), handle: h({ title: 'Signups' }) },
      { path: '/waitlist-dashboard', Component: screen(() => import('./routes/waitlist-dashboard')), handle: h({ title: 'Waitlist dashboard' }) },
      { path: '/create-event', Component: screen(() => import('./routes/create-event')), handle: h({ title: 'Create event' }) },
      { path: '/venues', Component: screen(() => import('./routes/venues')), handle: h({ title: 'Venues' }) },
      { path: '/calendar', Component: screen(() => import('./routes/calendar')), handle: h({ title: 'Venue calendar' }) },
      { path: '/live-event', Component: screen(() => import('./routes/live-event')), handle: h({ title: 'Live event' }) },
      { path: '/timer', Component: screen(() => import('./routes/timer')), handle: h({ title: 'Round timer' }) },
      { path: '/host-control', Component: screen(() => import('./routes/host-control')), handle: h({ title: 'Host control' }) },
      { path: '/dashboard', Component: screen(() => import('./routes/dashboard')), handle: h({ title: 'Event control dashboard' }) },
      { path: '/matching-dashboard', Component: screen(() => import('./routes/matching-dashboard')), handle: h({ title: 'Advanced Matching' }) },
      { path: '/check-in', Component: screen(() => import('./routes/check-in')), handle: h({ title: 'Check-in' }) },
      { path: '/reports', Component: screen(() => import('./routes/reports')), handle: h({ title: 'Reports' }) },
      { path: '/arrival', Component: screen(() => import('./routes/arrival')), handle: h({ title: 'Arrival' }) },
      { path: '/messaging', Component: screen(() => import('./routes/messaging')), handle: h({ title: 'Event messaging' }) },
      { path: '/notifications', Component: screen(() => import('./routes/notifications')), handle: h({ title: 'Notifications' }) },
      // The "Still coming?" e-mail's page: open without signing in, the token is the proof (docs/decisions/0074-still-coming.md).
      { path: '/still-coming/:token', Component: screen(() => import('./routes/still-coming')), handle: h({ title: 'Still coming?' }) },
      // The "Did you meet NAME again?" e-mail's page: open without signing in, the token is the proof (docs/decisions/0083-met-again.md).
      { path: '/met-again/:token', Component: screen(() => import('./routes/met-again')), handle: h({ title: 'Did you meet again?' }) },
      { path: '/personality-demo', Component: screen(() => import('./routes/personality-demo')), handle: h({ title: 'Personality Matching Demo' }) },
      { path: '/friend-groups', Component: screen(() => import('./routes/friend-groups')), handle: h({ title: 'Community Groups' }) },
      { path: '/badges', Component: screen(() => import('./routes/badges')), handle: h({ title: 'Participant Badges' }) },
      { path: '/missed-connections', Component: screen(() => import('./routes/missed-connections')), handle: h({ title: 'Missed Connections' }) },
      { path: '/match-preview', Component: screen(() => import('./routes/match-preview')), handle: h({ title: 'Match Preview' }) },
      { path: '/accessibility', Component: screen(() => import('./routes/accessibility')), handle: h({ title: 'Voice Narration' }) },
      { path: '/voice-narration', Component: screen(() => import('./routes/voice-narration')), handle: h({ title: 'Voice Narration Demo' }) },
      { path: '/host-program', Component: screen(() => import('./routes/host-program')), handle: h({ title: 'Host Programme' }) },
      { path: '/register', Component: screen(() => import('./routes/register')), handle: h({ title: 'Registration' }) },
      { path: '/share', Component: screen(() => import('./routes/share')), handle: h({ title: 'Share' }) },
      { path: '/promotions', Component: screen(() => import('./routes/promotions')), handle: h({ title: 'Promotional Materials' }) },
      { path: '/feedback', Component: screen(() => import('./routes/feedback')), handle: h({ title: 'Event Feedback' }) },
      // Open to visitors: the evenings they may book and each one's public page; members get their own views (docs/decisions/0045, 0071).
      { path: '/events', Component: EventsPage, handle: h({ title: 'Events' }) },
      { path: '/events/:id', Component: EventPage, handle: h({ title: 'Event', back: '/events' }) },
      { path: '/wine-wallop', Component: screen(() => import('./routes/wine-wallop')), handle: h({ title: 'The Wine Wallop' }) },
      {
        Component: RequireSignIn,
        children: [
          { path: '/profile', Component: screen(() => import('./routes/profile')), handle: h({ title: 'My Profile' }) },
          // The back link to /events/{id} is in the page: a static handle cannot know the id.
          { path: '/checkout/:id', Component: screen(() => import('./routes/checkout')), handle: h({ title: 'Complete Registration' }) },
          // A seat for a friend (docs/decisions/0075): book two places; accept a seat a friend offered.
          { path: '/checkout-for-two/:id', Component: screen(() => import('./routes/checkout-for-two')), handle: h({ title: 'Book for two' }) },
          { path: '/friend-seat/:token', Component: screen(() => import('./routes/friend-seat')), handle: h({ title: 'A seat for you' }) },
          { path: '/matches', Component: screen(() => import('./routes/matches')), handle: h({ title: 'Matches' }) },
          { path: '/my-matches', Component: screen(() => import('./routes/my-matches')), handle: h({ title: 'Friend Matches' }) },
          // The host's evening report (issue 36, docs/decisions/0084-the-hosts-evening-report.md).
          {
            path: '/events/:id/report',
            Component: screen(() => import('./routes/evening-report')),
            handle: h({ title: 'Evening report', back: '/dashboard' }),
          },
        ],
      },
      {
        element: <UnknownPath />,
        children: [{ path: '*', Component: screen(() => import('./routes/not-found')), handle: h({ title: 'Page not found' }) }],
      },
    ],
  },
];

/** The route table: the layout (which reads each screen's handle from the same table) around every screen. */
export const routes: RouteObject[] = [{ element: <Layout routes={screens} />, children: screens }];

/**
 * The chunks of the screen at this path, loaded before the app's first render (main.tsx): a screen
 * whose chunk is still on its way when React first renders shows the spinner, and React then holds
 * the screen back until 300 ms after the spinner appeared (docs/decisions/0117).
 */
export const loadScreen = (pathname: string) => preloadScreen(screens, pathname);

/** The app's screens at the browser's address (inside a <BrowserRouter>). */
export function AppRoutes() {
  return useRoutes(routes);
}
