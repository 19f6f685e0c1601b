import { useQuery } from '@tanstack/react-query';
import { CalendarDays, Check, Clock, GlassWater, MapPin, PartyPopper, Sparkles, Ticket, Users, Wine } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { LoadError } from '@client/components/ui/load-error';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Page } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, messageOf } from '@client/lib/api';
import { formatDate, formatMoney, formatTimeRange } from '@client/lib/format';
import { demoEventQuery } from '@client/lib/queries/events';

/** §2.15: the evening's running order. */
const SCHEDULE = [
  { time: '7:00 PM', title: 'Arrival', text: 'Check in at the door and collect your first drink.' },
  { time: '7:00-7:30 PM', title: 'Mingle', text: 'Settle in, meet your host and say hello to the room.' },
  { time: '7:30-9:00 PM', title: 'Main event', text: 'Five-minute conversations, a new person each round.' },
  { time: 'From 9:00 PM', title: 'After-party (optional)', text: 'Stay on for a drink with anyone you clicked with.' },
] as const;

const EXPECT = [
  { icon: Users, text: 'Eight to twelve friendly faces, all hoping to make new friends too.' },
  { icon: Clock, text: 'Short, relaxed five-minute chats: no awkward silences to sit through.' },
  { icon: Sparkles, text: 'Ice-breaker questions on the table, in case you need a start.' },
  { icon: Wine, text: 'A cosy wine bar, good music low enough to hear each other.' },
] as const;

const INCLUDED = [
  'Your first drink, on us',
  'A friendly host all evening',
  'Five-minute conversations with new people',
  'Ice-breaker cards on every table',
  'Your mutual matches within 24 hours',
  'A place at the optional after-party',
] as const;

/**
 * /wine-wallop (docs/spec/organiser-tools.md §2.15): the public page of the demo wine-bar evening:
 * venue, schedule, what to expect, the emoji widget, price, a link to the personality assessment
 * (/register) and what is included. The evening comes from GET /api/events/demo. The emoji widget
 * (features/feedback) is composed in by the route: `reactions` makes it for the loaded evening.
 */
export function WineWallopScreen({ reactions }: { reactions: (eventId: number) => ReactNode }) {
  const demo = useQuery({ ...demoEventQuery, retry: false });

  if (demo.isPending) {
    return (
      <Page>
        <Spinner label="Loading the evening" />
      </Page>
    );
  }
  if (demo.isError) {
    const none = demo.error instanceof ApiError && demo.error.status === 404;
    return (
      <Page>
        {none ? (
          <NoticeCard
            icon={Wine}
            title="No demo evening just now"
            actions={
              <Button asChild size="lg">
                <Link to="/events">Browse Events</Link>
              </Button>
            }
          >
            <p>Our sample wine-bar evening isn't loaded on this site. Have a look at the real evenings coming up instead.</p>
          </NoticeCard>
        ) : (
          <LoadError
            title="We couldn't load the evening"
            message={messageOf(demo.error, 'Check your connection and try again.')}
            onRetry={() => void demo.refetch()}
          />
        )}
      </Page>
    );
  }

  const e = demo.data;
  return (
    <Page wide>
      <div className="space-y-6">
        <header className="rounded-3xl bg-gradient-to-br from-wine-700 to-wine-900 p-6 text-white sm:p-8">
          <p className="flex items-center gap-2 text-sm font-semibold text-apricot-200">
            <GlassWater aria-hidden="true" className="size-4" />
            The Wine Wallop: a social evening
          </p>
          <h1 className="mt-2 text-3xl font-bold sm:text-4xl">{e.title}</h1>
          {e.description && <p className="mt-2 max-w-2xl text-wine-50">{e.description}</p>}
          <ul className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:gap-5">
            <li className="flex items-center gap-2">
              <CalendarDays aria-hidden="true" className="size-5" />
              {formatDate(e.date, 'long')}
            </li>
            <li className="flex items-center gap-2">
              <Clock aria-hidden="true" className="size-5" />
              {formatTimeRange(e)}
            </li>
            <li className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-5" />
              {e.venue}
            </li>
          </ul>
        </header>

        <div className="grid gap-6 md:grid-cols-2">
          <Section title="The venue" icon={<MapPin aria-hidden="true" className="size-5 text-wine-700" />}>
            <p className="text-lg font-semibold text-ink">{e.venue}</p>
            <p className="mt-1 text-muted">
              Ages {e.ageRangeMin}-{e.ageRangeMax} · up to {e.maxParticipants} guests
            </p>
          </Section>

          <Section title="Price" icon={<Ticket aria-hidden="true" className="size-5 text-wine-700" />}>
            <p className="text-4xl font-bold text-wine-900">
              {formatMoney(e.price, { wholePounds: true })}
              <span className="ml-2 text-base font-normal text-muted">per person</span>
            </p>
            <p className="mt-1 text-muted">Your first drink is included.</p>
            <Button asChild size="lg" block className="mt-4">
              <Link to="/register">
                <Sparkles aria-hidden="true" className="size-5" />
                Complete Personality Assessment
              </Link>
            </Button>
          </Section>
        </div>

        <Section title="Schedule" icon={<Clock aria-hidden="true" className="size-5 text-wine-700" />}>
          <ol className="space-y-3">
            {SCHEDULE.map((s) => (
              <li key={s.title} className="flex gap-4 rounded-2xl bg-wine-50 p-4">
                <span className="w-28 shrink-0 font-bold text-wine-800 tabular-nums">{s.time}</span>
                <span>
                  <span className="block font-semibold text-ink">{s.title}</span>
                  <span className="text-muted">{s.text}</span>
                </span>
              </li>
            ))}
          </ol>
        </Section>

        <Section title="What to expect" icon={<PartyPopper aria-hidden="true" className="size-5 text-wine-700" />}>
          <ul className="grid gap-3 sm:grid-cols-2">
            {EXPECT.map(({ icon: Icon, text }) => (
              <li key={text} className="flex gap-3">
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-wine-700" />
                <span className="text-ink">{text}</span>
              </li>
            ))}
          </ul>
        </Section>

        {reactions(e.id)}

        <Section title="What's included" icon={<Check aria-hidden="true" className="size-5 text-wine-700" />}>
          <ul className="grid gap-2 sm:grid-cols-2">
            {INCLUDED.map((item) => (
              <li key={item} className="flex items-center gap-2 text-ink">
                <Check aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />
                {item}
              </li>
            ))}
          </ul>
        </Section>
      </div>
    </Page>
  );
}

function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <Card>
      <CardTitle className="flex items-center gap-2">
        {icon}
        {title}
      </CardTitle>
      <div className="mt-3">{children}</div>
    </Card>
  );
}
