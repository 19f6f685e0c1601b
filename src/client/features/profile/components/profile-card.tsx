import type { User } from '@shared/schemas/users';
import { Card, CardTitle } from '@client/components/ui/card';
import { ProfileForm } from './profile-form';
import { ProfileViewCard } from './profile-view-card';

/** The Profile Information card, in view or edit mode. */
export function ProfileCard({ user, editing, onSaved, onCancel }: { user: User; editing: boolean; onSaved: () => void; onCancel: () => void }) {
  if (!editing) return <ProfileViewCard user={user} />;
  return (
    <Card>
      <CardTitle className="mb-5">Profile Information</CardTitle>
      <ProfileForm user={user} onSaved={onSaved} onCancel={onCancel} />
    </Card>
  );
}
