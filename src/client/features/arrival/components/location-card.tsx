import { CircleCheck, Clock, LocateFixed, LocateOff, MapPin, MapPinCheck, MapPinOff, Navigation } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatDistance, MAX_POSITION_ACCURACY_M } from '@shared/domain/arrival';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { Spinner } from '@client/components/ui/spinner';
import type { Geolocation } from '../hooks/use-geolocation';
import type { Whereabouts } from '../hooks/use-arrival-tracking';
import { deniedMessage } from '../lib/arrival';
import { ManualCheckIn, TicketDisclosure } from './manual-check-in';

interface Props {
  geo: Geolocation;
  where: Whereabouts | null;
  venueName: string;
  hasCoordinates: boolean;
  checkedIn: boolean;
  ticketCode: string;
}

/**
 * The location part of the arrival screen (docs/spec/organiser-tools.md §2.20-2.21), by location
 * state: pending (Enable Location Tracking), denied (the manual check-in guide and the ticket
 * QR), granted (Venue Detection: At Venue / En Route, distance, check-in status).
 */
export function LocationCard({ geo, where, venueName, hasCoordinates, checkedIn, ticketCode }: Props) {
  if (!hasCoordinates) {
    return (
      <GuideCard icon={MapPinOff} title="Check in at the door">
        <p>We can't detect arrivals at {venueName} automatically. You can still check in manually when you arrive.</p>
        {!checkedIn && <ManualCheckIn ticketCode={ticketCode} />}
      </GuideCard>
    );
  }
  switch (geo.permission) {
    case 'checking':
      return (
        <Card>
          <Spinner label="Checking location permission" />
        </Card>
      );
    case 'unsupported':
      return checkedIn ? null : (
        <GuideCard icon={LocateOff} title="Manual check-in">
          <p>This browser can't share your location. You can still check in manually when you arrive at {venueName}.</p>
          <ManualCheckIn ticketCode={ticketCode} />
        </GuideCard>
      );
    case 'denied':
      return checkedIn ? null : (
        <GuideCard icon={LocateOff} title="Manual check-in">
          <p className="rounded-2xl bg-apricot-100 p-3 font-medium text-wine-900">{deniedMessage(venueName)}</p>
          <ManualCheckIn ticketCode={ticketCode} />
          <p className="text-sm">To have your arrival detected next time, allow location for this site in your browser settings and reload the page.</p>
        </GuideCard>
      );
    case 'pending':
      return checkedIn ? null : <EnableLocation geo={geo} venueName={venueName} ticketCode={ticketCode} />;
    case 'granted':
      return <VenueDetection where={where} checkedIn={checkedIn} ticketCode={ticketCode} />;
  }
}

function GuideCard({ icon: Icon, title, children }: { icon: typeof MapPin; title: string; children: ReactNode }) {
  return (
    <Card>
      <section aria-labelledby="location-title" className="space-y-4 text-muted">
        <h2 id="location-title" className="flex items-center gap-2 text-2xl font-bold text-wine-900">
          <Icon aria-hidden="true" className="size-7 text-wine-700" />
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

function EnableLocation({ geo, venueName, ticketCode }: { geo: Geolocation; venueName: string; ticketCode: string }) {
  return (
    <Card>
      <section aria-labelledby="location-title" className="space-y-4">
        <div className="text-center">
          <span className="mx-auto mb-3 flex size-16 items-center justify-center rounded-full bg-apricot-100">
            <MapPin aria-hidden="true" className="size-8 text-wine-700" />
          </span>
          <h2 id="location-title" className="text-2xl font-bold text-wine-900">
            Let us spot your arrival
          </h2>
          <p className="mt-2 text-muted">Turn on location tracking and we'll tell you the moment you reach {venueName}, so checking in takes one tap.</p>
        </div>
        <Button size="lg" block onClick={geo.enable} disabled={geo.asking}>
          <LocateFixed aria-hidden="true" className="size-6" />
          {geo.asking ? 'Waiting for your answer…' : 'Enable Location Tracking'}
        </Button>
        {geo.asking && <p className="text-center font-medium text-wine-900">Choose “Allow” when your browser asks to use your location.</p>}
        <p className="text-center text-sm text-muted">Your host sees how far away you are until you check in. Tracking stops when you leave this page.</p>
        <TicketDisclosure ticketCode={ticketCode} />
      </section>
    </Card>
  );
}

function VenueDetection({ where, checkedIn, ticketCode }: { where: Whereabouts | null; checkedIn: boolean; ticketCode: string }) {
  const imprecise = where !== null && where.accuracyM > MAX_POSITION_ACCURACY_M;
  return (
    <Card>
      <section aria-labelledby="location-title" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="location-title" className="text-2xl font-bold text-wine-900">
            Venue Detection
          </h2>
          {where && <VenueBadge atVenue={where.atVenue} />}
        </div>
        {where ? (
          <dl className="grid grid-cols-2 gap-3">
            <div className="rounded-2xl bg-wine-50 p-4">
              <dt className="text-sm font-medium text-muted">Distance to venue</dt>
              <dd className="mt-1 text-3xl font-bold text-wine-900 tabular-nums">{formatDistance(where.distanceM)}</dd>
            </div>
            <div className="rounded-2xl bg-wine-50 p-4">
              <dt className="text-sm font-medium text-muted">Check-in status</dt>
              <dd className="mt-2">
                <CheckInStatus checkedIn={checkedIn} />
              </dd>
            </div>
          </dl>
        ) : (
          <div className="space-y-3">
            <Spinner label="Finding your location" />
            <p className="text-center">
              <span className="text-muted">Check-in status: </span>
              <CheckInStatus checkedIn={checkedIn} />
            </p>
          </div>
        )}
        {imprecise && (
          <p className="rounded-2xl bg-apricot-100 p-3 text-wine-900">
            Your location is only accurate to about {formatDistance(where.accuracyM)}. Step outside or near a window, or show your ticket at the door.
          </p>
        )}
        {!checkedIn && (
          <>
            <p className="text-sm text-muted">Location tracking is on. Your host sees how far away you are until you check in.</p>
            <TicketDisclosure ticketCode={ticketCode} />
          </>
        )}
      </section>
    </Card>
  );
}

/** At Venue (green, a pin with a tick) or En Route (amber, an arrow): colour and words, never colour alone. */
function VenueBadge({ atVenue }: { atVenue: boolean }) {
  const Icon = atVenue ? MapPinCheck : Navigation;
  return (
    <span
      className={cn(
        'inline-flex min-h-10 items-center gap-2 rounded-full px-4 text-base font-bold',
        atVenue ? 'bg-emerald-100 text-emerald-800 ring-2 ring-emerald-600' : 'bg-apricot-100 text-apricot-700 ring-2 ring-apricot-300',
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
      {atVenue ? 'At Venue' : 'En Route'}
    </span>
  );
}

function CheckInStatus({ checkedIn }: { checkedIn: boolean }) {
  return checkedIn ? (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-100 px-3 py-1 font-bold text-emerald-800">
      <CircleCheck aria-hidden="true" className="size-5" />
      Checked In
    </span>
  ) : (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-stone-200 px-3 py-1 font-bold text-stone-700">
      <Clock aria-hidden="true" className="size-5" />
      Pending
    </span>
  );
}
