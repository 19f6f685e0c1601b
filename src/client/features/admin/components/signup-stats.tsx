import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { ADMIN_STATS_RECENT } from '@shared/domain/constants';
import { newestFirst } from '@shared/domain/waitlist';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { PageTitle } from '@client/components/ui/page';
import { AdminUsers, joinedOn, StatTile } from './admin-users';

/**
 * The '/?admin=stats' view: the total signup count and the last 5 members (name, age, bio),
 * newest first, with a link back to the main page. Renders its own h1; wrap it in <Page>.
 */
export function SignupStats({ isAdmin, signedIn }: { isAdmin: boolean; signedIn: boolean }) {
  return (
    <div className="space-y-6">
      <PageTitle sub="Who has joined the waitlist lately.">Admin Stats</PageTitle>
      <AdminUsers isAdmin={isAdmin} signedIn={signedIn}>
        {(users) => {
          const recent = newestFirst(users, ADMIN_STATS_RECENT);
          return (
            <div className="space-y-6">
              <StatTile label="Total signups" value={users.length} />
              <section aria-labelledby="signup-stats-recent" className="space-y-3">
                <h2 id="signup-stats-recent" className="text-2xl font-semibold text-wine-900">
                  Latest {ADMIN_STATS_RECENT} members
                </h2>
                {recent.length === 0 ? (
                  <p className="rounded-3xl border border-dashed border-wine-200 bg-white/60 p-6 text-center text-muted">No one has signed up yet.</p>
                ) : (
                  <ol className="divide-y divide-wine-100 overflow-hidden rounded-3xl border border-wine-100 bg-white shadow-sm">
                    {recent.map((u) => (
                      <li key={u.id} className="p-4 sm:p-5">
                        <div className="flex items-start justify-between gap-3">
                          <h3 className="font-sans text-lg font-semibold break-words text-wine-900">{u.name}</h3>
                          <Badge tone="apricot" className="shrink-0">
                            Age {u.age}
                          </Badge>
                        </div>
                        <p className={u.bio ? 'mt-1 break-words whitespace-pre-line text-ink' : 'mt-1 text-muted italic'}>{u.bio ?? 'No bio'}</p>
                        {joinedOn(u.createdAt) && <p className="mt-1 text-sm text-muted">Joined {joinedOn(u.createdAt)}</p>}
                      </li>
                    ))}
                  </ol>
                )}
              </section>
            </div>
          );
        }}
      </AdminUsers>
      <Button asChild variant="outline" block>
        <Link to="/">
          <ArrowLeft aria-hidden="true" className="size-5" />
          Back to the main page
        </Link>
      </Button>
    </div>
  );
}
