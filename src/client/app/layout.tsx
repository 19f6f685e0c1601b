import { ArrowLeft, CalendarHeart, HeartHandshake, Home, LogOut, UserRound } from 'lucide-react';
import { Component as ReactComponent, lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Link, matchRoutes, NavLink, Outlet, useLocation, useNavigate, useNavigationType, type RouteObject } from 'react-router';
import { cn } from '@client/components/ui/cn';
import { Spinner } from '@client/components/ui/spinner';
import { logOut } from '@client/features/auth/api/logout';
import { setBaseTitle } from '@client/lib/document-title';
import { loadUntilItArrives, preloadScreen } from './lazy-chunk';
import { useSignedIn } from './session-hooks';

export interface RouteHandle {
  title?: string;
  /** Where the header's Back button goes. */
  back?: string;
}

/** Bottom navigation: only entries whose screen exists are shown. */
const NAV: { to: string; label: string; icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }> }[] = [
  { to: '/', label: 'Home', icon: Home },
  { to: '/events', label: 'Events', icon: CalendarHeart },
  { to: '/my-matches', label: 'Friend Matches', icon: HeartHandshake },
  { to: '/profile', label: 'Profile', icon: UserRound },
];

export function Logo() {
  return (
    <Link to="/" className="flex min-h-11 items-center gap-2 rounded-xl font-display text-xl font-bold text-wine-800" aria-label="Speed Friendship home">
      <img src="/favicon.svg" alt="" width={32} height={32} className="size-8" />
      <span>Speed Friendship</span>
    </Link>
  );
}

function Header({ back }: { back?: string }) {
  const signedIn = useSignedIn();
  const [leaving, setLeaving] = useState(false);
  const navigate = useNavigate();
  const leave = () => {
    setLeaving(true);
    // Home whatever the server answered: this browser has forgotten the member either way.
    void logOut()
      .catch(() => undefined)
      .finally(() => {
        setLeaving(false);
        navigate('/');
      });
  };
  return (
    <header className="sticky top-0 z-30 border-b border-wine-100 bg-cream/95 backdrop-blur">
      <div className="mx-auto flex max-w-5xl items-center gap-2 px-4 py-2">
        {back && (
          <Link
            to={back}
            className="-ml-2 inline-flex min-h-11 min-w-11 items-center justify-center rounded-xl text-wine-800 hover:bg-wine-50"
            aria-label="Back"
          >
            <ArrowLeft aria-hidden="true" className="size-6" />
          </Link>
        )}
        <Logo />
        <div className="ml-auto">
          {signedIn && (
            <button
              type="button"
              onClick={leave}
              disabled={leaving}
              className="inline-flex min-h-11 items-center gap-2 rounded-xl px-3 font-semibold text-wine-800 hover:bg-wine-50 disabled:opacity-60"
            >
              <LogOut aria-hidden="true" className="size-5" />
              Logout
            </button>
          )}
        </div>
      </div>
    </header>
  );
}

/**
 * The main navigation: a tab bar fixed to the bottom on phones (thumb reach), and a bar in the page
 * flow under the header from md up, where a fixed bar would only cover the page's last controls.
 */
function MainNav() {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-wine-100 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:static md:z-auto md:border-t-0 md:border-b md:bg-white md:pb-0 md:backdrop-blur-none"
    >
      <ul className="mx-auto flex max-w-xl justify-around md:max-w-5xl md:justify-start md:gap-1 md:px-4">
        {NAV.map(({ to, label, icon: Icon }) => (
          <li key={to} className="min-w-0 flex-1 md:flex-none">
            <NavLink
              to={to}
              end={to === '/'}
              className={({ isActive }) =>
                cn(
                  // A label wider than its quarter of the bar (text at 200% on a 320 px phone) wraps, hyphenated, inside it.
                  'flex min-h-16 flex-col items-center justify-start gap-1 px-1 pt-2.5 pb-2 text-center text-sm leading-tight font-semibold hyphens-auto [overflow-wrap:anywhere]',
                  'md:min-h-12 md:flex-row md:justify-center md:gap-2 md:border-b-3 md:px-3 md:pt-0 md:pb-0 md:text-base',
                  isActive ? 'text-wine-700 md:border-wine-700' : 'text-muted hover:text-wine-700 md:border-transparent',
                )
              }
            >
              <Icon aria-hidden={true} className="size-6 md:size-5" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The toaster sits outside the screens' error card: a load of its chunk that failed (the line cut as a
 * guest's timer opened) unmounted the whole app, a blank page mid-round. It is tried again until it
 * arrives (docs/decisions/0117).
 */
const TOASTER_RETRY_MS = 3_000;
const AppToaster = lazy(loadUntilItArrives(() => import('./toaster'), TOASTER_RETRY_MS));

/**
 * Toasts follow what a member does on a screen; the landing page (/) shows none. The toaster (and
 * sonner) load with the first other screen, or at the first touch or key press on /, and then stay.
 */
function ToasterWhenNeeded({ pathname }: { pathname: string }) {
  const [needed, setNeeded] = useState(pathname !== '/');
  useEffect(() => {
    if (pathname !== '/') setNeeded(true);
  }, [pathname]);
  useEffect(() => {
    if (needed) return;
    const want = () => setNeeded(true);
    const events = ['pointerdown', 'keydown'] as const;
    events.forEach((e) => window.addEventListener(e, want, { capture: true, once: true, passive: true }));
    return () => events.forEach((e) => window.removeEventListener(e, want, { capture: true }));
  }, [needed]);
  return needed ? (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  ) : null;
}

/**
 * A screen whose chunk failed to load (a new deployment, the network gone) or that threw: say so and
 * offer a reload. Going to another page tries again (without remounting the screens in between).
 */
class ScreenErrorBoundary extends ReactComponent<{ children: ReactNode; pathname: string }, { failed: boolean; pathname: string }> {
  override state = { failed: false, pathname: this.props.pathname };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  static getDerivedStateFromProps(props: { pathname: string }, state: { pathname: string }) {
    return props.pathname === state.pathname ? null : { failed: false, pathname: props.pathname };
  }
  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-10 text-center">
        <p className="text-lg font-semibold text-wine-900">This page could not be loaded.</p>
        <p className="mt-1 text-muted">Please check your connection and try again.</p>
        <button
          type="button"
          onClick={() => location.reload()}
          className="mt-4 inline-flex min-h-11 items-center rounded-xl border-2 border-wine-700 px-4 font-semibold text-wine-800 hover:bg-wine-50"
        >
          Reload
        </button>
      </div>
    );
  }
}

/**
 * A new screen opens at its top: without a data router nothing resets the scroll, so a screen
 * opened from low on another (Start Event at the bottom of /check-in on a phone) showed its middle,
 * the host console's clock scrolled away above (issue 22). Back and forward (POP) keep what the browser restores.
 */
function useTopOfNewScreen(pathname: string) {
  const type = useNavigationType();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (type !== 'POP') window.scrollTo(0, 0);
    // Only a change of screen (the path): a new ?event= on the same screen keeps its place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);
}

/**
 * The top of the first page as the server painted it into the page shell for a visitor (the
 * evening's title on /events/{id}, the heading of /events: server/modules/public-evening/prepaint.ts,
 * docs/decisions/0073), read at the app's first render, before its commit replaces the shell. It
 * stands in for the spinner while that page's chunks load, so the title painted from the HTML
 * stays where it is instead of giving way to a spinner for a moment. Null elsewhere.
 */
function usePrepaint(pathname: string): string | null {
  const [first] = useState(() => ({ html: document.querySelector('#root > div > main')?.innerHTML ?? null, pathname }));
  return first.html && first.pathname === pathname ? first.html : null;
}

/** The layout around every screen; `routes` is the table of screens, whose deepest match's handle names the page and its Back link. */
export function Layout({ routes }: { routes: RouteObject[] }) {
  const location = useLocation();
  const { pathname } = location;
  const prepaint = usePrepaint(pathname);
  const matches = matchRoutes(routes, location) ?? [];
  const handle = [...matches].reverse().find((m) => m.route.handle)?.route.handle as RouteHandle | undefined;
  const signedIn = useSignedIn();
  const showNav = signedIn && pathname !== '/';
  useTopOfNewScreen(pathname);

  // Every chunk the page needs starts loading now, not each after the one around it (query scope, guard, screen).
  useEffect(() => {
    void preloadScreen(routes, pathname);
  }, [routes, pathname]);

  useEffect(() => {
    setBaseTitle(handle?.title ? `${handle.title} · Speed Friendship` : 'Speed Friendship · Prestwich');
  }, [handle?.title]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded-xl focus:bg-white focus:p-3">
        Skip to content
      </a>
      <Header back={handle?.back} />
      {/* Before main in the document, so the tab order matches what is seen on wide screens. */}
      {showNav && <MainNav />}
      {/* Room for the fixed bar on phones; the root's scroll padding keeps focused controls clear of it too (styles.css). */}
      <main id="main" className={cn('flex-1', showNav && 'pb-24 md:pb-0')}>
        {/* A screen's chunk on its way: the spinner (a navigation keeps the old screen meanwhile); a failed one: the error card. */}
        <ScreenErrorBoundary pathname={pathname}>
          <Suspense
            fallback={
              prepaint ? (
                <div data-prepaint="" dangerouslySetInnerHTML={{ __html: prepaint }} />
              ) : (
                <div data-screen-loading="">
                  <Spinner />
                </div>
              )
            }
          >
            <Outlet />
          </Suspense>
        </ScreenErrorBoundary>
      </main>
      <ToasterWhenNeeded pathname={pathname} />
    </div>
  );
}
