import { ExternalLink, MapPin } from 'lucide-react';
import type { VenuePlace } from '@shared/schemas/events';
import { addressLine, mapLink } from '@shared/domain/public-evening';
import { Fact } from './fact';

/**
 * The evening's venue: its name, street address and a map link (OpenStreetMap, a plain link: no map
 * script or frame on our page). The public page and the member's own page both say where to go (issue 34).
 */
export function VenueFact({ name, place }: { name: string; place: VenuePlace | null | undefined }) {
  const address = place ? addressLine(place) : '';
  return (
    <Fact icon={<MapPin aria-hidden="true" className="size-5" />} label="Venue">
      <span className="block">{name}</span>
      {address && <span className="block font-normal text-ink">{address}</span>}
      {place && (
        <a
          href={mapLink({ name, ...place })}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-1 inline-flex min-h-11 items-center gap-1 font-semibold text-wine-700 underline underline-offset-4"
        >
          Open in map
          <ExternalLink aria-hidden="true" className="size-4" />
          <span className="sr-only"> (OpenStreetMap, opens in a new tab)</span>
        </a>
      )}
    </Fact>
  );
}
