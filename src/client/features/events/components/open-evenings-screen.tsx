import { CalendarSearch, LogIn } from 'lucide-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { LoadError } from '@client/components/ui/load-error';
import { useEvents } from '@client/lib/queries/events';
import { useNow } from '@client/lib/use-now';
import { isOver } from '../lib/format';
import { EveningList } from './evening-list';

/**
 * /events for a visitor (issue 34): the evenings open for booking, soonest first, each with its date,
 * time, venue, price and spots left (or 'Full: join the waitlist'), linking to its public page; a way
 * to log in that nobody has to take. Nothing of anyone: GET /api/events gives a visitor no names.
 */
export function OpenEveningsScreen() {
  const events = useEvents();
  const now = useNow(30_000);
  const open = useMemo(() => (events.data ?? []).filter((e) => !isOver(e, now)), [events.data, now]);

  return (
    <div className="space-y-6">
      <Card className="flex flex-wrap items-center justify-between gap-x-4 gap-y-3 py-4 sm:py-4">
        <p className="text-ink">
          <span className="font-semibold text-wine-900">Already a member?</span> Log in to book faster and see your evenings.
        </p>
        <Button asChild variant="outline" size="sm">
          <Link to={`/login?next=${encodeURIComponent('/events')}`}>
            <LogIn aria-hidden="true" className="size-5" />
            Log in
          </Link>
        </Button>
      </Card>
      {events.isPending ? (
        <div role="status" className="grid gap-3 md:grid-cols-2">
          <span className="sr-only">Loading upcoming events…</span>
          {[0, 1, 2, 3].map((i) => (
            <div key={i} aria-hidden="true" className="h-36 animate-pulse rounded-3xl bg-wine-50" />
          ))}
        </div>
      ) : events.isError ? (
        <LoadError title="We couldn't load the events" message="Please check your connection and try again." onRetry={() => void events.refetch()} />
      ) : open.length === 0 ? (
        <div className="flex flex-col items-center rounded-3xl border border-dashed border-wine-200 bg-white/70 px-6 py-12 text-center">
          <CalendarSearch aria-hidden="true" className="size-12 text-wine-300" />
          <h2 className="mt-4 text-2xl font-bold text-wine-900">No upcoming events</h2>
          <p className="mt-2 max-w-sm text-muted">New evenings are added every few weeks. Join the waitlist and we'll let you know when the next one is on.</p>
          <Button asChild className="mt-6">
            <Link to="/">Join the waitlist</Link>
          </Button>
        </div>
      ) : (
        <EveningList evenings={open} headingLevel="h2" className="md:grid-cols-2" />
      )}
    </div>
  );
}
