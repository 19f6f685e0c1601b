import { RefreshCw, TriangleAlert } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import type { UserListItem } from '@shared/schemas/users';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { RestrictedCard } from '@client/components/ui/restricted';
import { Spinner } from '@client/components/ui/spinner';
import { formatDate } from '@client/lib/format';
import { useAllUsers } from '../api/users';

export interface AdminViewProps {
  /** The viewer has the admin role (from the server session). */
  isAdmin: boolean;
  /** The viewer is signed in (local keys), which decides the wording of the restricted card. */
  signedIn: boolean;
}

/**
 * Every admin signup view goes through here: others see the 'admins only' card and nothing is
 * fetched; admins see a spinner, then `children(users)`, or a short error (also logged).
 */
export function AdminUsers({ isAdmin, signedIn, children }: AdminViewProps & { children: (users: UserListItem[]) => ReactNode }) {
  const users = useAllUsers(isAdmin);

  useEffect(() => {
    if (users.error) console.error('Could not load the signup list', users.error);
  }, [users.error]);

  if (!isAdmin) return <RestrictedCard who="admins" signedIn={signedIn} />;
  if (users.isPending) return <Spinner label="Loading signups" />;
  if (users.isError)
    return (
      <Card role="alert" className="text-center">
        <TriangleAlert aria-hidden="true" className="mx-auto mb-3 size-10 text-red-700" />
        <h2 className="text-xl font-semibold text-wine-900">We couldn't load the signups</h2>
        <p className="mt-2 text-muted">Check your connection and try again.</p>
        <Button variant="outline" className="mt-5" disabled={users.isFetching} onClick={() => void users.refetch()}>
          <RefreshCw aria-hidden="true" className="size-5" />
          Try again
        </Button>
      </Card>
    );
  return <>{children(users.data)}</>;
}

/** '12 May 2025' (London's day) from an ISO time; empty when unreadable. */
export const joinedOn = (iso: string): string => formatDate(iso, 'plain');

/** A big number with its label, for totals. */
export function StatTile({ value, label, note, className }: { value: ReactNode; label: string; note?: ReactNode; className?: string }) {
  return (
    <div className={cn('rounded-3xl border border-wine-100 bg-white p-5 shadow-sm', className)}>
      <p className="text-sm font-semibold text-muted">{label}</p>
      <p className="mt-1 font-display text-4xl font-bold text-wine-800">{value}</p>
      {note && <p className="mt-1 text-sm text-muted">{note}</p>}
    </div>
  );
}
