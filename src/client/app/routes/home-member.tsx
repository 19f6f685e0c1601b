import { useEffect, useMemo } from 'react';
import { Card, CardTitle } from '@client/components/ui/card';
import { LoadError } from '@client/components/ui/load-error';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { UpcomingEvenings } from '@client/features/events/components/evening-list';
import { NextEveningCard } from '@client/features/events/components/next-evening-card';
import { useNow } from '@client/lib/use-now';
import { isOver } from '@client/features/events/lib/format';
import { MemberCard } from '@client/features/marketing/components/member-card';
import { readyFormatsAhead } from '@client/lib/format';
import { currentOrNextEvent, useEvents, useUserEvents } from '@client/lib/queries/events';
import { forgetUser } from '@client/lib/session';
import { firstName } from '@shared/domain/public-evening';
import QueryScope from '../query-scope';

function Placeholder({ label }: { label: string }) {
  return (
    <div role="status" className="h-64 animate-pulse rounded-3xl bg-wine-50">
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** A signed-in member's `/`: their next evening (with its ticket) and the evenings open for booking, not the waitlist form (issue 34). */
function MemberHome() {
  const me = useMe();
  const mine = useUserEvents(me.data?.id ?? null);
  const all = useEvents();
  const now = useNow(30_000);
  // The page shows dates: the browser's date data loads while the member and the evenings are on their way (docs/decisions/0031).
  useEffect(readyFormatsAhead, []);
  // A local sign-in the server no longer knows is forgotten: the page is then the visitor's landing page.
  const stale = me.isSuccess && me.data === null;
  useEffect(() => {
    if (stale) forgetUser();
  }, [stale]);
  const going = useMemo(() => new Set((mine.data ?? []).map((e) => e.id)), [mine.data]);
  const open = useMemo(() => (all.data ?? []).filter((e) => !isOver(e, now)), [all.data, now]);
  if (!me.data) return <Spinner />;

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-6 px-4 py-6 sm:px-6 lg:grid-cols-2 lg:items-start lg:gap-10 lg:py-10">
      <div className="space-y-6">
        <div>
          <h1 className="text-3xl font-bold break-words text-wine-900 sm:text-4xl">Welcome back, {firstName(me.data.name) ?? me.data.name}</h1>
          <p className="mt-1 text-lg text-muted">Your evenings and what's coming up.</p>
        </div>
        {mine.isPending ? (
          <Placeholder label="Loading your next evening…" />
        ) : mine.isError ? (
          <LoadError title="We couldn't load your evenings" message="Please check your connection and try again." onRetry={() => void mine.refetch()} />
        ) : (
          <NextEveningCard event={currentOrNextEvent(mine.data, now)} now={now} />
        )}
        <MemberCard signedIn />
      </div>
      <div>
        {all.isPending ? (
          <Placeholder label="Loading upcoming evenings…" />
        ) : all.isError ? (
          <LoadError title="We couldn't load the events" message="Please check your connection and try again." onRetry={() => void all.refetch()} />
        ) : open.length > 0 ? (
          <UpcomingEvenings evenings={open} going={going} shown={4} />
        ) : (
          <Card>
            <CardTitle>No upcoming events</CardTitle>
            <p className="mt-2 text-muted">New evenings are added every few weeks. Check back soon, we'd love to see you there.</p>
          </Card>
        )}
      </div>
    </div>
  );
}

/** The member's home in a chunk of its own with the query client: a visitor's `/` loads neither (docs/decisions/0024, 0071). */
export default function HomeMember() {
  return (
    <QueryScope>
      <MemberHome />
    </QueryScope>
  );
}
