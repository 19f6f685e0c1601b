import { zodResolver } from '@hookform/resolvers/zod';
import { MapPinned } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { ARRIVAL_RADIUS_M } from '@shared/domain/arrival';
import type { Venue } from '@shared/schemas/venues';
import { Button } from '@client/components/ui/button';
import { ApiError, messageOf } from '@client/lib/api';
import { useSetVenueLocation } from '../api/venues';
import { CoordinateFields } from './coordinate-fields';
import { bothOrNeither, coordinatesFields, coordinateText } from '../lib/coordinates';

const locationForm = z.object(coordinatesFields).superRefine(bothOrNeither);

/**
 * A venue's entrance (latitude, longitude): shown on its card, and set or changed there by those who
 * may edit the venue, so venues added before coordinates existed get them too.
 */
export function VenueLocation({ venue }: { venue: Venue }) {
  const [editing, setEditing] = useState(false);
  const formId = useId();
  const hintId = useId();
  const set = useSetVenueLocation();
  const has = venue.latitude !== null && venue.longitude !== null;
  const defaults = { latitude: coordinateText(venue.latitude), longitude: coordinateText(venue.longitude) };
  const form = useForm({ resolver: zodResolver(locationForm), defaultValues: defaults });
  const { errors, isSubmitting } = form.formState;
  const latitude = form.register('latitude');

  const submit = form.handleSubmit(async (values) => {
    try {
      const v = await set.mutateAsync({ id: venue.id, latitude: values.latitude, longitude: values.longitude });
      toast.success(v.latitude === null ? `${v.name} has no entrance location` : `Entrance of ${v.name} saved`, {
        description:
          v.latitude === null ? 'Guests check in at the door or from an hour before.' : `Guests within ${ARRIVAL_RADIUS_M} m of it can check themselves in.`,
      });
      form.reset({ latitude: coordinateText(v.latitude), longitude: coordinateText(v.longitude) });
      setEditing(false);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        for (const [path, message] of Object.entries(err.fieldErrors))
          if (path === 'latitude' || path === 'longitude') form.setError(path, { type: 'server', message });
      }
      toast.error('Could not save the location', { description: messageOf(err, 'Please try again.') });
    }
  });

  return (
    <div className="mt-1 pl-6 text-sm">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted">
        <span>
          {has ? (
            <>
              Entrance:{' '}
              <span className="font-mono text-ink">
                {coordinateText(venue.latitude)}, {coordinateText(venue.longitude)}
              </span>
            </>
          ) : (
            'No entrance location yet: arrival check-in needs one.'
          )}
        </span>
        {venue.canEdit && (
          <button
            type="button"
            aria-expanded={editing}
            aria-controls={formId}
            onClick={() => {
              form.reset(defaults);
              setEditing((e) => !e);
            }}
            className="inline-flex min-h-11 items-center gap-1 rounded-full px-2 font-semibold text-wine-800 underline-offset-2 hover:underline"
          >
            <MapPinned aria-hidden="true" className="size-4" />
            {has ? 'Change location' : 'Set location'}
            <span className="sr-only"> of {venue.name}</span>
          </button>
        )}
      </p>
      <div id={formId} hidden={!editing}>
        {editing && (
          <form
            onSubmit={submit}
            noValidate
            aria-label={`Entrance location of ${venue.name}`}
            aria-describedby={hintId}
            className="mt-2 space-y-3 rounded-2xl bg-cream p-4"
          >
            <p id={hintId} className="text-muted">
              Used for arrival check-in within {ARRIVAL_RADIUS_M} m of the door. Leave both empty to remove it.
            </p>
            <CoordinateFields
              latitude={latitude}
              longitude={form.register('longitude')}
              errors={errors}
              className="gap-3"
              onPair={(lat, lng) => {
                form.setValue('latitude', lat, { shouldDirty: true });
                form.setValue('longitude', lng, { shouldDirty: true });
              }}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" size="sm" disabled={isSubmitting}>
                {isSubmitting ? 'Saving…' : 'Save location'}
              </Button>
              <Button variant="ghost" size="sm" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </div>
          </form>
        )}
      </div>
    </div>
  );
}
