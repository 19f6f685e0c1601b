import * as Tabs from '@radix-ui/react-tabs';
import { TAB_PANEL, TabBar } from '@client/components/ui/tab-bar';
import { CalendarCheck, Info, Lightbulb, Lock, MapPin, Users } from 'lucide-react';
import type { ComponentType } from 'react';
import { useState } from 'react';
import { Card } from '@client/components/ui/card';
import { EveningLoadError, GuestsOnlyCard, NoEveningCard } from '@client/components/ui/evening-notices';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api';
import { formatDate, formatTimeRange } from '@client/lib/format';
import { useMatchPreview } from '../api/match-preview';
import { InsightsTab } from './insights-tab';
import { OverviewTab } from './overview-tab';
import { PreviewActions } from './preview-actions';
import { ProfilesTab } from './profiles-tab';

/** /match-preview for a visitor: previews are for guests of an evening. */
export function MatchPreviewSignIn() {
  return (
    <NoticeCard icon={Lock} title="Log in to preview your matches" signIn>
      <p>
        Before your evening, see who you're most likely to click with, what you have in common, and a few conversation starters. Log in with the account you
        booked with.
      </p>
    </NoticeCard>
  );
}

/** A member with no evening at all (and no demo evening to point to). */
export function NoPreviewEvening() {
  return (
    <NoEveningCard>
      <p>Book a speed friendship evening and your match preview appears here: compatible guests, shared interests and conversation starters.</p>
    </NoEveningCard>
  );
}

const TABS: { value: string; label: string; icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }> }[] = [
  { value: 'overview', label: 'Overview', icon: Info },
  { value: 'profiles', label: 'Compatible Profiles', icon: Users },
  { value: 'insights', label: 'Insights', icon: Lightbulb },
];

/** The match preview of one evening (docs/spec/organiser-tools.md §2.25): three tabs and the two buttons. */
export function MatchPreviewScreen({ eventId }: { eventId: number }) {
  const preview = useMatchPreview(eventId);
  const [tab, setTab] = useState('overview');

  if (preview.isPending) return <Spinner label="Loading your match preview" />;
  if (preview.isError) {
    const status = preview.error instanceof ApiError ? preview.error.status : null;
    if (status === 403) {
      return (
        <GuestsOnlyCard title="Match previews are for guests only" eventId={eventId}>
          <p>Only guests of this evening see its match preview. Book a place to find out who you'll click with.</p>
        </GuestsOnlyCard>
      );
    }
    if (status === 401) return <MatchPreviewSignIn />;
    return <EveningLoadError notFound={status === 404 || status === 400} onRetry={() => void preview.refetch()} />;
  }

  const data = preview.data;
  const { event, venue } = data;
  return (
    <div className="space-y-5">
      <Card className="space-y-4">
        <div>
          <h2 className="text-2xl font-semibold text-wine-900">{event.title}</h2>
          <p className="mt-1 flex items-center gap-2 text-ink">
            <CalendarCheck aria-hidden="true" className="size-5 shrink-0 text-wine-700" />
            {formatDate(event.date, 'long')} · {formatTimeRange(event)}
          </p>
          <p className="mt-1 flex items-center gap-2 text-ink">
            <MapPin aria-hidden="true" className="size-5 shrink-0 text-wine-700" />
            {[venue.name, venue.address, venue.city].filter(Boolean).join(', ')}
          </p>
          {event.hasEnded && (
            <p className="mt-3 rounded-2xl bg-stone-100 p-3 font-medium text-stone-800">This evening has happened. Your preview stays here to look back on.</p>
          )}
        </div>
        <PreviewActions data={data} />
      </Card>

      <Tabs.Root value={tab} onValueChange={setTab}>
        <TabBar label="Match preview sections" tabs={TABS} columns="grid-cols-3" stacked />
        <Tabs.Content value="overview" className={TAB_PANEL}>
          <OverviewTab data={data} />
        </Tabs.Content>
        <Tabs.Content value="profiles" className={TAB_PANEL}>
          <ProfilesTab profiles={data.profiles} />
        </Tabs.Content>
        <Tabs.Content value="insights" className={TAB_PANEL}>
          <InsightsTab data={data} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
