import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '@client/components/ui/spinner';
import { useOpenEvenings } from '@client/features/events/api/open-evenings';
import { HomeHero } from '@client/features/marketing/components/home-hero';
import { HomeNotes } from '@client/features/marketing/components/home-notes';
import { MemberCard } from '@client/features/marketing/components/member-card';
import { LandingWaitlistForm } from '@client/features/waitlist/components/landing-waitlist-form';
import { safeNextPath } from '@shared/domain/safe-next';
import { useSignedIn } from '../session-hooks';

// The two query views are rarely opened: keep them (and, for the stats, TanStack Query) out of the first paint of /.
const PromoView = lazy(() => import('@client/features/marketing/components/promo-view').then((m) => ({ default: m.PromoView })));
const AdminStatsView = lazy(() => import('./home-admin-stats'));
// A member's home reads their evenings through TanStack Query: its own chunk, never in a visitor's first paint (docs/decisions/0071).
const MemberHome = lazy(() => import('./home-member'));
// The evenings' cards: their code and the date formatting load when the room kept for them comes into
// view: at once on a wide screen, on a phone (where they start below the first screen) as it is
// scrolled to, so a phone's first paint carries neither (docs/decisions/0071).
const loadCards = () => {
  void import('@client/lib/format').then((m) => m.readyFormatsAhead());
  return import('@client/features/events/components/evening-list');
};
const UpcomingEvenings = lazy(() => loadCards().then((m) => ({ default: m.UpcomingEvenings })));

/** Whether the element has come into view (at once where the browser cannot tell). */
function useSeen() {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    if (typeof IntersectionObserver === 'undefined') return setSeen(true);
    const watch = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true));
    watch.observe(el);
    return () => watch.disconnect();
  }, [seen]);
  return [ref, seen] as const;
}

/**
 * The evenings open for booking, above the waitlist form (issue 34); nothing when none is (the form
 * is then the page's main thing). Until they are shown, room for them is kept, so the form does not
 * jump down when they come.
 */
function OpenEvenings() {
  const evenings = useOpenEvenings();
  const [room, seen] = useSeen();
  const kept = <div ref={room} aria-hidden="true" className="h-[42rem] animate-pulse rounded-3xl bg-wine-50 lg:h-[37rem]" />;
  if (evenings?.length === 0) return null;
  return evenings && seen ? (
    <Suspense fallback={kept}>
      <UpcomingEvenings evenings={evenings} />
    </Suspense>
  ) : (
    kept
  );
}

/**
 * `/`: for a visitor the landing page (the waitlist form, below the evenings open for booking); for a
 * signed-in member their own home (docs/decisions/0071); `?view=promo` shows the promo poster,
 * `?admin=stats` the signup stats.
 */
export function Component() {
  const [params] = useSearchParams();
  const signedIn = useSignedIn();
  const view = params.get('admin') === 'stats' ? <AdminStatsView /> : params.get('view') === 'promo' ? <PromoView /> : signedIn ? <MemberHome /> : null;
  if (view) return <Suspense fallback={<Spinner />}>{view}</Suspense>;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-2 lg:items-start lg:gap-10 lg:py-10">
      <div className="space-y-6">
        <HomeHero />
        <MemberCard signedIn={signedIn} />
      </div>
      <div className="space-y-6">
        <OpenEvenings />
        <LandingWaitlistForm next={safeNextPath(params.get('next'))} />
      </div>
      <div className="lg:col-span-2">
        <HomeNotes />
      </div>
    </div>
  );
}
