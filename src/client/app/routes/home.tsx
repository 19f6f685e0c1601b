import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { HomeHero } from '@client/features/marketing/components/home-hero';
import { HomeNotes } from '@client/features/marketing/components/home-notes';
import { MemberCard } from '@client/features/marketing/components/member-card';
import { LandingWaitlistForm } from '@client/features/waitlist/components/landing-waitlist-form';
import { useSignedIn } from '../session-hooks';

// The two query views are rarely opened: keep them out of the first paint of /.
const PromoView = lazy(() => import('@client/features/marketing/components/promo-view').then((m) => ({ default: m.PromoView })));
const SignupStats = lazy(() => import('@client/features/admin/components/signup-stats').then((m) => ({ default: m.SignupStats })));

/** `?admin=stats`: the signup stats for admins, an 'admins only' card for everyone else. */
function AdminStatsView() {
  const me = useMe();
  const signedIn = useSignedIn();
  return (
    <Page>
      {me.isPending ? (
        <Spinner />
      ) : (
        <Suspense fallback={<Spinner />}>
          <SignupStats isAdmin={me.data?.roles.includes('admin') ?? false} signedIn={signedIn} />
        </Suspense>
      )}
    </Page>
  );
}

/** `/`: the waitlist landing page; `?view=promo` shows the promo poster, `?admin=stats` the signup stats. */
export function Component() {
  const [params] = useSearchParams();
  const signedIn = useSignedIn();
  if (params.get('admin') === 'stats') return <AdminStatsView />;
  if (params.get('view') === 'promo') {
    return (
      <Suspense fallback={<Spinner />}>
        <PromoView />
      </Suspense>
    );
  }
  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-2 lg:items-start lg:gap-10 lg:py-10">
      <div className="space-y-6">
        <HomeHero />
        <MemberCard signedIn={signedIn} />
      </div>
      <LandingWaitlistForm />
      <div className="lg:col-span-2">
        <HomeNotes />
      </div>
    </div>
  );
}
