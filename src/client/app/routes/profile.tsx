import { MyBlocks } from '@client/features/safety/components/my-blocks';
import { Pencil, X } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Page } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { PreviewVisibilitySetting } from '@client/features/match-preview/components/preview-visibility-setting';
import { MyNoShows } from '@client/features/no-shows/components/my-no-shows';
import { useUser } from '@client/features/profile/api/profile';
import { ActivityStatsCard } from '@client/features/profile/components/activity-stats-card';
import { EventHistoryCard } from '@client/features/profile/components/event-history-card';
import { PersonalityCard } from '@client/features/profile/components/personality-card';
import { ProfileCardSkeleton, ProfileViewCard } from '@client/features/profile/components/profile-view-card';
import { YourDataCard } from '@client/features/profile/components/your-data-card';
import { SiteFooter } from '@client/features/legal/components/site-footer';
import { ApiError } from '@client/lib/api';

/** The card with its edit form (and the form library) loads when the member first presses Edit. */
const ProfileCard = lazy(() => import('@client/features/profile/components/profile-card').then((m) => ({ default: m.ProfileCard })));

/** /profile: the signed-in member's own profile. The id comes only from the server session. */
export function Component() {
  const me = useMe();
  const id = me.data?.id;
  // The guard confirms the session first; a missing member is being redirected to /login.
  if (!id) return <Spinner />;
  return <ProfileScreen userId={id} />;
}

function ProfileScreen({ userId }: { userId: number }) {
  const user = useUser(userId);
  const navigate = useNavigate();
  const [editing, setEditing] = useState(false);
  const toggleId = useId();

  /**
   * After deleting the account: go to '/' and resolve only once this screen has unmounted, so
   * the caller clears the local sign-in after the guard is gone (clearing it earlier makes the
   * guard redirect to /login while the navigation is still in its transition).
   */
  const onUnmount = useRef<(() => void) | null>(null);
  useEffect(() => () => onUnmount.current?.(), []);
  const leaveAfterDelete = () =>
    new Promise<void>((resolve) => {
      onUnmount.current = resolve;
      setTimeout(resolve, 5000);
      void navigate('/', { replace: true });
    });

  /** Leaving edit mode from inside the form: focus returns to the toggle, not to the page. */
  const leaveEditing = () => {
    setEditing(false);
    requestAnimationFrame(() => document.getElementById(toggleId)?.focus());
  };

  if (user.isError) {
    const notFound = user.error instanceof ApiError && user.error.status === 404;
    return (
      <Page>
        <h1 className="mb-6 text-3xl font-bold text-wine-900">My Profile</h1>
        <Card className="text-center">
          <p className="text-lg font-semibold text-wine-900">{notFound ? 'User not found' : "We couldn't load your profile"}</p>
          <p className="mt-1 text-muted">
            {notFound ? 'This account may have been deleted. Log out, then log in or join again.' : 'Please check your connection and try again.'}
          </p>
          {!notFound && (
            <Button variant="outline" className="mt-4" onClick={() => void user.refetch()}>
              Try again
            </Button>
          )}
        </Card>
      </Page>
    );
  }

  return (
    <Page wide>
      {/* min-h-11: the row is as tall before the Edit button arrives with the profile as after (no layout shift). */}
      <div className="mb-6 flex min-h-11 items-center justify-between gap-3">
        <h1 className="text-3xl font-bold text-wine-900">My Profile</h1>
        {user.data && (
          <Button id={toggleId} variant={editing ? 'outline' : 'secondary'} size="sm" onClick={() => setEditing((v) => !v)}>
            {editing ? <X aria-hidden="true" className="size-5" /> : <Pencil aria-hidden="true" className="size-5" />}
            {editing ? 'Cancel' : 'Edit'}
            <span className="sr-only">{editing ? ' editing' : ' profile'}</span>
          </Button>
        )}
      </div>

      <div className="grid gap-5 lg:grid-cols-5 lg:items-start lg:gap-6">
        <div className="space-y-5 lg:col-span-3 lg:space-y-6">
          {user.data && editing ? (
            // Until the form has loaded, the details stay as they were.
            <Suspense fallback={<ProfileViewCard user={user.data} />}>
              <ProfileCard user={user.data} editing onSaved={leaveEditing} onCancel={leaveEditing} />
            </Suspense>
          ) : user.data ? (
            <ProfileViewCard user={user.data} />
          ) : (
            <ProfileCardSkeleton />
          )}
          {user.data && <PersonalityCard user={user.data} />}
        </div>
        {/*
          Loaded at once, shown with the profile: on a phone this column sits under the profile card,
          whose height is known only then; shown earlier it would jump down the page (Lighthouse CLS).
        */}
        <div hidden={!user.data} className="space-y-5 lg:col-span-2 lg:space-y-6">
          <ActivityStatsCard userId={userId} />
          <EventHistoryCard userId={userId} />
          <MyNoShows />
          <PreviewVisibilitySetting />
          <MyBlocks />
          <YourDataCard userId={userId} onDeleted={leaveAfterDelete} />
        </div>
      </div>
      {/* Privacy, the accessibility statement and contact: in the same place as on the public pages (docs/decisions/0078). */}
      <SiteFooter />
    </Page>
  );
}
