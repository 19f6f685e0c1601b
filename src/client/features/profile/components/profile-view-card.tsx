import type { User } from '@shared/schemas/users';
import { Card, CardTitle } from '@client/components/ui/card';
import { ProfileDetails } from './profile-details';

/**
 * The Profile Information card in view mode, without the edit form (and its form library), which
 * /profile loads only when the member presses Edit (./profile-card.tsx has both modes).
 */
export function ProfileViewCard({ user }: { user: User }) {
  return (
    <Card>
      <CardTitle className="mb-5">Profile Information</CardTitle>
      <ProfileDetails user={user} />
    </Card>
  );
}

export function ProfileCardSkeleton() {
  return (
    <Card>
      <CardTitle className="mb-5">Profile Information</CardTitle>
      <div role="status" className="space-y-5">
        <span className="sr-only">Loading your profile…</span>
        <div aria-hidden="true" className="flex items-center gap-4">
          <div className="size-20 animate-pulse rounded-full bg-wine-100" />
          <div className="flex-1 space-y-2">
            <div className="h-6 w-2/3 animate-pulse rounded-lg bg-wine-100" />
            <div className="h-4 w-1/3 animate-pulse rounded-lg bg-wine-50" />
          </div>
        </div>
        <div aria-hidden="true" className="h-24 animate-pulse rounded-2xl bg-wine-50" />
      </div>
    </Card>
  );
}
