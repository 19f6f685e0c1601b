import * as Tabs from '@radix-ui/react-tabs';
import { CalendarHeart, CalendarSearch } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { Event, UserEvent } from '@shared/schemas/events';
import { Button } from '@client/components/ui/button';
import { useEvents, useUserEvents } from '@client/lib/queries/events';
import { useNow } from '@client/lib/use-now';
import { isOver } from '../lib/format';
import { EventCard, EventCardSkeleton } from './event-card';
import { MyEventCard } from './my-event-card';

type Tab = 'upcoming' | 'mine';

const trigger =
  'inline-flex min-h-11 flex-1 items-center justify-center rounded-xl px-4 text-base font-semibold text-wine-800 transition-colors hover:bg-white/60 data-[state=active]:bg-white data-[state=active]:text-wine-900 data-[state=active]:shadow-sm';

/**
 * /events: 'Upcoming' (every evening still to come, then recent past ones) and 'My Events' (the
 * member's registrations). The tab lives in the URL (?tab=mine) so Back returns to it.
 */
export function EventsScreen({ userId }: { userId: number }) {
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'mine' ? 'mine' : 'upcoming';
  const setTab = (t: Tab) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (t === 'mine') next.set('tab', 'mine');
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );

  return (
    <Tabs.Root value={tab} onValueChange={(v) => setTab(v as Tab)}>
      <Tabs.List aria-label="Events" className="mb-6 flex gap-1 rounded-2xl bg-wine-100/70 p-1 sm:max-w-sm">
        <Tabs.Trigger value="upcoming" className={trigger}>
          Upcoming
        </Tabs.Trigger>
        <Tabs.Trigger value="mine" className={trigger}>
          My Events
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="upcoming" className="rounded-3xl focus-visible:outline-offset-4">
        <UpcomingEvents userId={userId} />
      </Tabs.Content>
      <Tabs.Content value="mine" className="rounded-3xl focus-visible:outline-offset-4">
        <MyEvents userId={userId} onBrowse={() => setTab('upcoming')} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function Grid({ children }: { children: ReactNode }) {
  return <div className="grid gap-5 md:grid-cols-2 lg:gap-6">{children}</div>;
}

function Loading({ label }: { label: string }) {
  return (
    <div role="status">
      <span className="sr-only">{label}</span>
      <Grid>
        <EventCardSkeleton />
        <EventCardSkeleton />
      </Grid>
    </div>
  );
}

function LoadError({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-3xl border border-wine-100 bg-white p-6 text-center shadow-sm">
      <p className="text-lg font-semibold text-wine-900">We couldn't load {what}</p>
      <p className="mt-1 text-muted">Please check your connection and try again.</p>
      <Button variant="outline" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}

function EmptyState({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-wine-200 bg-white/70 px-6 py-12 text-center">
      {icon}
      <h2 className="mt-4 text-2xl font-bold text-wine-900">{title}</h2>
      {children}
    </div>
  );
}

function UpcomingEvents({ userId }: { userId: number }) {
  const events = useEvents();
  const mine = useUserEvents(userId);
  const now = useNow(30_000);
  const registered = useMemo(() => new Set((mine.data ?? []).map((e) => e.id)), [mine.data]);
  const { upcoming, past } = useMemo(() => split(events.data ?? [], now), [events.data, now]);

  if (events.isPending) return <Loading label="Loading upcoming events…" />;
  if (events.isError) return <LoadError what="the events" onRetry={() => void events.refetch()} />;

  return (
    <div className="space-y-10">
      {upcoming.length === 0 ? (
        <EmptyState icon={<CalendarSearch aria-hidden="true" className="size-12 text-wine-300" />} title="No upcoming events">
          <p className="mt-2 max-w-sm text-muted">New evenings are added every few weeks. Check back soon, we'd love to see you there.</p>
        </EmptyState>
      ) : (
        <Grid>
          {upcoming.map((e) => (
            <EventCard key={e.id} event={e} userId={userId} registered={registered.has(e.id)} now={now} />
          ))}
        </Grid>
      )}
      {past.length > 0 && (
        <section aria-labelledby="past-evenings" className="space-y-4">
          <h2 id="past-evenings" className="text-2xl font-bold text-wine-900">
            Past evenings
          </h2>
          <Grid>
            {past.map((e) => (
              <EventCard key={e.id} event={e} userId={userId} registered={registered.has(e.id)} now={now} headingLevel="h3" />
            ))}
          </Grid>
        </section>
      )}
    </div>
  );
}

/** Evenings still to come (soonest first), then the latest few past ones (most recent first). */
function split(events: Event[], now: number) {
  const t = (e: Event) => new Date(e.date).getTime();
  return {
    upcoming: events.filter((e) => !isOver(e, now)).sort((a, b) => t(a) - t(b)),
    past: events
      .filter((e) => isOver(e, now))
      .sort((a, b) => t(b) - t(a))
      .slice(0, 4),
  };
}

function MyEvents({ userId, onBrowse }: { userId: number; onBrowse: () => void }) {
  const events = useUserEvents(userId);
  const now = useNow(30_000);
  const { upcoming, past } = useMemo(() => splitMine(events.data ?? [], now), [events.data, now]);

  if (events.isPending) return <Loading label="Loading your events…" />;
  if (events.isError) return <LoadError what="your events" onRetry={() => void events.refetch()} />;

  if (upcoming.length === 0 && past.length === 0) {
    return (
      <EmptyState icon={<CalendarHeart aria-hidden="true" className="size-12 text-wine-300" />} title="No registered events">
        <p className="mt-2 max-w-sm text-muted">Once you book an evening, your ticket and its details will be here.</p>
        <Button className="mt-6" onClick={onBrowse}>
          Browse Events
        </Button>
      </EmptyState>
    );
  }

  return (
    <div className="space-y-10">
      {upcoming.length > 0 && (
        <section aria-labelledby="my-upcoming" className="space-y-4">
          <h2 id="my-upcoming" className="text-2xl font-bold text-wine-900">
            Coming up
          </h2>
          <Grid>
            {upcoming.map((e) => (
              <MyEventCard key={e.id} event={e} now={now} />
            ))}
          </Grid>
        </section>
      )}
      {past.length > 0 && (
        <section aria-labelledby="my-past" className="space-y-4">
          <h2 id="my-past" className="text-2xl font-bold text-wine-900">
            Completed
          </h2>
          <Grid>
            {past.map((e) => (
              <MyEventCard key={e.id} event={e} now={now} />
            ))}
          </Grid>
        </section>
      )}
    </div>
  );
}

function splitMine(events: UserEvent[], now: number) {
  const t = (e: UserEvent) => new Date(e.date).getTime();
  return {
    upcoming: events.filter((e) => !isOver(e, now)).sort((a, b) => t(a) - t(b)),
    past: events.filter((e) => isOver(e, now)).sort((a, b) => t(b) - t(a)),
  };
}
