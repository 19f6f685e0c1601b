import { Fragment, lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import type { EventDetail } from '@shared/schemas/events';
import { Card, CardTitle } from '@client/components/ui/card';
import { GettingIn } from '@client/components/ui/getting-in';
import { Page } from '@client/components/ui/page';
import { Spinner } from '@client/components/ui/spinner';
import { useDocumentTitle } from '@client/lib/document-title';
import { useEvent } from '@client/lib/queries/events';
import type { CancelResult } from '../api/tickets';
import { useNow } from '@client/lib/use-now';
import { eventBadge } from '../lib/format';
import { AroundLinks } from './around-links';
import { BookingCard } from './booking-card';
import { ParticipantsCard } from './participants-card';
import { EventLoadError } from './event-load-error';
import { TicketCard } from './ticket-card';
import { BringAFriendCard } from './event-detail/bring-a-friend-card';
import { CancelledNotice } from './event-detail/cancelled-notice';
import { EventFacts } from './event-detail/event-facts';
import { EventHeader } from './event-detail/event-header';
import { HostToolsCard } from './event-detail/host-tools-card';
import { PaymentSuccessBanner } from './event-detail/payment-success-banner';
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
  const facts = <EventFacts event={event} badge={badge} running={running} liveFirst={liveFirst} />;
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
        <HostToolsCard event={event} over={over} />
      ) : (
        <BookingCard event={event} userId={userId} pauseNotice={fill(bookingPauseSlot, event)} />
      )}
      {friend != null && <div className="mt-5">{friend}</div>}
    </div>
  );
  // One key wherever it stands: when round 1 starts and it moves up, React moves it rather than mounting
  // it afresh, so a room's phones ask nothing again at the bell (docs/decisions/0144).
  const liveParts = (
    <Fragment key="live-parts">
      {live != null && <div className="lg:col-start-1">{live}</div>}
      {rating != null && <div className="lg:col-start-1">{rating}</div>}
    </Fragment>
  );

  return (
    <Page wide>
      {/* The header's Back button (route handle) goes to /events. */}
      {event.viewer.registered && !cancelled && <PaymentSuccessBanner />}
      {cancelled && <CancelledNotice cancelled={cancelled} noticeRef={noticeRef} setCancelled={setCancelled} />}

      <div className="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-8 lg:gap-y-6">
        <EventHeader event={event} badge={badge} happening={happening} liveFirst={liveFirst} facts={facts} />

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

        {!over && badge !== 'Past' && <BringAFriendCard event={event} />}

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
