import { Search } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { newestFirst } from '@shared/domain/waitlist';
import type { UserListItem } from '@shared/schemas/users';
import { Badge } from '@client/components/ui/badge';
import { AdminUsers, joinedOn, StatTile, type AdminViewProps } from './admin-users';

/**
 * The admin list of signups (/stats123, /admin-stats, /simple-signup?admin=true): the total
 * count, then everyone, newest first, with name, e-mail, age and bio.
 */
export function AdminSignupList(props: AdminViewProps) {
  return <AdminUsers {...props}>{(users) => <SignupList users={users} />}</AdminUsers>;
}

function matches(user: UserListItem, query: string) {
  const q = query.trim().toLocaleLowerCase('en-GB');
  return !q || user.name.toLocaleLowerCase('en-GB').includes(q) || user.email.toLocaleLowerCase('en-GB').includes(q);
}

export function SignupList({ users }: { users: UserListItem[] }) {
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const searchId = useId();
  const sorted = newestFirst(users);
  const shown = sorted.filter((u) => matches(u, deferred));
  const filtering = deferred.trim() !== '';

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <StatTile
          label="Total signups"
          value={users.length}
          note={users.length === 1 ? '1 person on the waitlist' : `${users.length} people on the waitlist`}
          className="sm:min-w-64"
        />
        {users.length > 0 && (
          <div className="sm:w-80">
            <label htmlFor={searchId} className="mb-1.5 block text-sm font-semibold text-wine-900">
              Search signups
            </label>
            <div className="relative">
              <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-muted" />
              <input
                id={searchId}
                type="search"
                value={query}
                onChange={(e) => setQuery(e.target.value)}
                placeholder="Name or email"
                autoComplete="off"
                className="block min-h-12 w-full rounded-2xl border-2 border-wine-100 bg-white py-2.5 pr-4 pl-11 text-base text-ink placeholder:text-muted focus:border-wine-500 focus:outline-none"
              />
            </div>
          </div>
        )}
      </div>

      <section aria-labelledby={`${searchId}-title`} className="space-y-4">
        <h2 id={`${searchId}-title`} className="text-2xl font-semibold text-wine-900">
          All signups <span className="font-sans text-base font-normal text-muted">newest first</span>
        </h2>

        <p aria-live="polite" className={filtering ? 'text-sm text-muted' : 'sr-only'}>
          {filtering ? `Showing ${shown.length} of ${users.length}` : ''}
        </p>

        {users.length === 0 ? (
          <p className="rounded-3xl border border-dashed border-wine-200 bg-white/60 p-6 text-center text-muted">No one has signed up yet.</p>
        ) : shown.length === 0 ? (
          <p className="rounded-3xl border border-dashed border-wine-200 bg-white/60 p-6 text-center text-muted">No signups match “{deferred.trim()}”.</p>
        ) : (
          <ul className="grid gap-3 lg:grid-cols-2">
            {shown.map((u) => (
              <li key={u.id} className="rounded-3xl border border-wine-100 bg-white p-4 shadow-sm sm:p-5">
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h3 className="font-sans text-lg font-semibold break-words text-wine-900">{u.name}</h3>
                    <p className="break-all text-ink">{u.email}</p>
                  </div>
                  <Badge tone="apricot" className="shrink-0">
                    Age {u.age}
                  </Badge>
                </div>
                <p className={u.bio ? 'mt-3 break-words whitespace-pre-line text-ink' : 'mt-3 text-muted italic'}>{u.bio ?? 'No bio'}</p>
                {joinedOn(u.createdAt) && <p className="mt-2 text-sm text-muted">Joined {joinedOn(u.createdAt)}</p>}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
