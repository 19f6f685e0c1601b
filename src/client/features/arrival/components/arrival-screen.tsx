import { ARRIVAL_GEO_OPTIONS, isEveningDay } from '@shared/domain/arrival';
import type { Arrival } from '@shared/schemas/arrival';
import { EveningLoadError } from '@client/components/ui/evening-notices';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, messageOf } from '@client/lib/api';
import { useLiveSocket } from '@client/lib/live-socket';
import { useArrival, useArrivalCheckIn } from '../api/arrival';
import { useArrivalAnnouncement } from '../hooks/use-arrival-announcement';
import { positionOf, useArrivalTracking } from '../hooks/use-arrival-tracking';
import { useGeolocation } from '../hooks/use-geolocation';
import { useNow } from '@client/lib/use-now';
import { deniedMessage } from '../lib/arrival';
import { ArrivalSignIn, GuestsOnly } from './access-cards';
import { ArrivedPrompt, CheckedInCard, CheckInNow, EveningOver } from './check-in-cards';
import { LocationCard } from './location-card';
import { ArrivalTips, VenueCard } from './venue-card';

/**
 * The guest's smart arrival for one evening (docs/spec/organiser-tools.md §2.20-2.21): guests of
 * the event only (the server answers 401/403 to others). Once loaded the screen stays on what it
 * has, the ticket QR included, whatever later requests do: the network in a bar is not to be trusted.
 */
export function ArrivalScreen({ eventId, userId }: { eventId: number; userId: number }) {
  const arrival = useArrival(eventId);
  if (arrival.data) return <ArrivalView arrival={arrival.data} userId={userId} />;
  if (arrival.isPending) return <Spinner label="Loading your evening" />;
  const err = arrival.error;
  if (err instanceof ApiError && err.status === 401) return <ArrivalSignIn />;
  if (err instanceof ApiError && err.status === 403) return <GuestsOnly eventId={eventId} />;
  const notFound = err instanceof ApiError && (err.status === 404 || err.status === 400);
  return <EveningLoadError notFound={notFound} onRetry={() => void arrival.refetch()} />;
}

function ArrivalView({ arrival, userId }: { arrival: Arrival; userId: number }) {
  const eventId = arrival.event.id;
  const { venue, checkedIn } = arrival;
  const hasCoordinates = venue.latitude !== null && venue.longitude !== null;

  // A check-in by the host at the door arrives over the socket (checkins_updated refreshes this screen).
  useLiveSocket(eventId, userId, false);
  const geo = useGeolocation(ARRIVAL_GEO_OPTIONS, hasCoordinates);
  const { where, prompt, dismiss } = useArrivalTracking(arrival, geo);
  const checkIn = useArrivalCheckIn(eventId);
  const now = useNow(15_000);
  const selfOpen = now >= new Date(arrival.selfCheckInOpensAt).getTime();
  // Once the evening is over nobody can check in (the server refuses): say so instead of offering it.
  const over = now >= new Date(arrival.event.endsAt).getTime();
  // "Tonight" only on the evening's day (issue 22): not 12 days ahead.
  const tonight = isEveningDay(arrival.event, now);

  const announcement = useArrivalAnnouncement({
    permission: hasCoordinates ? geo.permission : 'checking',
    atVenue: where?.atVenue ?? null,
    prompt,
    checkedIn,
    distanceM: where?.distanceM ?? null,
    deniedText: deniedMessage(venue.name),
  });

  const refusal = checkIn.isError ? messageOf(checkIn.error, 'We could not check you in. Please try again, or show your ticket at the door.') : null;
  const submit = () => {
    const fix = geo.permission === 'granted' ? geo.fix : null;
    checkIn.mutate(fix ? { position: positionOf(fix) } : {});
  };
  const notYet = () => {
    checkIn.reset();
    dismiss();
  };

  return (
    <div className="space-y-5">
      <p role="status" aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </p>
      {checkedIn ? (
        <CheckedInCard eventId={eventId} venueName={venue.name} checkedInAt={arrival.checkedInAt} tonight={tonight} event={arrival.event} />
      ) : over ? (
        <EveningOver eventId={eventId} />
      ) : prompt ? (
        <ArrivedPrompt venueName={venue.name} pending={checkIn.isPending} error={refusal} onYes={submit} onNotYet={notYet} />
      ) : selfOpen ? (
        <CheckInNow pending={checkIn.isPending} error={refusal} onCheckIn={submit} />
      ) : null}
      <LocationCard geo={geo} where={where} venueName={venue.name} hasCoordinates={hasCoordinates} checkedIn={checkedIn} ticketCode={arrival.ticketCode} />
      <VenueCard arrival={arrival} />
      {tonight && <ArrivalTips />}
    </div>
  );
}
