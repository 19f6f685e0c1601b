import { ClipboardList, PartyPopper, Sprout, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { EVENT_GROUP_SIZE } from '@shared/domain/constants';
import {
  ageDistribution,
  launchReadiness,
  newestFirst,
  RECENT_SIGNUP_INTERESTS_SHOWN,
  RECENT_SIGNUPS_SHOWN,
  topInterests,
  type LaunchReadiness,
} from '@shared/domain/waitlist';
import type { UserListItem } from '@shared/schemas/users';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { AdminUsers, joinedOn, StatTile, type AdminViewProps } from './admin-users';

/**
 * /waitlist-dashboard (docs/spec/organiser-tools.md §2.3): launch readiness, progress towards the launch
 * target, potential events, age distribution, popular interests and recent signups. Admins only.
 */
export function WaitlistDashboard(props: AdminViewProps) {
  return <AdminUsers {...props}>{(users) => <Dashboard users={users} />}</AdminUsers>;
}

function Dashboard({ users }: { users: UserListItem[] }) {
  const readiness = launchReadiness(users.length);
  const ages = ageDistribution(users.map((u) => u.age));
  const interests = topInterests(users.map((u) => u.interests));
  const recent = newestFirst(users, RECENT_SIGNUPS_SHOWN);

  return (
    <div className="space-y-6">
      <Readiness r={readiness} />

      <div className="grid grid-cols-2 gap-3">
        <StatTile label="Launch target" value={readiness.target} note={`Two evenings of ${EVENT_GROUP_SIZE}`} />
        <StatTile label="Potential events" value={readiness.potentialEvents} note={`One per ${readiness.target} signups`} />
      </div>

      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardTitle>Age distribution</CardTitle>
          <ul className="mt-4 space-y-4">
            {ages.map((a) => (
              <li key={a.group}>
                <div className="flex items-baseline justify-between gap-3">
                  <span className="font-semibold text-wine-900">{a.group}</span>
                  <span className="text-muted">
                    {a.count} {a.count === 1 ? 'person' : 'people'} · {a.percent}%
                  </span>
                </div>
                <div aria-hidden="true" className="mt-1.5 h-3 overflow-hidden rounded-full bg-wine-50">
                  <div className="h-full rounded-full bg-wine-500" style={{ width: `${a.percent}%` }} />
                </div>
              </li>
            ))}
          </ul>
        </Card>

        <Card>
          <CardTitle>Popular interests</CardTitle>
          {interests.length === 0 ? (
            <p className="mt-4 text-muted">No interests shared yet.</p>
          ) : (
            <ol className="mt-4 space-y-2">
              {interests.map((i, index) => (
                <li key={i.interest} className="flex items-center gap-3 rounded-2xl bg-apricot-100/60 px-4 py-2.5">
                  <span aria-hidden="true" className="w-5 text-right font-display font-bold text-apricot-700">
                    {index + 1}
                  </span>
                  <span className="min-w-0 flex-1 font-semibold break-words text-wine-900">{i.interest}</span>
                  <span className="shrink-0 text-sm text-muted">
                    {i.count} {i.count === 1 ? 'person' : 'people'}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Card>
      </div>

      <Card>
        <CardTitle>Recent signups</CardTitle>
        {recent.length === 0 ? (
          <p className="mt-4 text-muted">No one has signed up yet. Share the signup form to get started.</p>
        ) : (
          <ol className="mt-2 divide-y divide-wine-100">
            {recent.map((u) => (
              <li key={u.id} className="py-4 last:pb-0">
                <h3 className="font-sans text-lg font-semibold break-words text-wine-900">
                  {u.name}, <span className="font-normal text-ink">{u.age}</span>
                </h3>
                {joinedOn(u.createdAt) && <p className="text-sm text-muted">Joined {joinedOn(u.createdAt)}</p>}
                {u.interests.length > 0 && (
                  <ul aria-label={`${u.name}'s interests`} className="mt-2 flex flex-wrap gap-2">
                    {u.interests.slice(0, RECENT_SIGNUP_INTERESTS_SHOWN).map((interest) => (
                      <li key={interest}>
                        <Badge tone="wine">{interest}</Badge>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        )}
      </Card>

      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild>
          <Link to="/waitlist-signup">
            <UserPlus aria-hidden="true" className="size-5" />
            Open the signup form
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/admin-stats">
            <ClipboardList aria-hidden="true" className="size-5" />
            See all signups
          </Link>
        </Button>
      </div>
    </div>
  );
}

function Readiness({ r }: { r: LaunchReadiness }) {
  const Icon = r.ready ? PartyPopper : Sprout;
  return (
    <Card className={r.ready ? 'border-emerald-200 bg-emerald-50' : 'bg-white'}>
      <div className="flex items-start gap-4">
        <span
          aria-hidden="true"
          className={`grid size-12 shrink-0 place-items-center rounded-2xl ${r.ready ? 'bg-emerald-100 text-emerald-800' : 'bg-apricot-100 text-apricot-700'}`}
        >
          <Icon className="size-6" />
        </span>
        <div className="min-w-0 flex-1">
          <Badge tone={r.ready ? 'green' : 'apricot'}>{r.ready ? 'Ready to launch' : 'Not ready yet'}</Badge>
          <h2 className="mt-2 text-2xl font-semibold text-wine-900">
            {r.signups} of {r.target} signups
          </h2>
          <p className="mt-1 text-ink">
            {r.ready
              ? 'The waitlist has reached the launch target: time to book venues for the first evenings.'
              : `${r.remaining} more ${r.remaining === 1 ? 'signup' : 'signups'} until we can launch the first two evenings.`}
          </p>
        </div>
      </div>
      <div className="mt-5">
        <div className="flex justify-between text-sm font-semibold text-wine-900">
          <span id="launch-progress-label">Progress to launch</span>
          <span>{r.percent}%</span>
        </div>
        <div
          role="progressbar"
          aria-labelledby="launch-progress-label"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={r.percent}
          aria-valuetext={`${r.percent}% (${r.signups} of ${r.target} signups)`}
          className="mt-2 h-4 overflow-hidden rounded-full bg-wine-100"
        >
          <div className={`h-full rounded-full ${r.ready ? 'bg-emerald-600' : 'bg-wine-600'}`} style={{ width: `${r.percent}%` }} />
        </div>
      </div>
    </Card>
  );
}
