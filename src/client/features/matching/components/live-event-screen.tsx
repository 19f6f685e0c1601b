import { useQuery } from '@tanstack/react-query';
import { HeartHandshake, Lock, MapPin } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { EventDetail } from '@shared/schemas/events';
import type { Connection, Decision, QuickRatingBody } from '@shared/schemas/matching';
import { EveningLoadError, GuestsOnlyCard, HostingCard, NoEveningCard } from '@client/components/ui/evening-notices';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api';
import { RemovedNotice } from '@client/components/ui/removed-notice';
import { useLiveSocket, useRemainingSeconds } from '@client/lib/live-socket';
import { eventQuery } from '@client/lib/queries/events';
import { useWakeLock } from '@client/lib/wake-lock';
import { useConnections, useLogConnection, useRefreshConnections } from '../api/connections';
import { ConnectionsList } from './connections-list';
import { DecisionCard } from './decision-card';
import { LogConnectionCard } from './log-connection-card';
import { MyCodeCard } from './my-code-card';
import { describeRound, RoundCard } from './round-card';

const RATINGS_CLOSED = 'Ratings are closed: the host has released the matches';

/** /live-event for a visitor: the page is for guests on the night. */
export function LiveEventSignIn() {
  return (
    <NoticeCard icon={Lock} title="Log in to join the live evening" signIn>
      <p>On the night, this page shows your personal code, the round clock and everyone you meet. Log in with the account you booked with.</p>
    </NoticeCard>
  );
}

/** No evening ahead for this member. */
export function NoLiveEvent() {
  return (
    <NoEveningCard>
      <p>Book a speed friendship evening and, on the night, this page becomes your companion: your code, the round clock and the people you meet.</p>
    </NoEveningCard>
  );
}

/** The evening or its connections could not be loaded. */
export const LiveEventLoadError = EveningLoadError;

/** The live connection tracker for one evening: guests of the event only. */
export function LiveEventScreen({ eventId, userId }: { eventId: number; userId: number }) {
  const event = useQuery({
    ...eventQuery(eventId),
    // Waiting to be checked in at the door: notice it without a reload.
    refetchInterval: (q) => (q.state.data?.viewer.registered && !q.state.data.viewer.checkedIn ? 15_000 : false),
  });

  if (event.isPending) return <Spinner label="Loading your evening" />;
  if (event.isError) {
    const notFound = event.error instanceof ApiError && (event.error.status === 404 || event.error.status === 400);
    return <LiveEventLoadError notFound={notFound} onRetry={() => void event.refetch()} />;
  }
  const e = event.data;
  if (!e.viewer.registered) {
    return e.viewer.isHost ? (
      <HostingCard to={`/events/${e.id}?admin=true`} action="Open host controls">
        <p>Guests use this page to log their conversations and decide whom to stay in touch with. You run the rounds from the event page.</p>
      </HostingCard>
    ) : (
      <GuestsOnlyCard title="This page is for guests of this evening" eventId={e.id}>
        <p>Book a place at {e.title} to log the people you meet on the night.</p>
      </GuestsOnlyCard>
    );
  }
  return <Tracker event={e} userId={userId} />;
}

function Tracker({ event, userId }: { event: EventDetail; userId: number }) {
  const state = useConnections(event.id);
  const refresh = useRefreshConnections(event.id);
  const log = useLogConnection(event.id);
  const pendingCount = useRef(0);
  /** Set once the host has released matches: answers are final from then on. */
  const [closed, setClosed] = useState<string | null>(null);

  const socket = useLiveSocket(event.id, userId, false, (m) => {
    if (m.type === 'round_complete')
      toast(`Round ${m.currentRound} complete`, {
        description: pendingCount.current > 0 ? 'Time to decide: would you like to stay in touch?' : 'Get ready for your next conversation.',
      });
    if (m.type === 'event_ended') toast('The evening has ended', { description: 'Thank you for coming!' });
    if (m.type === 'contacts_released') {
      setClosed(RATINGS_CLOSED);
      toast('Matches are out!', { description: 'Your host has shared the contact details of mutual matches.' });
    }
  });
  const remaining = useRemainingSeconds(socket.timer, socket.offset);
  const completed = event.status === 'completed';
  const ended = completed || socket.timer?.phase === 'ended';
  const roundActive = !ended && socket.timer?.phase === 'active' && remaining > 0;
  const checkedIn = event.viewer.checkedIn;
  useWakeLock(checkedIn && !ended);
  // Just checked in at the door: the pick list and code now apply.
  useEffect(() => {
    if (checkedIn) refresh();
  }, [checkedIn, refresh]);

  const pendingNow = state.data?.connections.filter((c) => c.response === null && c.canDecide).length ?? 0;
  useEffect(() => {
    pendingCount.current = pendingNow;
  }, [pendingNow]);

  const [decidingId, setDecidingId] = useState<number | null>(null);
  const view = describeRound(socket.timer, remaining, completed, closed !== null);
  const [focusDecision, setFocusDecision] = useState(0);
  const decisionRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!focusDecision) return;
    decisionRef.current?.focus({ preventScroll: true });
    decisionRef.current?.scrollIntoView({ behavior: 'smooth', block: 'center' });
  }, [focusDecision]);

  if (state.isPending) return <Spinner label="Loading your connections" />;
  if (state.isError) {
    const notFound = state.error instanceof ApiError && state.error.status === 404;
    return <LiveEventLoadError notFound={notFound} onRetry={() => void state.refetch()} />;
  }
  const data = state.data;
  const connections = data.connections;
  // A yes/no only for a partner of a round that started (docs/decisions/0063).
  const pending = connections.filter((c) => c.response === null && c.canDecide);
  const chosen = decidingId === null ? undefined : connections.find((c) => c.participantId === decidingId && c.canDecide);
  const target: Connection | undefined = chosen ?? pending[0];
  const waiting = pending.filter((c) => c.participantId !== target?.participantId).length;

  const blockedReason = !checkedIn
    ? "You're not checked in yet. Find your host at the door; you can log connections once you're checked in."
    : ended
      ? 'The evening has ended, so no new connections can be logged.'
      : !socket.timer
        ? 'Connecting to the round timer…'
        : socket.timer.phase === 'paused'
          ? 'The round is paused. Logging opens again when the host resumes.'
          : roundActive
            ? null
            : 'You can log a connection while a round is running.';

  const onLog = async (input: QuickRatingBody) => {
    const before = new Set(connections.map((c) => c.participantId));
    const after = await log.mutateAsync(input);
    const added = after.connections.find((c) => !before.has(c.participantId));
    // Plain toasts: the rich (coloured) variants fall below AA contrast.
    if (added)
      toast(`Logged ${added.participantName}`, {
        description: added.canDecide
          ? 'Enjoy the chat! Decide afterwards whether to stay in touch.'
          : 'Enjoy the chat! Yes or no is for the partners the host seats you with.',
      });
    else toast('Already logged', { description: 'That guest is already in your connections.' });
  };

  const onDecide = (c: Connection) => async (decision: Decision) => {
    try {
      await log.mutateAsync({ ratedId: c.participantId, method: c.method, decision });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && /closed/i.test(err.serverMessage ?? '')) {
        setClosed(err.serverMessage ?? RATINGS_CLOSED);
        return;
      }
      throw err;
    }
    setDecidingId(null);
    toast(decision === 'yes' ? `You'd like to stay in touch with ${c.participantName}` : `Saved: no match with ${c.participantName}`, {
      description: decision === 'yes' ? "If they say yes too, it's a match." : 'They will never know.',
    });
  };

  return (
    <>
      <RemovedNotice removed={socket.removed} />
      <p className="-mt-3 mb-6 flex flex-wrap items-center gap-x-3 gap-y-1 text-muted">
        <Link to={`/events/${event.id}`} className="inline-flex min-h-11 items-center font-semibold text-wine-700 underline underline-offset-4">
          {event.title}
        </Link>
        <span className="inline-flex items-center gap-1">
          <MapPin aria-hidden="true" className="size-4" />
          {event.venue}
        </span>
      </p>

      <div className="flex flex-col gap-5 lg:grid lg:grid-cols-[minmax(0,1fr)_minmax(0,25rem)] lg:items-start lg:gap-6">
        <div className="contents lg:block lg:space-y-6">
          <div className="order-1">
            <RoundCard view={view} timer={socket.timer} remaining={remaining} connection={socket.status} heardAt={socket.heardAt} />
          </div>
          {closed && (
            <div role="alert" className="order-2 flex items-start gap-3 rounded-3xl bg-white p-5 shadow-sm ring-2 ring-wine-200">
              <Lock aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-wine-700" />
              <div>
                <p className="font-display text-xl font-semibold text-wine-900">Decisions are closed</p>
                <p className="mt-1 text-ink">{closed}. Your answers are final.</p>
              </div>
            </div>
          )}
          {target && !closed && (
            <div className="order-2">
              <DecisionCard
                key={target.participantId}
                ref={decisionRef}
                connection={target}
                roundRunning={roundActive}
                waiting={waiting}
                busy={log.isPending}
                onDecide={onDecide(target)}
                onCancel={chosen && chosen.response !== null ? () => setDecidingId(null) : undefined}
              />
            </div>
          )}
          {!target && !closed && connections.length > 0 && !roundActive && (
            <p className="order-2 flex items-center gap-2 rounded-3xl bg-emerald-50 p-4 font-medium text-emerald-900 ring-1 ring-emerald-200">
              <HeartHandshake aria-hidden="true" className="size-5 shrink-0" />
              All answered. Matches are mutual yeses only.
            </p>
          )}
          <div className="order-4">
            <LogConnectionCard
              eventId={event.id}
              state={data}
              canLog={checkedIn && roundActive}
              blockedReason={blockedReason}
              busy={log.isPending}
              onLog={onLog}
            />
          </div>
        </div>
        <div className="contents lg:block lg:space-y-6">
          <div className="order-3">
            <MyCodeCard eventId={event.id} personalCode={data.personalCode} />
          </div>
          <div className="order-5">
            <ConnectionsList
              connections={connections}
              busy={log.isPending}
              canAnswer={!closed}
              onAnswer={(id) => {
                setDecidingId(id);
                setFocusDecision((n) => n + 1);
              }}
            />
          </div>
        </div>
      </div>
    </>
  );
}
