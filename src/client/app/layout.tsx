import { ArrowLeft, CalendarHeart, HeartHandshake, Home, LogOut, UserRound } from 'lucide-react';
import { useEffect, type ComponentType } from 'react';
import { Link, NavLink, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { cn } from '@client/components/ui/cn';
import { useLogout } from '@client/features/auth/api/auth';
import { setBaseTitle } from '@client/lib/document-title';
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
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <header className="sticky top-0 z-30 border-b border-wine-100 bg-cream/95 backdrop-blur">
      <div className="mx-auto flex max-w-5xl items-center gap-2 px-4 py-2">
        {back && (
          <Link to={back} className="-ml-2 inline-flex min-h-11 min-w-11 items-center justify-center rounded-xl text-wine-800 hover:bg-wine-50" aria-label="Back">
            <ArrowLeft aria-hidden="true" className="size-6" />
          </Link>
        )}
        <Logo />
        <div className="ml-auto">
          {signedIn && (
            <button
              type="button"
              onClick={() => logout.mutate(undefined, { onSettled: () => navigate('/') })}
              className="inline-flex min-h-11 items-center gap-2 rounded-xl px-3 font-semibold text-wine-800 hover:bg-wine-50"
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
          <li key={to} className="flex-1 md:flex-none">
            <NavLink
              to={to}
              end={to === '/'}
              className={({ isActive }) =>
                cn(
                  'flex min-h-16 flex-col items-center justify-start gap-1 px-1 pt-2.5 pb-2 text-center text-sm leading-tight font-semibold',
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

export function Layout() {
  const matches = useMatches();
  const handle = [...matches].reverse().find((m) => m.handle)?.handle as RouteHandle | undefined;
  const { pathname } = useLocation();
  const signedIn = useSignedIn();
  const showNav = signedIn && pathname !== '/';

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
        <Outlet />
      </main>
    </div>
  );
}
