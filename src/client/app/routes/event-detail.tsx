import { lazy, Suspense, useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { KeptWrites } from '@client/components/ui/kept-writes';
import { OfflineBanner } from '@client/components/ui/offline-banner';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { EventDetailScreen } from '@client/features/events/components/event-detail-screen';
import { MatchesCard } from '@client/features/matching/components/matches-list';
import { useMyNoShows } from '@client/features/no-shows/api/no-shows';
import { BookingPauseNotice } from '@client/features/no-shows/components/booking-pause-notice';
import { RatingStats } from '@client/features/matching/components/rating-stats';
import type { EveningView } from '@client/features/live/components/evening-watch';
import { countEveningVisit } from '@client/lib/evening-visit';
import { readyFormatsAhead } from '@client/lib/format';
import { useEvent } from '@client/lib/queries/events';
import { forgetUser } from '@client/lib/session';

/**
 * The parts of the live evening load only when the page shows them (most visits are before or
 * after the evening, when none is shown): the timer and whom to talk to for a checked-in guest or a
 * host, the rating card while the evening runs. The live socket and the narration (EveningWatch)
 * load just after the first paint: the page shows the evening meanwhile, with the stage its clock gives.
 */
const EveningWatch = lazy(() => import('@client/features/live/components/evening-watch').then((m) => ({ default: m.EveningWatch })));
const LiveTimer = lazy(() => import('@client/features/live/components/live-timer').then((m) => ({ default: m.LiveTimer })));
const MyRoundCard = lazy(() => import('@client/features/live/components/my-round-card').then((m) => ({ default: m.MyRoundCard })));
/** The pair's question under whom to talk to (docs/decisions/0081). */
const RoundQuestion = lazy(() => import('@client/features/conversation-guide/components/round-question').then((m) => ({ default: m.RoundQuestion })));
/** A seat for a friend (docs/decisions/0075): under the ticket, or under the booking while two places can be booked. */
const FriendSeatsCard = lazy(() => import('@client/features/friend-seats').then((m) => ({ default: m.FriendSeatsCard })));
const BringAFriendLink = lazy(() => import('@client/features/friend-seats').then((m) => ({ default: m.BringAFriendLink })));
/** What would help the guest on the night, for the evening's hosts (docs/decisions/0086): from booking until the evening ends. */
const AccessNeedsCard = lazy(() => import('@client/features/access-needs').then((m) => ({ default: m.AccessNeedsCard })));
const RatingCard = lazy(() => import('@client/features/matching/components/rating-card').then((m) => ({ default: m.RatingCard })));

/**
 * The member's /events/{id} (a visitor gets ./public-evening.tsx, app/router.tsx): the event (features/events) with the live evening composed in: the shared
 * timer (host controls with ?admin=true, honoured only for a host of the event), whom to talk
 * to, the rating card and stats once checked in, and the matches once the evening is over.
 */
export function Component() {
  const me = useMe();
  const { id } = useParams();
  const [params] = useSearchParams();
  const eventId = Number(id);
  const valid = Number.isInteger(eventId) && eventId > 0;
  const hostWish = params.get('admin') === 'true';
  // The event loads at once, alongside the session check (docs/decisions/0032). The server takes the
  // live socket only from a registered guest or a host of the evening (anyone else is refused, and
  // the socket would retry in a loop): open it once the event says the viewer is one.
  const viewer = useEvent(valid ? eventId : null).data?.viewer;
  const mayWatch = !!viewer && (viewer.registered || viewer.isHost);
  // Paused after no-shows: the booking card says why and until when instead of offering what would be refused (docs/decisions/0076).
  const pause = useMyNoShows(!!me.data && !!viewer && !viewer.registered && !viewer.isHost).data?.pause ?? null;
  const [view, setView] = useState<EveningView | null>(null);
  // The page shows dates: the browser's date data loads while the session and the event are on their way (as RequireSignIn).
  // A local sign-in the server no longer knows is forgotten: the router then shows the visitor's page.
  useEffect(readyFormatsAhead, []);
  // A member's visit counts for the host's report as a visitor's does (the server leaves out the host and booked guests, docs/decisions/0084).
  useEffect(() => {
    if (valid) countEveningVisit(eventId);
  }, [valid, eventId]);
  const staleSignIn = me.isSuccess && me.data === null;
  useEffect(() => {
    if (staleSignIn) forgetUser();
  }, [staleSignIn]);
  if (!me.data) return <Spinner />;
  const uid = me.data.id;
  const live = view?.eventId === eventId ? view : null;
  const round = live?.round ?? null;
  const liveStage = live?.stage ?? 'before';
  // Over by the event (reloaded) or by the room's clock (the socket said so before the event was read
  // again): the matches replace the live card, so a phone back online never says the matches are still to come (issue 32).
  const over = (event: { status: string }) => event.status === 'completed' || liveStage === 'over';
  return (
    <>
      <Suspense fallback={null}>
        <EveningWatch eventId={valid ? eventId : null} userId={uid} isHost={hostWish} mayWatch={mayWatch} onView={setView} />
      </Suspense>
      <EventDetailScreen
        key={eventId}
        eventId={valid ? eventId : 0}
        userId={uid}
        liveStage={liveStage}
        liveSlot={(event) =>
          !over(event) && (event.viewer.checkedIn || event.viewer.isHost) ? (
            <Suspense fallback={<Spinner label="Loading the live evening" />}>
              <div className="space-y-4">
                <OfflineBanner />
                <LiveTimer eventId={event.id} userId={uid} isHost={hostWish} />
                {event.viewer.checkedIn && <MyRoundCard eventId={event.id} userId={uid} guide={(r) => <RoundQuestion eventId={event.id} round={r.round} />} />}
              </div>
            </Suspense>
          ) : null
        }
        ratingSlot={(event) =>
          event.viewer.checkedIn ? (
            <div className="space-y-4">
              {/* What this phone keeps until the connection returns, or what the server refused on return (docs/decisions/0051). */}
              <KeptWrites userId={uid} eventId={event.id} />
              {/* The partner to rate first; the running totals below it. */}
              {event.status !== 'completed' && (
                <Suspense fallback={<Spinner label="Loading the rating card" />}>
                  <RatingCard eventId={event.id} userId={uid} round={round} />
                </Suspense>
              )}
              <RatingStats eventId={event.id} userId={uid} />
            </div>
          ) : null
        }
        friendSlot={(event) =>
          event.viewer.registered ? (
            <Suspense fallback={null}>
              {!over(event) && new Date(event.endsAt).getTime() > Date.now() && <AccessNeedsCard eventId={event.id} />}
              <FriendSeatsCard event={event} />
            </Suspense>
          ) : event.status === 'upcoming' &&
            event.viewer.inAgeRange !== false &&
            new Date(event.date).getTime() > Date.now() &&
            // Paused after no-shows: no free evening for two, and no waitlist for two (docs/decisions/0076).
            !(pause && (event.price <= 0 || event.spotsLeft < 2)) ? (
            <Suspense fallback={null}>
              <BringAFriendLink event={event} />
            </Suspense>
          ) : null
        }
        matchesSlot={(event) => (over(event) && event.viewer.registered ? <MatchesCard eventId={event.id} userId={uid} eventTitle={event.title} /> : null)}
        bookingPauseSlot={pause ? <BookingPauseNotice pause={pause} /> : null}
      />
    </>
  );
}
