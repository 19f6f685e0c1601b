import { CalendarDays, CalendarHeart, ChevronRight, HeartHandshake } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/components/ui/cn';
import { Spinner } from '@client/components/ui/spinner';
import { formatDate } from '@client/lib/format';
import { useUserEvents } from '@client/lib/queries/events';
import { useMatchCounts } from '../api/matches';
import { isPastEvent, plural } from '../lib/matches';
import { MatchesList } from './matches-list';

/**
 * /matches (?event optional): the member's past evenings to pick from, each with its match
 * count; for the chosen one, Verified Friendship Groups and Your Individual Matches. The groups
 * are friend-groups' card, which the route passes in as `groups` (a feature never imports another).
 */
export function MatchesScreen({ userId, groups }: { userId: number; groups: (eventId: number) => ReactNode }) {
  const [params] = useSearchParams();
  const raw = Number(params.get('event'));
  const selectedId = Number.isInteger(raw) && raw > 0 ? raw : null;
  const events = useUserEvents(userId);
  const past = useMemo(
    () => (events.data ?? []).filter((e) => isPastEvent(e)).sort((a, b) => new Date(b.date).getTime() - new Date(a.date).getTime()),
    [events.data],
  );
  const counts = useMatchCounts(
    past.map((e) => e.id),
    userId,
  );
  const selected = past.find((e) => e.id === selectedId);
  /** Picking an evening moves focus (and the view, on a phone) to its matches. */
  const [picked, setPicked] = useState(false);

  if (events.isPending) return <Spinner label="Loading your evenings" />;
  if (events.isError)
    return (
      <div role="alert" className="rounded-3xl border border-wine-100 bg-white p-6 text-center shadow-sm">
        <p className="text-lg font-semibold text-wine-900">We couldn't load your evenings</p>
        <p className="mt-1 text-muted">Please check your connection and try again.</p>
        <Button variant="outline" className="mt-4" onClick={() => void events.refetch()}>
          Try again
        </Button>
      </div>
    );

  if (past.length === 0 && selectedId === null)
    return (
      <div className="flex flex-col items-center rounded-3xl border border-dashed border-wine-200 bg-white/70 px-6 py-12 text-center">
        <CalendarHeart aria-hidden="true" className="size-12 text-wine-300" />
        <h2 className="mt-4 text-2xl font-bold text-wine-900">No past evenings yet</h2>
        <p className="mt-2 max-w-sm text-muted">After your first evening, the people you matched with appear here.</p>
        <Button asChild className="mt-6">
          <Link to="/events">Browse Events</Link>
        </Button>
      </div>
    );

  return (
    <div className="grid gap-8 lg:grid-cols-[20rem_minmax(0,1fr)] lg:items-start">
      <section aria-labelledby="matches-evenings" className="lg:sticky lg:top-20">
        <h2 id="matches-evenings" className="mb-3 text-xl font-bold text-wine-900">
          Your past evenings
        </h2>
        {past.length === 0 ? (
          <p className="text-muted">No past evenings yet.</p>
        ) : (
          <ul className="space-y-2">
            {past.map((e) => {
              const n = counts.get(e.id);
              const active = e.id === selectedId;
              return (
                <li key={e.id}>
                  <Link
                    to={`/matches?event=${e.id}`}
                    replace
                    onClick={() => setPicked(true)}
                    aria-current={active ? 'page' : undefined}
                    className={cn(
                      'flex min-h-16 items-center gap-3 rounded-2xl border-2 px-4 py-3 transition-colors',
                      active ? 'border-wine-700 bg-wine-50' : 'border-wine-100 bg-white hover:border-wine-300',
                    )}
                  >
                    <span className="min-w-0 flex-1">
                      <span className="block font-semibold break-words text-wine-900">{e.title}</span>
                      <span className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
                        <span className="inline-flex items-center gap-1.5">
                          <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
                          {formatDate(e.date, 'medium')}
                        </span>
                        <span
                          className={cn(
                            'rounded-full px-2.5 py-0.5 font-semibold whitespace-nowrap',
                            n ? 'bg-wine-700 text-white' : 'bg-stone-100 text-stone-700',
                          )}
                        >
                          {n === undefined ? '…' : plural(n, 'match', 'matches')}
                        </span>
                      </span>
                    </span>
                    <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-wine-300" />
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <div className="min-w-0">
        {selectedId === null ? (
          <div className="flex flex-col items-center rounded-3xl border border-dashed border-wine-200 bg-white/70 px-6 py-12 text-center">
            <HeartHandshake aria-hidden="true" className="size-12 text-wine-300" />
            <p className="mt-4 text-xl font-semibold text-wine-900">Pick an evening</p>
            <p className="mt-1 max-w-sm text-muted">Choose one of your past evenings to see your friendship groups and individual matches.</p>
          </div>
        ) : (
          <SelectedEvent
            key={selectedId}
            eventId={selectedId}
            userId={userId}
            title={selected?.title}
            date={selected?.date}
            focusOnMount={picked}
            groups={groups}
          />
        )}
      </div>
    </div>
  );
}

function SelectedEvent({
  eventId,
  userId,
  title,
  date,
  focusOnMount,
  groups,
}: {
  eventId: number;
  userId: number;
  title?: string;
  date?: string;
  focusOnMount: boolean;
  groups: (eventId: number) => ReactNode;
}) {
  const topRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (focusOnMount) topRef.current?.focus();
  }, [focusOnMount]);
  return (
    <div className="space-y-8">
      <p ref={topRef} tabIndex={-1} className="scroll-mt-20 rounded-2xl bg-apricot-100 px-4 py-3 text-wine-900 focus:outline-none focus-visible:outline-3">
        {title ? (
          <>
            Matches from <strong className="font-semibold">{title}</strong>
            {date && <span className="text-wine-800"> · {formatDate(date, 'medium')}</span>}
          </>
        ) : (
          'Matches from the evening you picked'
        )}
      </p>
      <section aria-labelledby="matches-groups" className="space-y-4">
        <h2 id="matches-groups" className="text-2xl font-bold text-wine-900">
          Verified Friendship Groups
        </h2>
        {groups(eventId)}
      </section>
      <section aria-labelledby="matches-individual" className="space-y-4">
        <h2 id="matches-individual" className="text-2xl font-bold text-wine-900">
          Your Individual Matches
        </h2>
        <MatchesList eventId={eventId} userId={userId} eventTitle={title} />
      </section>
    </div>
  );
}
