import { Check, Lock, Sparkles, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { NEW_VENUE_EXTRA_CAPACITY } from '@shared/schemas/create-event-form';
import type { Venue } from '@shared/schemas/venues';
import type { useVenues } from '@client/lib/queries/venues';
import { notYourVenue } from '../../lib/venue-pick';

/** What the typed venue is: another host's, inactive, one of the host's, or a new one to be added. */
export function VenueStatus({
  venues,
  known,
  typedSomething,
  maxParticipants,
}: {
  venues: ReturnType<typeof useVenues>;
  known: Venue | undefined;
  typedSomething: boolean;
  maxParticipants: number;
}) {
  return (
    <div aria-live="polite">
      {known && !known.canEdit ? (
        <p className="flex gap-2 rounded-2xl bg-apricot-100 px-4 py-3 text-sm text-wine-900">
          <Lock aria-hidden="true" className="size-5 shrink-0 text-apricot-700" />
          <span>{notYourVenue(known)}</span>
        </p>
      ) : known && !known.isActive ? (
        <p className="flex gap-2 rounded-2xl bg-apricot-100 px-4 py-3 text-sm text-wine-900">
          <TriangleAlert aria-hidden="true" className="size-5 shrink-0 text-apricot-700" />
          <span>
            {known.name} is inactive.{' '}
            <Link to="/venues" className="font-semibold underline underline-offset-4">
              Activate it on the venues page
            </Link>{' '}
            before scheduling an evening there.
          </span>
        </p>
      ) : known ? (
        <p className="flex gap-2 text-sm text-muted">
          <Check aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />
          <span>One of your venues: {known.name}.</span>
        </p>
      ) : typedSomething && venues.isSuccess ? (
        <p className="flex gap-2 text-sm text-muted">
          <Sparkles aria-hidden="true" className="size-5 shrink-0 text-apricot-700" />
          <span>
            A new venue: it will be added to your venues
            {Number.isFinite(maxParticipants) ? `, with room for ${maxParticipants + NEW_VENUE_EXTRA_CAPACITY}` : ''}, when you create the event.
          </span>
        </p>
      ) : null}
    </div>
  );
}
