import { HeartHandshake, Star, UsersRound } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Card } from '@client/components/ui/card';
import { useRatingsGiven, useUserMatches } from '../api/matches';
import { MATCHING_RATINGS_TEXT } from '../lib/matches';

/**
 * The stats card of the live evening: ratings given, connections (mutual matches, both rated MIN_MATCH_RATING or more)
 * and matches whose contacts are shared so far.
 */
export function RatingStats({ eventId, userId }: { eventId: number; userId: number }) {
  const ratings = useRatingsGiven(eventId, userId);
  const matches = useUserMatches(eventId, userId);
  const headingId = useId();
  const n = (v: number | undefined, pending: boolean) => (pending ? '…' : v === undefined ? '–' : String(v));

  return (
    <Card role="region" aria-labelledby={headingId}>
      <h2 id={headingId} className="text-xl font-semibold text-wine-900">
        Your evening so far
      </h2>
      <dl className="mt-4 grid grid-cols-3 gap-2 sm:gap-3">
        <Stat icon={<Star aria-hidden="true" className="size-5" />} label="Ratings given" value={n(ratings.data?.length, ratings.isPending)} />
        <Stat icon={<UsersRound aria-hidden="true" className="size-5" />} label="Connections" value={n(matches.data?.length, matches.isPending)} />
        <Stat
          icon={<HeartHandshake aria-hidden="true" className="size-5" />}
          label="Matches"
          hint="contacts shared"
          value={n(matches.data?.filter((m) => m.contactShared).length, matches.isPending)}
        />
      </dl>
      <p className="mt-3 text-sm text-muted">A connection is mutual: you both rated each other {MATCHING_RATINGS_TEXT}.</p>
    </Card>
  );
}

function Stat({ icon, label, value, hint }: { icon: ReactNode; label: string; value: string; hint?: string }) {
  return (
    <div className="flex flex-col items-center rounded-2xl bg-cream px-2 py-3 text-center ring-1 ring-wine-100">
      <dt className="order-2 mt-1 text-sm leading-tight font-medium text-muted">
        {label}
        {hint && <span className="block text-xs">{hint}</span>}
      </dt>
      <dd className="order-1 flex flex-col items-center">
        <span className="text-wine-500">{icon}</span>
        <span className="font-display text-3xl font-bold text-wine-900 tabular-nums">{value}</span>
      </dd>
    </div>
  );
}
