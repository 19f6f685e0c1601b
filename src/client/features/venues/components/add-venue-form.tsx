import { zodResolver } from '@hookform/resolvers/zod';
import { Car, Check, Coffee, MapPin, Music, Plus, Trees, UtensilsCrossed, Wifi, Wine } from 'lucide-react';
import { useId, type ComponentType } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import { ARRIVAL_RADIUS_M } from '@shared/domain/arrival';
import { AMENITIES, venueBody } from '@shared/schemas/venues';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { TextField } from '@client/components/ui/field';
import { ApiError, messageOf } from '@client/lib/api';
import { useCreateVenue } from '@client/lib/queries/venues';
import { CoordinateFields } from './coordinate-fields';
import { bothOrNeither, coordinatesFields } from '../lib/coordinates';
import { AMENITY_LABELS, type Amenity } from '../lib/venues';

export const AMENITY_ICONS: Record<Amenity, ComponentType<{ className?: string; 'aria-hidden'?: boolean }>> = {
  wifi: Wifi,
  coffee: Coffee,
  parking: Car,
  music: Music,
  bar: Wine,
  catering: UtensilsCrossed,
  outdoor: Trees,
};

const v = venueBody.shape;

/** Add New Venue (docs/spec/organiser-tools.md §5): the server's venue fields, with the hourly price in pounds. */
const addVenueForm = z
  .object({
    name: v.name,
    address: z.string().trim().max(200, 'Address must be at most 200 characters'),
    city: v.city,
    capacity: z
      .number({ error: 'Capacity must be a number' })
      .int('Capacity must be a whole number')
      .min(1, 'Capacity must be at least 1')
      .max(2000, 'Capacity must be at most 2000'),
    pricePerHour: z
      .number({ error: 'Price per hour must be a number' })
      .min(0, 'Price per hour cannot be negative')
      .max(100_000, 'Price per hour must be at most £100,000'),
    contactInfo: z.string().trim().max(120, 'Contact must be at most 120 characters'),
    amenities: z.array(z.enum(AMENITIES)),
    // Where the door is: arrival check-in (/arrival) needs both, or neither.
    ...coordinatesFields,
  })
  .superRefine(bothOrNeither);
type AddVenueInput = z.input<typeof addVenueForm>;

const DEFAULTS: AddVenueInput = {
  name: '',
  address: '',
  city: '',
  capacity: 40,
  pricePerHour: 50,
  contactInfo: '',
  amenities: [],
  latitude: '',
  longitude: '',
};
const FIELDS = ['name', 'address', 'city', 'capacity', 'pricePerHour', 'contactInfo', 'latitude', 'longitude'] as const;

export function AddVenueForm() {
  const create = useCreateVenue();
  const form = useForm({ resolver: zodResolver(addVenueForm), defaultValues: DEFAULTS });
  const { errors, isSubmitting } = form.formState;
  const [name, city] = form.watch(['name', 'city']);
  const ready = name.trim() !== '' && city.trim() !== '';
  const latitude = form.register('latitude');
  const locationHintId = useId();

  const submit = form.handleSubmit(async (values) => {
    try {
      const venue = await create.mutateAsync({
        name: values.name,
        address: values.address,
        city: values.city,
        capacity: values.capacity,
        amenities: values.amenities,
        contactInfo: values.contactInfo || null,
        pricePerHour: Math.round(values.pricePerHour * 100),
        isActive: true,
        ...(values.latitude !== null && values.longitude !== null ? { latitude: values.latitude, longitude: values.longitude } : {}),
      });
      toast.success('Venue added', { description: `${venue.name} in ${venue.city} is active and ready for evenings.` });
      form.reset(DEFAULTS);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        for (const [path, message] of Object.entries(err.fieldErrors)) {
          const field = FIELDS.find((f) => f === path);
          if (field) form.setError(field, { type: 'server', message });
        }
      }
      toast.error('Could not add the venue', { description: messageOf(err, 'Please try again.') });
    }
  });

  return (
    <Card>
      <CardTitle>Add New Venue</CardTitle>
      <p className="mt-1 text-muted">Name and city are enough to start; the rest helps you plan.</p>
      <form onSubmit={submit} noValidate aria-label="Add new venue" className="mt-5 space-y-4">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
          <TextField label="Venue name" autoComplete="organization" error={errors.name?.message} {...form.register('name')} />
          <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...form.register('city')} />
          <TextField
            label="Address"
            autoComplete="street-address"
            className="sm:col-span-2 lg:col-span-1"
            error={errors.address?.message}
            {...form.register('address')}
          />
          <TextField
            label="Capacity"
            type="number"
            inputMode="numeric"
            min={1}
            error={errors.capacity?.message}
            {...form.register('capacity', { valueAsNumber: true })}
          />
          <TextField
            label="Price per hour (£)"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            error={errors.pricePerHour?.message}
            {...form.register('pricePerHour', { valueAsNumber: true })}
          />
          <TextField
            label="Contact info"
            placeholder="Phone or email of the venue contact"
            className="sm:col-span-2 lg:col-span-1"
            error={errors.contactInfo?.message}
            {...form.register('contactInfo')}
          />
        </div>

        <fieldset aria-describedby={locationHintId}>
          <legend className="flex items-center gap-1.5 text-sm font-semibold text-wine-900">
            <MapPin aria-hidden="true" className="size-4" />
            Location of the entrance (optional)
          </legend>
          <p id={locationHintId} className="mt-1 text-sm text-muted">
            Used for arrival check-in within {ARRIVAL_RADIUS_M} m of the door. Tip: press and hold the entrance in a map app, copy its coordinates and paste
            them into Latitude.
          </p>
          <CoordinateFields
            latitude={latitude}
            longitude={form.register('longitude')}
            errors={errors}
            className="mt-3 gap-4 lg:grid-cols-1"
            onPair={(lat, lng) => {
              form.setValue('latitude', lat, { shouldDirty: true });
              form.setValue('longitude', lng, { shouldDirty: true });
            }}
          />
        </fieldset>

        <Controller
          control={form.control}
          name="amenities"
          render={({ field }) => (
            <fieldset>
              <legend className="mb-2 text-sm font-semibold text-wine-900">Amenities</legend>
              <div className="flex flex-wrap gap-2">
                {AMENITIES.map((a) => {
                  const on = field.value.includes(a);
                  const Icon = AMENITY_ICONS[a];
                  return (
                    <button
                      key={a}
                      type="button"
                      aria-pressed={on}
                      onClick={() => field.onChange(on ? field.value.filter((x) => x !== a) : [...field.value, a])}
                      className={cn(
                        'inline-flex min-h-11 items-center gap-2 rounded-full border-2 px-4 text-sm font-semibold transition-colors',
                        on ? 'border-wine-700 bg-wine-700 text-white' : 'border-wine-100 bg-white text-wine-900 hover:border-wine-300 hover:bg-wine-50',
                      )}
                    >
                      {on ? <Check aria-hidden="true" className="size-4" /> : <Icon aria-hidden={true} className="size-4" />}
                      {AMENITY_LABELS[a]}
                    </button>
                  );
                })}
              </div>
            </fieldset>
          )}
        />

        <div className="flex flex-col gap-2 border-t border-wine-100 pt-4 sm:flex-row sm:items-center lg:flex-col lg:items-stretch">
          <Button type="submit" disabled={!ready || isSubmitting} className="shrink-0">
            <Plus aria-hidden="true" className="size-5" />
            {isSubmitting ? 'Adding Venue...' : 'Add Venue'}
          </Button>
          {!ready && <p className="text-sm text-muted">Enter a venue name and city to add it.</p>}
        </div>
      </form>
    </Card>
  );
}
