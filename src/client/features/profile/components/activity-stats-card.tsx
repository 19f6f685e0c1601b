import { CalendarCheck, Star, UsersRound } from 'lucide-react';
import type { ComponentType, ReactNode } from 'react';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { useUserStats } from '../api/profile';

/** One figure: dt before dd for screen readers, figure above label on screen. */
function Stat({ icon: Icon, label, children, note }: { icon: ComponentType<{ className?: string }>; label: string; children: ReactNode; note?: string }) {
  return (
    <div className="flex flex-col items-center rounded-2xl bg-cream px-2 py-4 text-center ring-1 ring-wine-100">
      <dt className="order-2 mt-1 text-sm leading-tight font-medium text-muted">{label}</dt>
      <dd className="order-1 flex flex-col items-center">
        <Icon aria-hidden="true" className="mb-1 size-5 text-apricot-700" />
        <span className="font-display text-3xl font-bold text-wine-800">{children}</span>
        {note && <span className="sr-only">{note}</span>}
      </dd>
      {note && (
        <dd aria-hidden="true" className="order-3 mt-1 text-sm leading-tight text-muted">
          {note}
        </dd>
      )}
    </div>
  );
}

/** Activity Stats from GET /api/users/{id}/stats: real figures only. */
export function ActivityStatsCard({ userId }: { userId: number }) {
  const stats = useUserStats(userId);
  return (
    <Card>
      <CardTitle>Activity Stats</CardTitle>
      {stats.isPending ? (
        <div role="status" className="mt-4 grid grid-cols-3 gap-2 sm:gap-3">
          <span className="sr-only">Loading your stats…</span>
          {[0, 1, 2].map((i) => (
            <div key={i} aria-hidden="true" className="h-28 animate-pulse rounded-2xl bg-wine-50" />
          ))}
        </div>
      ) : stats.isError ? (
        <div className="mt-3 space-y-3">
          <p className="text-muted">We couldn't load your stats just now.</p>
          <Button variant="outline" size="sm" onClick={() => void stats.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <dl className="mt-4 grid grid-cols-3 gap-2 sm:gap-3">
          <Stat icon={CalendarCheck} label="Events attended">
            {stats.data.eventsAttended}
          </Stat>
          <Stat icon={UsersRound} label="Connections">
            {stats.data.totalConnections}
          </Stat>
          {stats.data.averageRating === null ? (
            <Stat icon={Star} label="Average rating" note="No ratings yet">
              <span aria-hidden="true">–</span>
            </Stat>
          ) : (
            <Stat icon={Star} label="Average rating">
              {stats.data.averageRating.toFixed(1)}
            </Stat>
          )}
        </dl>
      )}
    </Card>
  );
}
