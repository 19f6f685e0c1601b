import { Check, MapPin } from 'lucide-react';
import { Link } from 'react-router';
import type { Venue } from '@shared/schemas/venues';
import { cn } from '@client/components/ui/cn';
import type { useVenues } from '@client/lib/queries/venues';

/** One-tap presets: the host's active venues; a tap fills the venue fields in. */
export function VenueQuickPick({
  venues,
  presets,
  known,
  fillVenue,
}: {
  venues: ReturnType<typeof useVenues>;
  presets: Venue[];
  known: Venue | undefined;
  fillVenue: (v: Venue) => void;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-wine-900">Quick pick</legend>
      {venues.isPending ? (
        <div className="grid gap-3 sm:grid-cols-2" aria-hidden="true">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="h-20 animate-pulse rounded-2xl bg-wine-50" />
          ))}
        </div>
      ) : venues.isError ? (
        <p className="text-muted">We couldn&apos;t load your venues. Type the venue below instead.</p>
      ) : presets.length === 0 ? (
        <p className="text-muted">
          You have no active venue yet. Type one below, or{' '}
          <Link to="/venues" className="font-semibold text-wine-800 underline underline-offset-4">
            add venues
          </Link>
          .
        </p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          {presets.map((v) => {
            const on = known?.id === v.id;
            return (
              <button
                key={v.id}
                type="button"
                aria-pressed={on}
                onClick={() => fillVenue(v)}
                className={cn(
                  'flex min-h-20 items-start gap-3 rounded-2xl border-2 p-4 text-left transition-colors',
                  on ? 'border-wine-700 bg-wine-50' : 'border-wine-100 bg-white hover:border-wine-300 hover:bg-wine-50',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn(
                    'mt-0.5 inline-flex size-7 shrink-0 items-center justify-center rounded-full',
                    on ? 'bg-wine-700 text-white' : 'bg-apricot-100 text-wine-700',
                  )}
                >
                  {on ? <Check className="size-4" /> : <MapPin className="size-4" />}
                </span>
                <span className="min-w-0">
                  <span className="block font-semibold text-wine-900">{v.name}</span>
                  <span className="block text-sm text-muted">
                    {v.address ? `${v.address}, ` : ''}
                    {v.city}
                  </span>
                </span>
              </button>
            );
          })}
        </div>
      )}
    </fieldset>
  );
}
