import { Bell, BellOff, Expand, Headset, RefreshCw, Shrink, Vibrate, VibrateOff } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ROUND_DURATION_SECONDS } from '@shared/domain/constants';
import type { ServerMessage } from '@shared/realtime';
import { Button } from '@client/components/ui/button';
import { KeptWrites } from '@client/components/ui/kept-writes';
import { Dialog, DialogClose, DialogContent } from '@client/components/ui/dialog';
import { OfflineBanner } from '@client/components/ui/offline-banner';
import { Page, PageTitle } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError } from '@client/lib/api';
import { currentOrNextEvent, useEvent, useUserEvents } from '@client/lib/queries/events';
import { SYNCED_LINE, UNSYNCED_LINE } from '@client/lib/timer-sync';
import { useWakeLock } from '@client/lib/wake-lock';
import { useTimerAnnouncements } from '../hooks/use-announcements';
import { useLiveTimer } from '../hooks/use-live-timer';
import { useSwitchAlert } from '../hooks/use-switch-alert';
import { useTimeWarning } from '../hooks/use-time-warning';
import { formatWhen } from '../lib/format';
import { roundLengthPhrase, stageOf, type Phase } from '../lib/timer';
import { AccessCard } from './access-card';
import { ConnectionNotice } from './connection-notice';
import { MyRoundCard, roundSentence, useMyRound } from './my-round-card';
import type { MyRound } from '@shared/schemas/live';
import { TimerFace } from './timer-face';

export function TimerFrame({ children }: { children: ReactNode }) {
  return (
    <Page>
      <PageTitle sub="Every guest's phone shows the same round and clock.">Round Timer</PageTitle>
      {children}
    </Page>
  );
}

/** The partner a guest has just met, for the switch overlay to offer their rating. */
export interface JustMet {
  eventId: number;
  userId: number;
  round: number;
  partner: { id: number; name: string };
}

/**
 * /timer (docs/spec/organiser-tools.md §2.7) for a signed-in viewer: which evening, then the timer.
 * `rateSlot`: a one-tap rating of the partner just met, shown at the bell.
 */
export function TimerScreen({
  userId,
  eventParam,
  rateSlot,
  guideSlot,
}: {
  userId: number;
  eventParam: number | null;
  rateSlot?: (met: JustMet) => ReactNode;
  /** The pair's question under whom to talk to (features/conversation-guide, composed in app/). */
  guideSlot?: (eventId: number, r: MyRound) => ReactNode;
}) {
  const mine = useUserEvents(eventParam ? null : userId);
  const eventId = eventParam ?? (mine.data ? (currentOrNextEvent(mine.data)?.id ?? null) : null);
  const detail = useEvent(eventId);

  if (!eventParam && mine.isPending) return <Spinner label="Finding your evening" />;
  if (!eventParam && mine.isError) {
    return (
      <TimerFrame>
        <AccessCard
          kind="empty"
          title="We couldn't load your events"
          action={
            <Button variant="outline" onClick={() => void mine.refetch()}>
              Try again
            </Button>
          }
        >
          <p>Please check your connection and try again.</p>
        </AccessCard>
      </TimerFrame>
    );
  }
  if (!eventId) {
    return (
      <TimerFrame>
        <AccessCard
          kind="empty"
          title="No evening coming up"
          action={
            <Button asChild>
              <Link to="/events">Browse Events</Link>
            </Button>
          }
        >
          <p>The round timer appears here on the night of an event you&apos;re registered for.</p>
        </AccessCard>
      </TimerFrame>
    );
  }
  if (detail.isPending) return <Spinner label="Loading the timer" />;
  if (detail.isError) {
    const notFound = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <TimerFrame>
        <AccessCard
          kind="empty"
          title={notFound ? 'Event not found' : "We couldn't load this evening"}
          action={
            <Button asChild variant="outline">
              <Link to="/events">Browse Events</Link>
            </Button>
          }
        >
          <p>{notFound ? 'This event does not exist or has been removed.' : 'Please check your connection and try again.'}</p>
        </AccessCard>
      </TimerFrame>
    );
  }
  const event = detail.data;
  if (!event.viewer.registered && !event.viewer.isHost) {
    return (
      <TimerFrame>
        <AccessCard
          kind="denied"
          title="You're not on the guest list"
          action={
            <Button asChild>
              <Link to={`/events/${event.id}`}>View event</Link>
            </Button>
          }
        >
          <p>
            The round timer of <strong className="text-wine-900">{event.title}</strong> is for its guests. Register for the evening to join the rounds.
          </p>
        </AccessCard>
      </TimerFrame>
    );
  }
  return (
    <FullScreenTimer
      key={event.id}
      eventId={event.id}
      userId={userId}
      title={event.title}
      when={formatWhen(event)}
      venue={event.venue}
      isHost={event.viewer.isHost}
      registered={event.viewer.registered}
      rateSlot={event.viewer.checkedIn ? rateSlot : undefined}
      guideSlot={event.viewer.checkedIn ? guideSlot : undefined}
    />
  );
}

function FullScreenTimer({
  eventId,
  userId,
  title,
  when,
  venue,
  isHost,
  registered,
  rateSlot,
  guideSlot,
}: {
  eventId: number;
  userId: number;
  title: string;
  when: string;
  venue: string;
  isHost: boolean;
  registered: boolean;
  rateSlot?: (met: JustMet) => ReactNode;
  guideSlot?: (eventId: number, r: MyRound) => ReactNode;
}) {
  const alert = useSwitchAlert();
  const lastPhase = useRef<Phase | null>(null);
  const live = useLiveTimer(eventId, userId, false, {
    primary: true,
    onMessage: (m: ServerMessage) => {
      // A round has just ended for everyone: time ran out, or the host moved on mid-round.
      const cutShort = m.type === 'timer_started' && (lastPhase.current === 'active' || lastPhase.current === 'paused');
      if (m.type === 'round_complete' || m.type === 'grace_started' || cutShort) alert.trigger();
    },
  });
  useEffect(() => {
    lastPhase.current = live.timer?.phase ?? null;
  }, [live.timer?.phase]);
  const announcement = useTimerAnnouncements(live.timer, live.remaining);
  // One minute and 30 seconds left: seen (the banner below), heard and felt (alert.warn), spoken (the announcement).
  const warning = useTimeWarning(live.timer, live.remaining, alert.warn);
  const stage = stageOf(live.timer);
  useWakeLock(stage !== 'ended');

  // State, not a ref: the switch alert renders into it (in full screen nothing outside it shows).
  const [section, setSection] = useState<HTMLDivElement | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  useEffect(() => {
    const on = () => setFullscreen(!!section && document.fullscreenElement === section);
    document.addEventListener('fullscreenchange', on);
    return () => document.removeEventListener('fullscreenchange', on);
  }, [section]);
  const canFullscreen = typeof document !== 'undefined' && document.fullscreenEnabled;
  const toggleFullscreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => {});
    else void section?.requestFullscreen().catch(() => {});
  };

  return (
    // The dark panel runs under the phone's bottom navigation (-mb-24 takes back the layout's padding for it; none from md up).
    <div
      ref={setSection}
      className="-mb-24 md:mb-0 flex min-h-[calc(100dvh-61px)] flex-col bg-ink text-cream [&:fullscreen]:mb-0 [&:fullscreen]:min-h-dvh [&:fullscreen]:overflow-y-auto"
    >
      <div inert={alert.active} className="mx-auto flex w-full max-w-xl flex-1 flex-col gap-5 px-4 pt-5 pb-20 sm:px-6 [:fullscreen_&]:pb-8">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            <p className="text-sm font-semibold uppercase tracking-wide text-apricot-200">Round timer</p>
            <h1 className="text-2xl font-bold break-words text-cream sm:text-3xl">{title}</h1>
            <p className="text-sm text-wine-100">
              {venue} · {when}
            </p>
          </div>
          <div className="flex shrink-0 gap-2">
            <button
              type="button"
              onClick={alert.toggleSound}
              aria-pressed={alert.soundOn}
              className="inline-flex size-12 items-center justify-center rounded-2xl bg-white/10 text-cream ring-1 ring-inset ring-white/30 hover:bg-white/20"
            >
              {alert.soundOn ? <Bell aria-hidden="true" className="size-6" /> : <BellOff aria-hidden="true" className="size-6" />}
              <span className="sr-only">Sound when it is time to switch</span>
            </button>
            <button
              type="button"
              onClick={alert.toggleVibration}
              aria-pressed={alert.vibrationOn}
              className="inline-flex size-12 items-center justify-center rounded-2xl bg-white/10 text-cream ring-1 ring-inset ring-white/30 hover:bg-white/20"
            >
              {alert.vibrationOn ? <Vibrate aria-hidden="true" className="size-6" /> : <VibrateOff aria-hidden="true" className="size-6" />}
              <span className="sr-only">Vibration when it is time to switch</span>
            </button>
            {canFullscreen && (
              <button
                type="button"
                onClick={toggleFullscreen}
                className="inline-flex size-12 items-center justify-center rounded-2xl bg-white/10 text-cream ring-1 ring-inset ring-white/30 hover:bg-white/20"
              >
                {fullscreen ? <Shrink aria-hidden="true" className="size-6" /> : <Expand aria-hidden="true" className="size-6" />}
                <span className="sr-only">{fullscreen ? 'Exit full screen' : 'Full screen'}</span>
              </button>
            )}
          </div>
        </div>

        <OfflineBanner dark />
        <ConnectionNotice status={live.status} host={false} className="flex justify-center" />
        {registered && <KeptWrites userId={userId} eventId={eventId} dark />}

        {/* Seen, for a guest who cannot hear the beep: the spoken announcement says the same, so this is not read twice. */}
        {warning && (
          <p aria-hidden="true" data-testid="time-warning" className="rounded-3xl bg-apricot-300 px-4 py-3 text-center text-2xl font-bold text-wine-900">
            {warning === 'minute' ? '1 minute left' : '30 seconds left'}
          </p>
        )}

        <div className="flex flex-1 flex-col justify-center py-2">
          <TimerFace timer={live.timer} remaining={live.remaining} size="xl" sync={live.sync} endsAtLocal={live.endsAtLocal} syncLine={false} />
        </div>

        {registered ? (
          <MyRoundCard eventId={eventId} userId={userId} rateLink guide={guideSlot && ((r) => guideSlot(eventId, r))} />
        ) : (
          isHost && (
            <div className="rounded-3xl bg-white/10 p-4 text-center ring-1 ring-inset ring-white/20">
              <p className="text-wine-100">You host this evening: this is what your guests see.</p>
              <Link
                to={`/host-control?event=${eventId}`}
                className="mt-2 inline-flex min-h-12 items-center gap-2 rounded-2xl bg-apricot-300 px-5 font-semibold text-wine-900 hover:bg-apricot-200"
              >
                <Headset aria-hidden="true" className="size-5" />
                Open host control
              </Link>
            </div>
          )
        )}

        <footer className="mt-auto space-y-1 pt-2 text-center text-sm text-wine-100">
          <p>{roundLengthPhrase(live.timer?.roundDuration ?? ROUND_DURATION_SECONDS)}</p>
          {/* The spec's footer, true only while online with the socket open (@client/lib/timer-sync): otherwise the clock runs on the last state heard. */}
          <p className="inline-flex items-center gap-1.5">
            <RefreshCw aria-hidden="true" className="size-4" />
            {live.sync.state === 'synced' ? SYNCED_LINE : UNSYNCED_LINE}
          </p>
        </footer>
      </div>

      {alert.active && (
        <SwitchOverlay
          eventId={eventId}
          userId={userId}
          registered={registered}
          onDismiss={alert.dismiss}
          onUse={alert.hold}
          container={section}
          rateSlot={rateSlot}
        />
      )}

      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}

/**
 * 'Time to Switch!' for 20 s, with whom to find next and (a guest who has just talked to someone)
 * their rating in one tap, while the host waits for ratings in the grace minute: an alert over the
 * whole screen; Got it or Escape closes it.
 */
function SwitchOverlay({
  eventId,
  userId,
  registered,
  onDismiss,
  onUse,
  container,
  rateSlot,
}: {
  eventId: number;
  userId: number;
  registered: boolean;
  onDismiss: () => void;
  /** A tap or key inside: the overlay stays a little longer (a rating being saved is not cut off). */
  onUse: () => void;
  container: HTMLElement | null;
  rateSlot?: (met: JustMet) => ReactNode;
}) {
  const { round, next, current, stage, rotation } = useMyRound(eventId, userId);
  // After a forced next round, the "next" partner is already the current one, and the one just met is last round's.
  const upcoming = stage === 'active' ? current : next;
  const metRound = stage === 'active' ? round - 1 : round;
  const met = rotation.data?.find((r) => r.round === metRound)?.partner ?? null;
  // Kept from the bell on: the rotation refetching as the next round starts must not swap the person being rated.
  const [justMet] = useState(() => (met ? { round: metRound, partner: { id: met.id, name: met.name } } : null));
  const rating = registered && rateSlot && (justMet ?? (met ? { round: metRound, partner: met } : null));
  // Focus starts on Got it, not on the first rating button (a stray Enter must not rate anyone 1).
  const gotIt = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open onOpenChange={(open) => !open && onDismiss()}>
      <DialogContent
        variant="takeover"
        role="alertdialog"
        container={container}
        onPointerDown={onUse}
        onKeyDown={onUse}
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          gotIt.current?.focus();
        }}
        icon={<RefreshCw aria-hidden="true" className="size-20 motion-safe:animate-spin [animation-duration:3s]" />}
        title="Time to Switch!"
        description={
          registered && upcoming
            ? `Next up: ${roundSentence(upcoming)}`
            : round > 0
              ? 'Thank your partner, then head to your next table.'
              : 'Find your next partner.'
        }
      >
        {rating && rateSlot({ eventId, userId, round: rating.round, partner: { id: rating.partner.id, name: rating.partner.name } })}
        <DialogClose asChild>
          <button
            ref={gotIt}
            type="button"
            className="inline-flex min-h-14 items-center justify-center rounded-2xl bg-wine-900 px-8 text-lg font-semibold text-cream hover:bg-wine-800"
          >
            Got it
          </button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
