import * as Tabs from '@radix-ui/react-tabs';
import { TAB_PANEL, TabBar } from '@client/components/ui/tab-bar';
import { BarChart3, CalendarX2, LayoutTemplate, PenLine, type LucideIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Event } from '@shared/schemas/events';
import { Button } from '@client/components/ui/button';
import { LoadError } from '@client/components/ui/load-error';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Spinner } from '@client/components/ui/spinner';
import { messageOf } from '@client/lib/api';
import { formatWhen } from '@client/lib/format';
import { useUpcomingEvents } from '@client/lib/queries/events';
import { CustomGenerator } from './custom-generator';
import { ReadyTemplates } from './ready-templates';
import { ShareAnalyticsTab, type ShareViewer } from './share-analytics';

type Tab = 'templates' | 'custom' | 'analytics';
const TABS: { value: Tab; label: string; icon: LucideIcon }[] = [
  { value: 'templates', label: 'Ready Templates', icon: LayoutTemplate },
  { value: 'custom', label: 'Custom Generator', icon: PenLine },
  { value: 'analytics', label: 'Share Analytics', icon: BarChart3 },
];

const bySoonest = (a: Event, b: Event) => new Date(a.date).getTime() - new Date(b.date).getTime();

/**
 * /share (docs/spec/organiser-tools.md §2.1 with §2.29): posts for a real upcoming evening, picked
 * from GET /api/events/upcoming (the soonest unless ?event= names another), in three tabs.
 * `origin` is where the posts' links point (this site).
 */
export function ShareScreen({ viewer, initialEventId, origin }: { viewer: ShareViewer; initialEventId: number | null; origin: string }) {
  const [tab, setTab] = useState<Tab>('templates');
  // One choice of evening for both post tabs (an inactive tab's content is unmounted).
  const [pickedId, setPickedId] = useState<number | null>(initialEventId);
  const pick = { id: pickedId, set: setPickedId };
  return (
    <Tabs.Root value={tab} onValueChange={(v) => setTab(v as Tab)}>
      <TabBar label="Share generator sections" tabs={TABS} columns="grid-cols-1 sm:grid-cols-3" large />
      <Tabs.Content value="templates" className={TAB_PANEL}>
        <WithEvening picked={pick}>{(evening) => <ReadyTemplates evening={evening} origin={origin} />}</WithEvening>
      </Tabs.Content>
      <Tabs.Content value="custom" className={TAB_PANEL}>
        <WithEvening picked={pick}>{(evening) => <CustomGenerator evening={evening} origin={origin} />}</WithEvening>
      </Tabs.Content>
      <Tabs.Content value="analytics" className={TAB_PANEL}>
        <ShareAnalyticsTab viewer={viewer} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** The evening picker (the soonest unless another was picked), then the posts for that evening. */
function WithEvening({ picked, children }: { picked: { id: number | null; set: (id: number) => void }; children: (evening: Event) => ReactNode }) {
  const upcoming = useUpcomingEvents();
  const pickerId = useId();
  if (upcoming.isPending) return <Spinner label="Loading upcoming evenings" />;
  if (upcoming.isError)
    return (
      <LoadError
        title="We couldn't load the upcoming evenings"
        message={messageOf(upcoming.error, 'Check your connection and try again.')}
        onRetry={() => void upcoming.refetch()}
      />
    );
  const evenings = upcoming.data.filter((e) => e.status === 'upcoming').sort(bySoonest);
  if (evenings.length === 0)
    return (
      <NoticeCard
        icon={CalendarX2}
        title="No upcoming evenings to share yet"
        actions={
          <Button asChild variant="outline" size="lg">
            <Link to="/waitlist-signup">Join the waitlist</Link>
          </Button>
        }
      >
        <p>When the next evening is announced, its posts appear here, ready to copy and share.</p>
      </NoticeCard>
    );
  const evening = evenings.find((e) => e.id === picked.id) ?? evenings[0]!;
  return (
    <div className="space-y-5">
      <div className="space-y-1.5 sm:max-w-xl">
        <label htmlFor={pickerId} className="block text-sm font-semibold text-wine-900">
          Evening to share
        </label>
        <select
          id={pickerId}
          value={evening.id}
          onChange={(e) => picked.set(Number(e.target.value))}
          className="block min-h-12 w-full rounded-2xl border-2 border-wine-100 bg-white px-4 py-3 text-base text-ink focus:border-wine-500 focus:outline-none"
        >
          {evenings.map((e) => (
            <option key={e.id} value={e.id}>
              {e.title} · {formatWhen(e)}
            </option>
          ))}
        </select>
      </div>
      {children(evening)}
    </div>
  );
}
