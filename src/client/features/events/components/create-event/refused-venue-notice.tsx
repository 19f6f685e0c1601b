import { Lock } from 'lucide-react';
import { Link } from 'react-router';
import type { Venue } from '@shared/schemas/venues';
import { notYourVenue } from '../../lib/venue-pick';

/** ?venue={id} named another host's venue: it is not filled in, and this says why (issue 34). */
export function RefusedVenueNotice({ refusedVenue }: { refusedVenue: Venue }) {
  return (
    <div className="flex gap-3 rounded-3xl border-2 border-apricot-300 bg-apricot-100 p-5 text-wine-900">
      <Lock aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-apricot-700" />
      <div className="space-y-2">
        <h2 className="text-lg font-semibold">You can’t book {refusedVenue.name}</h2>
        <p>{notYourVenue(refusedVenue)}</p>
        <p>
          Pick one of your own venues below, or type a new one.{' '}
          <Link to="/venues" className="font-semibold underline underline-offset-4">
            See your venues
          </Link>
        </p>
      </div>
    </div>
  );
}
