import { CalendarDays, ChartColumn, Clock, Megaphone, ScanLine, Timer, UsersRound, X } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { EventDetail } from '@shared/schemas/events';
import { SELF_CHECK_IN_MINUTES } from '@shared/domain/constants';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { GettingIn } from '@client/components/ui/getting-in';
import { Page } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useDocumentTitle } from '@client/lib/document-title';
import { formatDate, formatTimeRange, minutesInWords } from '@client/lib/format';
import { useEvent } from '@client/lib/queries/events';
import type { CancelResult } from '../api/tickets';
import { useNow } from '@client/lib/use-now';
import { eventBadge, spotsLeftText } from '../lib/format';
import { AroundLinks } from './around-links';
import { BookingCard } from './booking-card';
import { CapacityMeter } from './capacity-meter';
import { Fact } from './fact';
import { HostWaitlistCard } from './host-waitlist-card';
import { ParticipantsCard } from './participants-card';
import { EventLoadError } from './event-load-error';
import { EveningShareActions } from './public-evening-more';
import { StatusBadge } from './status-badge';
import { TicketCard } from './ticket-card';
import { VenueFact } from './venue-fact';
import { PaymentSuccessBanner } from './event-detail/payment-success-banner';
import { PriceIncludesSetting } from './event-detail/price-includes-setting';
import { useStripeReturn } from './event-detail/use-stripe-return';

/** The cancel dialog (and Radix's dialog code with it) loads when the member first asks to cancel: most visits never do. */
const CancelDialog = lazy(() => import('./cancel-dialog').then((m) => ({ default: m.CancelDialog })));

/** A composition slot: content, or content made from the loaded event. */
export type EventSlot = ReactNode | ((event: EventDetail) => ReactNode);

export interface EventDetailSlots {
  /** The live evening (features/live): the round timer and whom to talk to, for checked-in guests and hosts. */
  liveSlot?: EventSlot;
  /** The rating card, one partner at a time, and the running totals (features/matching). */
  ratingSlot?: EventSlot;
  /** The matches once the evening is completed (features/matching). */
  matchesSlot?: EventSlot;
  /** A seat for a friend under the ticket or the booking (features/friend-seats, docs/decisions/0075). */
  friendSlot?: EventSlot;
  /**
   * Why the member cannot book free evenings or join a waitlist now (features/no-shows, docs/decisions/0076):
   * shown by the booking card instead of a button that would fail; nothing when they can.
   */
  bookingPauseSlot?: EventSlot;
  /**
   * Where the room's timer is: 'running' once the host has started round 1 (then the live part
   * comes first: timer, whom to talk to, the rating; the rest below; and the place can no longer
   * be cancelled), 'over' once the host has ended the evening.
   */
  liveStage?: 'before' | 'running' | 'over';
}

const fill = (slot: EventSlot | undefined, event: EventDetail) => (typeof slot === 'function' ? slot(event) : slot);

/** /events/{id}: the evening, the member's place in it (register, ticket, check-in, cancel) and who's coming. */
export function EventDetailScreen({ eventId, userId, ...slots }: { eventId: number; userId: number } & EventDetailSlots) {
  const event = useEvent(eventId);

  if (event.isPending) return <Spinner label="Loading the event" />;
  // A refetch that fails (the bar's Wi-Fi drops) keeps the evening and its ticket QR on screen.
  if (!event.data) return <EventLoadError error={event.error} onRetry={() => void event.refetch()} away={{ to: '/events', label: 'Browse Events' }} />;
  return <EventDetailView event={event.data} userId={userId} {...slots} />;
}

function EventDetailView({
  event,
  userId,
  liveSlot,
  ratingSlot,
  matchesSlot,
  bookingPauseSlot,
  friendSlot,
  liveStage = 'before',
}: { event: EventDetail; userId: number } & EventDetailSlots) {
  useDocumentTitle(`${event.title} · Speed Friendship`);
  const now = useNow(30_000);
  const over = liveStage === 'over' || event.status === 'completed';
  const running = liveStage === 'running' && !over;
  const badge = over ? 'Past' : eventBadge(event, now);
  const happening = running || (event.status === 'upcoming' && badge === 'Past' && new Date(event.endsAt).getTime() > now && !over);
  const [cancelOpen, setCancelOpen] = useState(false);
  // Mounted from the first Cancel on (and kept, so it stays open with the server's answer).
  const [cancelAsked, setCancelAsked] = useState(false);
  const [cancelled, setCancelled] = useState<CancelResult | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  useStripeReturn(event, userId);

  const live = fill(liveSlot, event);
  const rating = fill(ratingSlot, event);
  const matches = fill(matchesSlot, event);
  const friend = over || running || event.viewer.isHost ? null : fill(friendSlot, event);
  // During a round the guest needs the clock, whom to talk to and the rating now: those come first.
  const liveFirst = running && (live != null || rating != null);
  const facts = (
    <dl className={cn('grid gap-4 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-wine-100 sm:grid-cols-2 sm:p-6', !liveFirst && 'mt-5')}>
      <Fact icon={<CalendarDays aria-hidden="true" className="size-5" />} label="Date">
        <time dateTime={event.date}>{formatDate(event.date, 'long')}</time>
      </Fact>
      <Fact icon={<Clock aria-hidden="true" className="size-5" />} label="Time">
        {formatTimeRange(event)}
      </Fact>
      <VenueFact name={event.venue} place={event.venuePlace} />
      <Fact icon={<UsersRound aria-hidden="true" className="size-5" />} label="Participants">
        <span className="block">
          {event.participantCount}/{event.maxParticipants}
          {badge !== 'Past' && !running && event.spotsLeft > 0 && <span className="font-normal text-muted"> · {spotsLeftText(event.spotsLeft)}</span>}
        </span>
        <CapacityMeter count={event.participantCount} max={event.maxParticipants} className="mt-2 max-w-48" />
      </Fact>
    </dl>
  );
  const sidebar = (
    <div className="lg:sticky lg:top-20 lg:col-start-2 lg:row-span-6 lg:row-start-1 lg:self-start">
      {event.viewer.registered ? (
        <TicketCard
          event={event}
          userId={userId}
          liveStage={over ? 'over' : running ? 'running' : 'before'}
          onCancel={() => {
            setOpener(document.activeElement instanceof HTMLElement ? document.activeElement : null);
            setCancelAsked(true);
            setCancelOpen(true);
          }}
        />
      ) : event.viewer.isHost ? (
        <Card>
          <h2 className="text-xl font-semibold text-wine-900">You're hosting this evening</h2>
          <p className="mt-2 text-muted">
            Guests can check themselves in from {minutesInWords(SELF_CHECK_IN_MINUTES)} before the start, or you can check them in at the door.
          </p>
          <nav aria-label="Host tools" className="mt-4 grid gap-2">
            <Button asChild variant="outline">
              <Link to={`/check-in?event=${event.id}`}>
                <ScanLine aria-hidden="true" className="size-5" />
                Check guests in
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={`/messaging?event=${event.id}`}>
                <Megaphone aria-hidden="true" className="size-5" />
                Message the room
              </Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={`/host-control?event=${event.id}`}>
                <Timer aria-hidden="true" className="size-5" />
                Host control
              </Link>
            </Button>
            {/* What the evening made: its report, once it is over (docs/decisions/0084-the-hosts-evening-report.md). */}
            <Button asChild variant="outline">
              <Link to={`/events/${event.id}/report`}>
                <ChartColumn aria-hidden="true" className="size-5" />
                Evening report
              </Link>
            </Button>
          </nav>
          {!over && <PriceIncludesSetting event={event} />}
          {!over && <HostWaitlistCard eventId={event.id} />}
        </Card>
      ) : (
        <BookingCard event={event} userId={userId} pauseNotice={fill(bookingPauseSlot, event)} />
      )}
      {friend != null && <div className="mt-5">{friend}</div>}
    </div>
  );
  const liveParts = (
    <>
      {live != null && <div className="lg:col-start-1">{live}</div>}
      {rating != null && <div className="lg:col-start-1">{rating}</div>}
    </>
  );

  return (
    <Page wide>
      {/* The header's Back button (route handle) goes to /events. */}
      {event.viewer.registered && !cancelled && <PaymentSuccessBanner />}
      {cancelled && (
        <div
          ref={noticeRef}
          tabIndex={-1}
          role="status"
          className="mb-4 flex items-start gap-3 rounded-3xl bg-white p-5 shadow-sm ring-1 ring-wine-100 focus:outline-none focus-visible:outline-3"
        >
          <Megaphone aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-wine-500" />
          <div className="flex-1">
            <p className="font-bold text-wine-900">Registration cancelled</p>
            <p className="mt-1 text-ink">{cancelled.message}</p>
          </div>
          <button
            type="button"
            onClick={() => setCancelled(null)}
            aria-label="Dismiss"
            className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-full text-muted hover:bg-wine-50"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
      )}

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-8 lg:gap-y-6">
        <header className="lg:col-start-1">
          <div className="flex flex-wrap items-center gap-2">
            <StatusBadge
              label={happening ? 'Happening now' : badge}
              heldForWaitlist={event.participantCount < event.maxParticipants ? event.seatsHeldForWaitlist : 0}
            />
            {event.viewer.isHost && <span className="rounded-full bg-apricot-100 px-3 py-1 text-sm font-semibold text-apricot-700">You're hosting</span>}
          </div>
          <h1 className={cn('mt-3 leading-tight font-bold break-words text-wine-900', liveFirst ? 'text-2xl sm:text-3xl' : 'text-3xl sm:text-4xl')}>
            {event.title}
          </h1>
          {!liveFirst && (
            <p className="mt-1 text-lg text-muted">
              Ages {event.ageRangeMin}-{event.ageRangeMax}
            </p>
          )}
          {!liveFirst && facts}
        </header>

        {liveFirst && liveParts}

        {sidebar}

        {liveFirst && <div className="lg:col-start-1">{facts}</div>}

        {/* How to get into the venue, when its host has told it (docs/decisions/0077). */}
        <GettingIn access={event.venueAccess} className="lg:col-start-1" />

        {event.description && (
          <Card className="lg:col-start-1">
            <CardTitle>About this evening</CardTitle>
            <p className="mt-2 leading-relaxed whitespace-pre-line text-ink">{event.description}</p>
          </Card>
        )}

        {!over && badge !== 'Past' && (
          <Card className="lg:col-start-1">
            <CardTitle>Bring a friend along</CardTitle>
            <p className="mt-1 text-ink">Send them this evening's page: they can book their own place.</p>
            <div className="mt-4">
              <EveningShareActions
                evening={{ id: event.id, title: event.title, url: `${window.location.origin}/events/${event.id}` }}
                calendar={!event.viewer.registered}
              />
            </div>
          </Card>
        )}

        {/* Composition slots: render nothing unless the route passes content. */}
        {!liveFirst && liveParts}
        {matches != null && <div className="lg:col-start-1">{matches}</div>}

        {event.viewer.registered && (
          <div className="lg:col-start-1">
            <AroundLinks eventId={event.id} begun={over || running || badge === 'Past'} />
          </div>
        )}

        <div className="lg:col-start-1">
          <ParticipantsCard eventId={event.id} userId={userId} allowed={event.viewer.registered || event.viewer.isHost} past={badge === 'Past' && !happening} />
        </div>
      </div>

      {cancelAsked && (
        <Suspense fallback={null}>
          <CancelDialog
            event={event}
            userId={userId}
            open={cancelOpen}
            onOpenChange={setCancelOpen}
            onCancelled={setCancelled}
            onClosedAfterCancel={() => requestAnimationFrame(() => noticeRef.current?.focus())}
            returnFocusTo={opener}
          />
        </Suspense>
      )}
    </Page>
  );
}
