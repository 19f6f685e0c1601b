import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '@client/components/ui/spinner';
import { HomeHero } from '@client/features/marketing/components/home-hero';
import { HomeNotes } from '@client/features/marketing/components/home-notes';
import { MemberCard } from '@client/features/marketing/components/member-card';
import { LandingWaitlistForm } from '@client/features/waitlist/components/landing-waitlist-form';
import { safeNextPath } from '@shared/domain/safe-next';
import { useSignedIn } from '../session-hooks';

// The two query views are rarely opened: keep them (and, for the stats, TanStack Query) out of the first paint of /.
const PromoView = lazy(() => import('@client/features/marketing/components/promo-view').then((m) => ({ default: m.PromoView })));
const AdminStatsView = lazy(() => import('./home-admin-stats'));

/** `/`: the waitlist landing page; `?view=promo` shows the promo poster, `?admin=stats` the signup stats. */
export function Component() {
  const [params] = useSearchParams();
  const signedIn = useSignedIn();
  const view = params.get('admin') === 'stats' ? <AdminStatsView /> : params.get('view') === 'promo' ? <PromoView /> : null;
  if (view) return <Suspense fallback={<Spinner />}>{view}</Suspense>;
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-2 lg:items-start lg:gap-10 lg:py-10">
      <div className="space-y-6">
        <HomeHero />
        <MemberCard signedIn={signedIn} />
      </div>
      <LandingWaitlistForm next={safeNextPath(params.get('next'))} />
      <div className="lg:col-span-2">
        <HomeNotes />
      </div>
    </div>
  );
}
