import { LoadError } from '@client/components/ui/load-error';
import * as Tabs from '@radix-ui/react-tabs';
import { TAB_PANEL, TabBar } from '@client/components/ui/tab-bar';
import { CalendarDays, CalendarSync, ListChecks, Radio } from 'lucide-react';
import { useId, useState, type ComponentType } from 'react';
import { Link } from 'react-router';
import type { Venue } from '@shared/schemas/venues';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { messageOf } from '@client/lib/api';
import { useVenues } from '@client/lib/queries/venues';
import { AvailabilityCalendar } from './availability-calendar';
import { Integrations } from './integrations';
import { LiveBookings } from './live-bookings';
import { ManageAvailability } from './manage-availability';

type Tab = 'calendar' | 'integrations' | 'manage' | 'live';
const TABS: { value: Tab; label: string; icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }> }[] = [
  { value: 'calendar', label: 'Calendar', icon: CalendarDays },
  { value: 'integrations', label: 'Integrations', icon: CalendarSync },
  { value: 'manage', label: 'Manage Availability', icon: ListChecks },
  { value: 'live', label: 'Live Bookings', icon: Radio },
];

/** /calendar (docs/spec/organiser-tools.md §2.28): one venue's availability in four tabs. */
export function CalendarScreen({ initialVenueId }: { initialVenueId: number | null }) {
  const venues = useVenues();

  if (venues.isPending) return <Spinner label="Loading venues" />;
  if (venues.isError)
    return (
      <LoadError
        title="We couldn't load your venues"
        message={messageOf(venues.error, 'Check your connection and try again.')}
        onRetry={() => void venues.refetch()}
      />
    );
  if (venues.data.length === 0)
    return (
      <Card className="text-center">
        <p className="text-lg font-semibold text-wine-900">No venues yet</p>
        <p className="mt-1 text-muted">Add a venue first, then manage its availability here.</p>
        <Button asChild className="mt-4">
          <Link to="/venues">Go to venues</Link>
        </Button>
      </Card>
    );

  return <VenueCalendar venues={venues.data} initialVenueId={initialVenueId} />;
}

function VenueCalendar({ venues, initialVenueId }: { venues: Venue[]; initialVenueId: number | null }) {
  // Without ?venue: the active venue with the most upcoming evenings.
  const [picked, setPicked] = useState<number>(
    () =>
      venues.find((v) => v.id === initialVenueId)?.id ??
      [...venues].sort((a, b) => Number(b.isActive) - Number(a.isActive) || b.activeEventCount - a.activeEventCount)[0]!.id,
  );
  const [tab, setTab] = useState<Tab>('calendar');
  const pickerId = useId();
  const venue = venues.find((v) => v.id === picked) ?? venues[0]!;

  return (
    <div className="space-y-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="space-y-1.5 sm:w-96">
          <label htmlFor={pickerId} className="block text-sm font-semibold text-wine-900">
            Venue
          </label>
          <select
            id={pickerId}
            value={venue.id}
            onChange={(e) => setPicked(Number(e.target.value))}
            className="block min-h-12 w-full rounded-2xl border-2 border-wine-100 bg-white px-4 py-3 text-base text-ink focus:border-wine-500 focus:outline-none"
          >
            {venues.map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}, {v.city}
                {v.isActive ? '' : ' (inactive)'}
              </option>
            ))}
          </select>
        </div>
        <p className="text-sm text-muted sm:text-right">
          {venue.address ? `${venue.address}, ` : ''}
          {venue.city} · capacity {venue.capacity}
          {venue.isActive ? '' : ' · inactive'}
        </p>
      </div>

      <Tabs.Root value={tab} onValueChange={(v) => setTab(v as Tab)}>
        <TabBar label="Calendar sections" tabs={TABS} columns="grid-cols-2 sm:grid-cols-4" />
        <Tabs.Content value="calendar" className={TAB_PANEL}>
          <AvailabilityCalendar key={venue.id} venueId={venue.id} />
        </Tabs.Content>
        <Tabs.Content value="integrations" className={TAB_PANEL}>
          <Integrations venue={venue} />
        </Tabs.Content>
        <Tabs.Content value="manage" className={TAB_PANEL}>
          <ManageAvailability key={venue.id} venueId={venue.id} venueName={venue.name} canEdit={venue.canEdit} />
        </Tabs.Content>
        <Tabs.Content value="live" className={TAB_PANEL}>
          <LiveBookings key={venue.id} venueId={venue.id} />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
