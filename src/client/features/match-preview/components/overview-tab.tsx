import { EyeOff, Heart, Sparkles, Users } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { HIGH_MATCH_MIN } from '@shared/domain/match-preview';
import type { PreviewResponse } from '@shared/schemas/match-preview';
import { Card, CardTitle } from '@client/components/ui/card';
import { TraitBars } from '@client/components/ui/compatibility';

function Stat({
  label,
  value,
  note,
  icon: Icon,
}: {
  label: string;
  value: ReactNode;
  note: string;
  icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
}) {
  return (
    <div className="rounded-3xl border border-wine-100 bg-white p-4 shadow-sm">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm font-semibold text-muted">{label}</p>
        <Icon aria-hidden={true} className="size-5 text-wine-700" />
      </div>
      <p className="mt-1 text-3xl font-bold text-wine-800 tabular-nums">{value}</p>
      <p className="mt-0.5 text-sm text-muted">{note}</p>
    </div>
  );
}

/** Overview: the viewer's traits and interests, the evening's numbers, and the shared-interest totals. */
export function OverviewTab({ data }: { data: PreviewResponse }) {
  const { viewer } = data;
  const others = data.profiles.length;
  return (
    <div className="space-y-5">
      {!viewer.visible && (
        <p className="flex items-start gap-2 rounded-2xl bg-apricot-100 p-4 text-wine-900">
          <EyeOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span>
            You're hidden: other guests don't see you in their match previews. You can change this on{' '}
            <Link to="/profile" className="font-semibold underline underline-offset-2">
              your profile
            </Link>
            .
          </span>
        </p>
      )}

      <div className="grid gap-3 sm:grid-cols-3">
        <Stat
          icon={Users}
          label="Expected guests"
          value={data.expectedGuests}
          note={data.expectedGuests === 1 ? 'booked so far: you' : 'booked, you included'}
        />
        <Stat
          icon={Sparkles}
          label="Average compatibility"
          value={data.averageCompatibility === null ? '–' : `${data.averageCompatibility}%`}
          note={others ? `across ${others} ${others === 1 ? 'guest' : 'guests'} in your preview` : 'nobody to compare with yet'}
        />
        <Stat icon={Heart} label="High matches" value={data.highMatches} note={`scoring ${HIGH_MATCH_MIN}% or more`} />
      </div>

      <div className="grid gap-5 md:grid-cols-2">
        <Card>
          <CardTitle as="h3">Your personality</CardTitle>
          <div className="mt-4">
            {viewer.personality ? (
              <TraitBars label="Your personality" personality={viewer.personality} />
            ) : (
              <p className="text-muted">
                You haven't added your personality yet, so scores lean on age and interests.{' '}
                <Link to="/register" className="font-semibold text-wine-800 underline underline-offset-2">
                  Complete your profile
                </Link>{' '}
                for sharper matches.
              </p>
            )}
          </div>
          <h4 className="mt-5 text-base font-semibold text-wine-900">Your interests</h4>
          {viewer.interests.length ? (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="Your interests">
              {viewer.interests.map((i) => (
                <li key={i} className="rounded-full bg-wine-50 px-3 py-1 text-sm font-medium text-wine-800">
                  {i}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-muted">No interests yet: add some on the registration page to find common ground.</p>
          )}
        </Card>

        <Card>
          <CardTitle as="h3">Shared interests</CardTitle>
          {data.sharedInterestTotals.length ? (
            <ul className="mt-4 space-y-3">
              {data.sharedInterestTotals.map(({ interest, count }) => (
                <li key={interest}>
                  <div className="flex items-baseline justify-between gap-2">
                    <span className="font-medium text-ink">{interest}</span>
                    <span className="text-sm text-muted">
                      {count} {count === 1 ? 'guest shares' : 'guests share'} this
                    </span>
                  </div>
                  <div aria-hidden="true" className="mt-1 h-2 overflow-hidden rounded-full bg-stone-100">
                    <span
                      className="block h-full rounded-full bg-apricot-500"
                      style={{ width: `${Math.max(6, Math.round((count / Math.max(1, others)) * 100))}%` }}
                    />
                  </div>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-2 text-muted">
              {others
                ? 'No shared interests with the guests so far: a great chance to discover something new.'
                : 'Shared interests appear here as other guests book.'}
            </p>
          )}
        </Card>
      </div>
    </div>
  );
}
