import { CalendarClock, CalendarPlus, ChevronDown, Lock, UserCog, MapPin, Power, PowerOff, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { Venue } from '@shared/schemas/venues';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/components/ui/cn';
import { messageOf } from '@client/lib/api';
import { formatDate, formatMoney } from '@client/lib/format';
import { useSetVenueActive, useVenueEvents } from '../api/venues';
import { readableNextEvent } from '@client/lib/dates';
import { amenityLabel, type Amenity } from '../lib/venues';
import { AMENITY_ICONS } from './add-venue-form';
import { VenueAccessBlock } from './venue-access-form';
import { VenueHosts } from './venue-hosts';
import { VenueLocation } from './venue-location';

/** One venue: its details, Activate/Deactivate, View Events (expands) and Schedule Event. */
export function VenueCard({ venue }: { venue: Venue }) {
  const [showEvents, setShowEvents] = useState(false);
  const [showHosts, setShowHosts] = useState(false);
  const hostsId = useId();
  const toggle = useSetVenueActive();
  const eventsId = useId();
  const titleId = useId();

  const setActive = () =>
    toggle.mutate(
      { id: venue.id, isActive: !venue.isActive },
      {
        onSuccess: (v) =>
          toast.success(v.isActive ? `${v.name} is active` : `${v.name} is inactive`, {
            description: v.isActive ? 'You can schedule evenings there again.' : 'No new evenings can be scheduled there.',
          }),
        onError: (err) => toast.error('Could not change the venue', { description: messageOf(err, 'Please try again.') }),
      },
    );

  return (
    <article
      aria-labelledby={titleId}
      className={cn('flex flex-col rounded-3xl border bg-white p-5 shadow-sm', venue.isActive ? 'border-wine-100' : 'border-stone-200 bg-stone-50')}
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="text-xl font-semibold break-words text-wine-900">
            {venue.name}
          </h3>
          <p className="mt-1 flex items-start gap-1.5 text-muted">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              {venue.address ? `${venue.address}, ` : ''}
              {venue.city}
            </span>
          </p>
        </div>
        <Badge tone={venue.isActive ? 'green' : 'grey'} className="shrink-0">
          {venue.isActive ? 'Active' : 'Inactive'}
        </Badge>
      </div>

      <dl className="mt-4 grid grid-cols-3 gap-2 text-center">
        <div className="rounded-2xl bg-cream px-2 py-2.5">
          <dt className="text-xs font-semibold text-muted">Capacity</dt>
          <dd className="font-display text-xl font-bold text-wine-800">{venue.capacity}</dd>
        </div>
        <div className="rounded-2xl bg-cream px-2 py-2.5">
          <dt className="text-xs font-semibold text-muted">Per hour</dt>
          <dd className="font-display text-xl font-bold text-wine-800">{formatMoney(venue.pricePerHour, { wholePounds: true })}</dd>
        </div>
        <div className="rounded-2xl bg-cream px-2 py-2.5">
          <dt className="text-xs font-semibold text-muted">Live events</dt>
          <dd className="font-display text-xl font-bold text-wine-800">{venue.activeEventCount}</dd>
        </div>
      </dl>

      <p className="mt-3 flex items-start gap-2 text-sm">
        <CalendarClock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-wine-700" />
        <span>
          <span className="font-semibold text-wine-900">Next event: </span>
          <span className="text-muted">{readableNextEvent(venue.nextEvent)}</span>
        </span>
      </p>
      {venue.contactInfo && <p className="mt-1 pl-6 text-sm text-muted">Contact: {venue.contactInfo}</p>}
      <VenueLocation venue={venue} />

      {venue.amenities.length > 0 && (
        <ul aria-label="Amenities" className="mt-3 flex flex-wrap gap-1.5">
          {venue.amenities.map((a) => {
            const Icon = AMENITY_ICONS[a as Amenity];
            return (
              <li key={a} className="inline-flex items-center gap-1.5 rounded-full bg-apricot-100 px-3 py-1 text-sm font-medium text-wine-900">
                {Icon && <Icon aria-hidden={true} className="size-3.5" />}
                {amenityLabel(a)}
              </li>
            );
          })}
        </ul>
      )}

      {/* How to get in (docs/decisions/0077): shown to every host, told by those who may edit the venue. */}
      <VenueAccessBlock venue={venue} />

      {!venue.canEdit && <BookedThroughOwner venue={venue} />}

      <div
        className={cn(
          'mt-auto grid grid-cols-2 gap-2 pt-5',
          !venue.canEdit ? 'grid-cols-1 sm:max-w-xs' : venue.canManageHosts ? '' : 'lg:grid-cols-3',
          '[&_a]:whitespace-nowrap [&_button]:whitespace-nowrap [&_button]:px-3 [&_svg]:shrink-0',
        )}
      >
        {/* Only the venue's owner, its co-hosts and admins may change it (the server says so in canEdit). */}
        {venue.canEdit && (
          <Button variant={venue.isActive ? 'outline' : 'secondary'} size="sm" onClick={setActive} disabled={toggle.isPending}>
            {venue.isActive ? <PowerOff aria-hidden="true" className="size-4" /> : <Power aria-hidden="true" className="size-4" />}
            {venue.isActive ? 'Deactivate' : 'Activate'}
            <span className="sr-only"> {venue.name}</span>
          </Button>
        )}
        <Button variant="outline" size="sm" aria-expanded={showEvents} aria-controls={eventsId} onClick={() => setShowEvents((s) => !s)}>
          <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', showEvents && 'rotate-180')} />
          View Events
          <span className="sr-only"> at {venue.name}</span>
        </Button>
        {venue.canManageHosts && (
          <Button variant="outline" size="sm" aria-expanded={showHosts} aria-controls={hostsId} onClick={() => setShowHosts((s) => !s)}>
            <UserCog aria-hidden="true" className="size-4" />
            Co-hosts
            <span className="sr-only"> of {venue.name}</span>
          </Button>
        )}
        {/* Booking is for the same people (docs/decisions/0012): another host's venue is booked through its owner. */}
        {venue.canEdit && (
          <Button asChild size="sm" className={cn('px-3', !venue.canManageHosts && 'col-span-2 lg:col-span-1')}>
            <Link to={`/create-event?venue=${venue.id}`}>
              <CalendarPlus aria-hidden="true" className="size-4" />
              Schedule Event
              <span className="sr-only"> at {venue.name}</span>
            </Link>
          </Button>
        )}
      </div>

      {venue.canManageHosts && (
        <div id={hostsId} hidden={!showHosts}>
          {showHosts && <VenueHosts venueId={venue.id} venueName={venue.name} />}
        </div>
      )}
      <div id={eventsId} hidden={!showEvents}>
        {showEvents && <VenueEvents venueId={venue.id} />}
      </div>
    </article>
  );
}

/**
 * Why another host's venue has no Schedule Event: only its owner, its co-hosts and admins book it
 * (docs/decisions/0012), and whom to ask.
 */
function BookedThroughOwner({ venue }: { venue: Venue }) {
  return (
    <p className="mt-4 flex gap-2 rounded-2xl bg-cream px-4 py-3 text-sm text-wine-900">
      <Lock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-wine-700" />
      {venue.ownerName ? (
        <span>
          <strong className="font-semibold">Booked through its owner, {venue.ownerName}.</strong> To hold an evening here, ask {venue.ownerName} to add you as a
          co-host.
        </span>
      ) : (
        <span>
          <strong className="font-semibold">Booked through an admin.</strong> Its owner has left, so only admins can book it.
        </span>
      )}
    </p>
  );
}

function VenueEvents({ venueId }: { venueId: number }) {
  const events = useVenueEvents(venueId, true);
  if (events.isPending) return <p className="mt-4 text-sm text-muted">Loading events…</p>;
  if (events.isError) return <p className="mt-4 text-sm text-red-700">{messageOf(events.error, "We couldn't load the events.")}</p>;
  if (events.data.length === 0) return <p className="mt-4 rounded-2xl bg-cream px-4 py-3 text-sm text-muted">No events at this venue yet.</p>;
  return (
    <ul className="mt-4 divide-y divide-wine-100 rounded-2xl border border-wine-100">
      {events.data.map((e) => (
        <li key={e.id}>
          <Link to={`/events/${e.id}`} className="flex min-h-14 items-center justify-between gap-3 px-4 py-2.5 hover:bg-wine-50">
            <span className="min-w-0">
              <span className="block font-semibold break-words text-wine-900">{e.title}</span>
              <span className="block text-sm text-muted">
                {formatDate(e.date, 'medium')} · {e.startTime}–{e.endTime}
                {e.status === 'completed' ? ' · Completed' : ''}
              </span>
            </span>
            <span className="inline-flex shrink-0 items-center gap-1 text-sm font-semibold text-wine-800">
              <Users aria-hidden="true" className="size-4" />
              {e.participantCount}/{e.maxParticipants}
              <span className="sr-only"> registered</span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
