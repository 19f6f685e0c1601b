import type { FieldErrors } from 'react-hook-form';
import type { CreateEventFormInput } from '@shared/schemas/create-event-form';
import type { Venue } from '@shared/schemas/venues';
import { TextField } from '@client/components/ui/field';
import type { useVenues } from '@client/lib/queries/venues';
import { Section, type CreateEventFormApi } from './section';
import { VenueQuickPick } from './venue-quick-pick';
import { VenueStatus } from './venue-status';

export function VenueSection({
  form,
  errors,
  venues,
  presets,
  known,
  fillVenue,
  typedSomething,
  maxParticipants,
}: {
  form: CreateEventFormApi;
  errors: FieldErrors<CreateEventFormInput>;
  venues: ReturnType<typeof useVenues>;
  presets: Venue[];
  known: Venue | undefined;
  fillVenue: (v: Venue) => void;
  typedSomething: boolean;
  maxParticipants: number;
}) {
  return (
    <Section title="Venue" step={2}>
      <VenueQuickPick venues={venues} presets={presets} known={known} fillVenue={fillVenue} />

      <div className="space-y-4 border-t border-wine-100 pt-5">
        <TextField label="Venue name" autoComplete="off" error={errors.venueName?.message} {...form.register('venueName')} />
        <TextField label="Venue address" autoComplete="off" error={errors.venueAddress?.message} {...form.register('venueAddress')} />
        <TextField label="City" autoComplete="off" className="sm:max-w-xs" error={errors.venueCity?.message} {...form.register('venueCity')} />
      </div>

      <VenueStatus venues={venues} known={known} typedSomething={typedSomething} maxParticipants={maxParticipants} />
    </Section>
  );
}
