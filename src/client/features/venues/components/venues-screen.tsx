import { LoadError } from '@client/components/ui/load-error';
import { Building, CalendarCheck, MapPinned, Users } from 'lucide-react';
import { Card } from '@client/components/ui/card';
import { Spinner } from '@client/components/ui/spinner';
import { messageOf } from '@client/lib/api';
import { useVenues } from '@client/lib/queries/venues';
import { AddVenueForm } from './add-venue-form';
import { StatTile } from './stat-tile';
import { VenueCard } from './venue-card';

/**
 * /venues (docs/spec/organiser-tools.md §2.9): summary cards, Add New Venue, and a card per venue.
 * "Your venues" and the summary are the venues the host runs (owner or co-host: `canEdit`), the
 * only ones they may book (docs/decisions/0012); the others are listed apart, booked through their
 * owners, without Schedule Event (issue 34, docs/decisions/0073).
 */
export function VenuesScreen() {
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

  const all = venues.data.filter((v) => v.canEdit);
  const others = venues.data.filter((v) => !v.canEdit && v.isActive);
  const active = all.filter((v) => v.isActive);
  const liveEvents = all.reduce((n, v) => n + v.activeEventCount, 0);
  const capacity = active.reduce((n, v) => n + v.capacity, 0);
  const cities = new Set(all.map((v) => v.city.trim().toLocaleLowerCase('en-GB'))).size;

  return (
    <div className="space-y-6">
      <section aria-label="Summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatTile icon={Building} label="Active venues" value={active.length} note={`of ${all.length} in total`} />
        <StatTile icon={CalendarCheck} label="Live events" value={liveEvents} note="upcoming or running" />
        <StatTile icon={Users} label="Total capacity" value={capacity.toLocaleString('en-GB')} note="across active venues" />
        <StatTile icon={MapPinned} label="Cities" value={cities} note={cities === 1 ? 'one town so far' : 'towns and cities'} />
      </section>

      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="lg:sticky lg:top-20 lg:col-start-3 lg:row-start-1">
          <AddVenueForm />
        </div>
        <section aria-labelledby="venues-list-title" className="lg:col-span-2 lg:row-start-1">
          <h2 id="venues-list-title" className="mb-3 text-2xl font-semibold text-wine-900">
            Your venues <span className="font-sans text-base font-normal text-muted">({all.length})</span>
          </h2>
          {all.length === 0 ? (
            <Card className="text-center text-muted">No venues yet. Add your first one to start scheduling evenings.</Card>
          ) : (
            <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-1">
              {all.map((v) => (
                <VenueCard key={v.id} venue={v} />
              ))}
            </div>
          )}
          {others.length > 0 && (
            <section aria-labelledby="others-venues-title" className="mt-8">
              <h2 id="others-venues-title" className="text-2xl font-semibold text-wine-900">
                Other hosts’ venues <span className="font-sans text-base font-normal text-muted">({others.length})</span>
              </h2>
              <p className="mt-1 mb-3 text-muted">
                Run by other hosts and booked through them: only a venue’s owner, its co-hosts and admins can schedule evenings there. Ask its owner to add you
                as a co-host.
              </p>
              <div className="grid gap-4 md:grid-cols-2 lg:grid-cols-1">
                {others.map((v) => (
                  <VenueCard key={v.id} venue={v} />
                ))}
              </div>
            </section>
          )}
        </section>
      </div>
    </div>
  );
}
