import { useQuery } from '@tanstack/react-query';
import { Eye, EyeOff, Lock, Shuffle, Users } from 'lucide-react';
import { useState } from 'react';
import type { TimerStateMessage } from '@shared/realtime';
import { Button } from '@client/components/ui/button';
import { EveningLoadError, GuestsOnlyCard, NoEveningCard } from '@client/components/ui/evening-notices';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api';
import { useLiveSocket } from '@client/lib/live-socket';
import { timerQuery } from '@client/lib/queries/live';
import { useBadges } from '../api/badges';
import { groupOf, PER_VIEW } from '../lib/badge-view';
import { BadgeCard, type ChatState } from './badge-card';

/** /badges for a visitor: the badges are for guests of the evening. */
export function BadgesSignIn() {
  return (
    <NoticeCard icon={Lock} title="Log in to see the guests' badges" signIn>
      <p>Badges show who else is coming to your evening: names, interests and personality insights. Log in with the account you booked with.</p>
    </NoticeCard>
  );
}

/** No evening ahead for this member. */
export function NoBadgesEvening() {
  return (
    <NoEveningCard>
      <p>Book a speed friendship evening and the badges of the other guests appear here, with ice breakers to get you talking.</p>
    </NoEveningCard>
  );
}

const CHAT_NOTE_ID = 'start-chat-note';

/** Why Start Chat is closed, or null when it opens the tracker: only during the evening (the first round started, not ended). */
function chatBlocked(isGuest: boolean, timer: { isPending: boolean; isError: boolean; data: TimerStateMessage | undefined }): string | null {
  if (!isGuest) return 'Start Chat is for guests: it opens their live connection tracker during the evening.';
  if (timer.isPending) return 'Checking the round timer…';
  if (timer.isError || !timer.data) return "We couldn't reach the round timer. Start Chat opens during the evening.";
  if (timer.data.phase === 'ended') return 'The evening has ended, so Start Chat is closed.';
  if (timer.data.currentRound === 0) return 'Start Chat opens when the host starts the first round.';
  return null;
}

/**
 * The badges of the other guests of one evening (docs/spec/organiser-tools.md §2.8): four at a
 * time (Show Different People goes through them all), Hide/Show Insights, Get Ice Breaker, and
 * Start Chat, which opens the live connection tracker while the evening runs.
 */
export function BadgesScreen({ eventId, userId }: { eventId: number; userId: number }) {
  const badges = useBadges(eventId);
  const allowed = badges.isSuccess;
  // The timer's state for the first paint; the socket keeps the same query current.
  const timer = useQuery({ ...timerQuery(eventId), enabled: allowed });
  useLiveSocket(allowed ? eventId : null, allowed ? userId : null, false);
  const [page, setPage] = useState(0);
  const [showInsights, setShowInsights] = useState(true);

  if (badges.isPending) return <Spinner label="Loading the badges" />;
  if (badges.isError) {
    const status = badges.error instanceof ApiError ? badges.error.status : null;
    if (status === 403) {
      return (
        <GuestsOnlyCard title="This page is for guests of this evening" eventId={eventId}>
          <p>Only guests and hosts of this evening can see its badges. Book a place to meet everyone on the night.</p>
        </GuestsOnlyCard>
      );
    }
    if (status === 401) return <BadgesSignIn />;
    return <EveningLoadError notFound={status === 404 || status === 400} onRetry={() => void badges.refetch()} />;
  }

  const { viewer, badges: list } = badges.data;
  if (list.length === 0) {
    return (
      <NoticeCard icon={Users} title="No other guests yet">
        <p>Badges appear here as other guests book this evening.</p>
      </NoticeCard>
    );
  }

  const { shown, pages, first } = groupOf(list, page);
  const blocked = chatBlocked(viewer.isGuest, { isPending: timer.isPending, isError: timer.isError, data: timer.data?.state });
  const chat: ChatState = blocked === null ? { href: `/live-event?event=${eventId}` } : { blockedId: CHAT_NOTE_ID };

  return (
    <>
      <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
        <Button size="lg" onClick={() => setPage((p) => p + 1)} disabled={pages <= 1} aria-describedby="badges-count">
          <Shuffle aria-hidden="true" className="size-5" />
          Show Different People
        </Button>
        <Button size="lg" variant="outline" aria-pressed={!showInsights} onClick={() => setShowInsights((s) => !s)}>
          {showInsights ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
          {showInsights ? 'Hide Insights' : 'Show Insights'}
        </Button>
      </div>
      <p id="badges-count" role="status" className="mb-2 text-muted">
        {pages <= 1
          ? `Everyone coming: ${list.length} ${list.length === 1 ? 'guest' : 'guests'}`
          : `Showing ${first + 1}-${first + shown.length} of ${list.length} guests, ${PER_VIEW} at a time`}
      </p>
      <p id={CHAT_NOTE_ID} className="mb-5 text-sm text-muted">
        {blocked ?? 'Start Chat opens your live connection tracker, where you log the conversation.'}
      </p>
      <ul className="grid gap-5 md:grid-cols-2" aria-label="Guest badges">
        {shown.map((b) => (
          <BadgeCard key={b.userId} badge={b} showInsights={showInsights} mine={viewer.interests} chat={chat} />
        ))}
      </ul>
    </>
  );
}
