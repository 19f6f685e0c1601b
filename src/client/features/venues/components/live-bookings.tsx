import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, Clock, RefreshCw, Users } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { messageOf } from '@client/lib/api';
import { formatDate, formatTime } from '@client/lib/format';
import { venueSlotsQuery } from '../api/venues';
import { addDays, today as londonToday } from '@client/lib/dates';

/** Live registration counts are fetched again every 30 seconds while the tab is open. */
export const LIVE_REFRESH_MS = 30_000;
const AHEAD_DAYS = 120;

/** The Live Bookings tab: the venue's booked evenings with their registrations, kept fresh. */
export function LiveBookings({ venueId }: { venueId: number }) {
  const today = londonToday();
  const slots = useQuery({ ...venueSlotsQuery(venueId, today, addDays(today, AHEAD_DAYS)), refetchInterval: LIVE_REFRESH_MS, staleTime: 0 });
  const booked = (slots.data ?? []).filter((s) => s.kind === 'booked');

  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <CardTitle>Live bookings</CardTitle>
          <p className="mt-1 text-sm text-muted">
            Registrations update every 30 seconds
            {slots.dataUpdatedAt ? ` · last checked ${formatTime(slots.dataUpdatedAt, 'seconds')}` : ''}.
          </p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void slots.refetch()} disabled={slots.isFetching}>
          <RefreshCw aria-hidden="true" className={cn('size-4', slots.isFetching && 'animate-spin')} />
          Refresh
        </Button>
      </div>

      {slots.isPending ? (
        <p className="mt-4 text-muted">Loading…</p>
      ) : slots.isError ? (
        <p className="mt-4 text-red-700">{messageOf(slots.error, "We couldn't load the bookings.")}</p>
      ) : booked.length === 0 ? (
        <div className="mt-4 rounded-2xl bg-cream p-4">
          <p className="font-semibold text-wine-900">No bookings yet</p>
          <p className="mt-1 text-sm text-muted">Evenings scheduled at this venue appear here with their registrations.</p>
          <Button asChild size="sm" className="mt-3">
            <Link to={`/create-event?venue=${venueId}`}>
              <CalendarPlus aria-hidden="true" className="size-4" />
              Schedule Event
            </Link>
          </Button>
        </div>
      ) : (
        <ul className="mt-4 space-y-3">
          {booked.map((s) => {
            const max = s.maxCapacity ?? 0;
            const count = s.registrations ?? 0;
            const pct = max ? Math.min(100, Math.round((count / max) * 100)) : 0;
            return (
              <li key={s.id} className="rounded-2xl border border-wine-100 p-4">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <div className="min-w-0">
                    {s.eventId ? (
                      <Link to={`/events/${s.eventId}`} className="font-semibold break-words text-wine-800 underline underline-offset-4 hover:text-wine-900">
                        {s.eventTitle}
                      </Link>
                    ) : (
                      <p className="font-semibold text-wine-900">{s.eventTitle}</p>
                    )}
                    <p className="mt-0.5 inline-flex items-center gap-1 text-sm text-muted">
                      <Clock aria-hidden="true" className="size-4" />
                      {formatDate(s.day, 'long')} · {s.startTime}–{s.endTime}
                    </p>
                  </div>
                  <p className="inline-flex items-center gap-1.5 font-display text-2xl font-bold text-wine-800">
                    <Users aria-hidden="true" className="size-5" />
                    {count}/{max}
                    <span className="sr-only"> registered</span>
                  </p>
                </div>
                <div className="mt-3 h-2.5 overflow-hidden rounded-full bg-wine-50" aria-hidden="true">
                  <div className={cn('h-full rounded-full', pct >= 100 ? 'bg-apricot-500' : 'bg-wine-600')} style={{ width: `${pct}%` }} />
                </div>
                <p className="mt-1.5 text-sm text-muted">{count >= max ? 'Full' : `${max - count} ${max - count === 1 ? 'spot' : 'spots'} left`}</p>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
