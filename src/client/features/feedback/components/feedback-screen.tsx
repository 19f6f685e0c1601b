import * as Tabs from '@radix-ui/react-tabs';
import { TAB_PANEL, TabBar } from '@client/components/ui/tab-bar';
import { BarChart3, CalendarClock, CalendarDays, Clock, Lightbulb, Lock, MapPin, MessageSquareHeart, PartyPopper, Pencil } from 'lucide-react';
import { useEffect, useState, type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import type { Me } from '@shared/schemas/auth';
import type { EventDetail } from '@shared/schemas/events';
import type { FeedbackResponse } from '@shared/schemas/feedback';
import { improvementLabel, FEEDBACK_ASPECTS } from '@shared/domain/feedback';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { EveningLoadError, GuestsOnlyCard, NoEveningCard } from '@client/components/ui/evening-notices';
import { LoadError } from '@client/components/ui/load-error';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, messageOf } from '@client/lib/api';
import { formatDate, formatTime, formatTimeRange } from '@client/lib/format';
import { useEvent } from '@client/lib/queries/events';
import { useMyFeedback } from '../api/feedback';
import { EmojiFeedback } from './emoji-feedback';
import { FeedbackForm } from './feedback-form';
import { ImprovementsTab, InsightsTab } from './insights';

export type FeedbackViewer = Pick<Me, 'id' | 'name' | 'roles'> | null;

export const FEEDBACK_TABS = ['submit', 'insights', 'improvements'] as const;
export type FeedbackTab = (typeof FEEDBACK_TABS)[number];
const isTab = (v: string | null): v is FeedbackTab => FEEDBACK_TABS.includes(v as FeedbackTab);

const TABS: { value: FeedbackTab; label: string; icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }> }[] = [
  { value: 'submit', label: 'Submit', icon: MessageSquareHeart },
  { value: 'insights', label: 'Insights', icon: BarChart3 },
  { value: 'improvements', label: 'Improvements', icon: Lightbulb },
];

/** No evening at all to give feedback on (and no demo evening loaded). */
export function NoFeedbackEvening() {
  return (
    <NoEveningCard>
      <p>Once you have been to a speed friendship evening, you can tell us how it went right here.</p>
    </NoEveningCard>
  );
}

/**
 * /feedback for one evening (docs/spec/organiser-tools.md §2.27): which evening it is, the emoji
 * widget, then three tabs: Submit (the guest's own response), Insights and Improvements (the host
 * of the evening and admins). The open tab is in the address (?tab=), next to ?event=.
 */
export function FeedbackScreen({ eventId, viewer, demo }: { eventId: number; viewer: FeedbackViewer; demo: boolean }) {
  const event = useEvent(eventId);
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: FeedbackTab = isTab(asked) ? asked : 'submit';
  const open = (next: FeedbackTab) =>
    setParams(
      (p) => {
        const q = new URLSearchParams(p);
        if (next === 'submit') q.delete('tab');
        else q.set('tab', next);
        return q;
      },
      { replace: true, preventScrollReset: true },
    );

  if (event.isPending) return <Spinner label="Loading the evening" />;
  if (event.isError) {
    const status = event.error instanceof ApiError ? event.error.status : null;
    return <EveningLoadError notFound={status === 404 || status === 400} onRetry={() => void event.refetch()} />;
  }
  const e = event.data;
  const isHost = e.viewer.isHost;

  return (
    <div className="space-y-6">
      <EveningHeader event={e} demo={demo} />
      <EmojiFeedback eventId={eventId} userId={viewer?.id ?? null} />
      <Tabs.Root value={tab} onValueChange={(v) => open(v as FeedbackTab)}>
        <TabBar label="Feedback sections" tabs={TABS} columns="grid-cols-3" />
        <Tabs.Content value="submit" className={TAB_PANEL}>
          <SubmitTab event={e} viewer={viewer} />
        </Tabs.Content>
        <Tabs.Content value="insights" className={TAB_PANEL}>
          {isHost ? <InsightsTab eventId={eventId} /> : <HostsOnly signedIn={!!viewer} />}
        </Tabs.Content>
        <Tabs.Content value="improvements" className={TAB_PANEL}>
          {isHost ? <ImprovementsTab eventId={eventId} /> : <HostsOnly signedIn={!!viewer} />}
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

function EveningHeader({ event: e, demo }: { event: EventDetail; demo: boolean }) {
  return (
    <Card aria-label="The evening" role="region" className="bg-apricot-100/40">
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm font-semibold text-wine-700">Feedback for</p>
        {demo && <Badge tone="apricot">Demo evening</Badge>}
      </div>
      <h2 className="mt-1 text-2xl font-semibold text-wine-900">{e.title}</h2>
      <ul className="mt-2 space-y-1 text-ink">
        <li className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-4 text-wine-700" />
          {formatDate(e.date, 'long')}
        </li>
        <li className="flex items-center gap-2">
          <Clock aria-hidden="true" className="size-4 text-wine-700" />
          {formatTimeRange(e)}
        </li>
        <li className="flex items-center gap-2">
          <MapPin aria-hidden="true" className="size-4 text-wine-700" />
          {e.venue}
        </li>
      </ul>
      {/* One true sentence per case (issue 22): the host of the demo evening has an evening of their own, this one. */}
      {demo && !e.viewer.isHost && <p className="mt-2 text-sm text-muted">You have no evening of your own yet, so this is our public demo evening.</p>}
    </Card>
  );
}

function HostsOnly({ signedIn }: { signedIn: boolean }) {
  return (
    <NoticeCard icon={Lock} title="For the host of this evening only" signIn={!signedIn}>
      <p>Feedback insights and improvement requests are for the host who ran this evening, and our organisers. Guests see only their own response.</p>
    </NoticeCard>
  );
}

function SubmitTab({ event, viewer }: { event: EventDetail; viewer: FeedbackViewer }) {
  const mine = useMyFeedback(event.id, !!viewer);
  const [editing, setEditing] = useState(false);
  const [justSent, setJustSent] = useState<FeedbackResponse | null>(null);
  const notBegun = mine.data?.blocked === 'not-begun' ? mine.data.opensAt : null;
  // The form opens when the evening begins or ends, whichever is first (issue 32): an answer kept from
  // before is asked again at its start time, and at once when the evening is over (the host may end it early).
  const [opened, setOpened] = useState(false);
  const overNow = event.status === 'completed';
  const { refetch } = mine;
  useEffect(() => {
    if (!notBegun) return;
    const wait = Date.parse(notBegun) - Date.now();
    if (overNow || wait <= 0) {
      setOpened(true);
      void refetch();
      return;
    }
    // Timers longer than about 24.8 days fire at once: a far-off evening is simply asked again on the next visit.
    if (wait > 2 ** 31 - 1) return;
    const timer = window.setTimeout(() => {
      setOpened(true);
      void refetch();
    }, wait);
    return () => window.clearTimeout(timer);
  }, [notBegun, overNow, refetch]);

  if (!viewer) {
    return (
      <NoticeCard icon={MessageSquareHeart} title="Log in to give feedback" signIn>
        <p>Feedback comes from the guests of each evening. Log in with the account you booked with to tell us how it went.</p>
      </NoticeCard>
    );
  }
  if (mine.isPending) return <Spinner label="Loading your feedback" />;
  if (mine.isError)
    return (
      <LoadError
        title="We couldn't load your feedback"
        message={messageOf(mine.error, 'Check your connection and try again.')}
        onRetry={() => void mine.refetch()}
      />
    );

  const { response, canSubmit, blocked, opensAt } = mine.data;
  if (response && (!editing || !canSubmit)) {
    return (
      <div className="space-y-5">
        {justSent && (
          <div role="status" className="flex gap-3 rounded-3xl bg-emerald-50 p-5 text-emerald-900">
            <PartyPopper aria-hidden="true" className="size-7 shrink-0 text-emerald-700" />
            <div>
              <p className="text-lg font-semibold">Thank you for your feedback!</p>
              <p className="mt-1">It goes straight to the host and helps make the next evening even better.</p>
            </div>
          </div>
        )}
        <YourResponse response={response} onChange={canSubmit ? () => setEditing(true) : undefined} />
      </div>
    );
  }
  if (!canSubmit) {
    if (blocked === 'not-begun') {
      // Begun or over by now: never "come back after" a time gone by while the server is asked again.
      const due = overNow || Date.parse(opensAt) <= Date.now();
      if (due && (!opened || mine.isFetching)) return <Spinner label="Opening the feedback form" />;
      return (
        <NoticeCard icon={CalendarClock} title="Feedback opens when the evening begins">
          <p>
            Come back after {formatTime(opensAt)} on {formatDate(opensAt, 'long')} to tell us how it went. Meanwhile you can leave a quick reaction above.
          </p>
        </NoticeCard>
      );
    }
    if (blocked === 'not-checked-in') {
      return (
        <NoticeCard icon={CalendarClock} title="Feedback is for guests who came">
          <p>
            You booked this evening but were not checked in at the door, so its feedback form is not open to you: the answers shape the host&apos;s public
            rating. If you were there, ask the host to check you in. You can still leave a quick reaction above.
          </p>
        </NoticeCard>
      );
    }
    return (
      <GuestsOnlyCard title="Feedback is for guests of this evening" eventId={event.id}>
        <p>
          {event.viewer.isHost
            ? 'You host this evening, so its feedback form is for your guests: read what they said on the Insights tab.'
            : 'Only guests who booked this evening can answer its feedback form. You can still leave a quick reaction above.'}
        </p>
      </GuestsOnlyCard>
    );
  }
  return (
    <FeedbackForm
      eventId={event.id}
      userId={viewer.id}
      existing={response}
      onSaved={(r) => {
        setJustSent(r);
        setEditing(false);
      }}
    />
  );
}

function YourResponse({ response: r, onChange }: { response: FeedbackResponse; onChange: (() => void) | undefined }) {
  const stars = (n: number) => (n > 0 ? `${n} of 5 stars` : 'Not rated');
  return (
    <Card role="region" aria-labelledby="your-feedback-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle id="your-feedback-title">Your feedback</CardTitle>
        <Badge tone="green">Sent</Badge>
      </div>
      <p className="mt-1 text-sm text-muted">
        Sent on {formatDate(r.submittedAt, 'long')}
        {r.updatedAt !== r.submittedAt && `, last changed on ${formatDate(r.updatedAt, 'long')}`}.
      </p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <Row label="Overall rating" value={stars(r.overallRating)} />
        {FEEDBACK_ASPECTS.map((a) => (
          <Row key={a.key} label={a.label} value={stars(r[a.key])} />
        ))}
        <Row label="Would recommend" value={r.wouldRecommend ? 'Yes' : 'No'} />
        <Row label="What could be better" value={r.improvements.length ? r.improvements.map(improvementLabel).join(', ') : 'Nothing picked'} wide />
        {r.favoriteAspect && <Row label="What you enjoyed most" value={r.favoriteAspect} wide />}
        {r.additionalComments && <Row label="Your comments" value={r.additionalComments} wide />}
      </dl>
      {onChange && (
        <Button variant="outline" size="lg" className="mt-5" onClick={onChange}>
          <Pencil aria-hidden="true" className="size-5" />
          Change my answers
        </Button>
      )}
    </Card>
  );
}

function Row({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm font-semibold text-wine-900">{label}</dt>
      <dd className="break-words whitespace-pre-wrap text-ink">{value}</dd>
    </div>
  );
}
