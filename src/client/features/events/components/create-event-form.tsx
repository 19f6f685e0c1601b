import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import {
  CREATE_EVENT_DEFAULTS,
  createEventForm,
  SERVER_FIELD_TO_FORM,
  toCreateEventPayload,
  toNewVenuePayload,
  VENUE_FIELD_TO_FORM,
  type CreateEventFormInput,
} from '@shared/schemas/create-event-form';
import type { Venue } from '@shared/schemas/venues';
import { ApiError, messageOf } from '@client/lib/api';
import { useCreateEvent } from '../api/create-event';
import { useCreateVenue, useVenues } from '@client/lib/queries/venues';
import { findVenue, presetVenues } from '../lib/venue-pick';
import { CreatedNotice } from './create-event/created-notice';
import { DateTimeSection } from './create-event/date-time-section';
import { DetailsSection } from './create-event/details-section';
import { RefusedVenueNotice } from './create-event/refused-venue-notice';
import { SettingsSection } from './create-event/settings-section';
import { SubmitArea } from './create-event/submit-area';
import { VenueSection } from './create-event/venue-section';

const defaults = (): CreateEventFormInput => ({
  title: '',
  description: '',
  venueName: '',
  venueAddress: '',
  venueCity: '',
  date: '',
  startTime: CREATE_EVENT_DEFAULTS.startTime,
  endTime: CREATE_EVENT_DEFAULTS.endTime,
  ageRangeMin: CREATE_EVENT_DEFAULTS.ageRangeMin,
  ageRangeMax: CREATE_EVENT_DEFAULTS.ageRangeMax,
  maxParticipants: CREATE_EVENT_DEFAULTS.maxParticipants,
  price: CREATE_EVENT_DEFAULTS.price,
  priceIncludes: '',
});

/** Form order, for focusing the first field the server rejected. */
const ORDER: (keyof CreateEventFormInput)[] = Object.keys(defaults()) as (keyof CreateEventFormInput)[];

/**
 * The create-event form (docs/spec/organiser-tools.md §2.14): event details, a venue (one-tap presets or
 * typed; a typed venue that is not known yet is created first), date and time, settings.
 */
export function CreateEventForm({ hostId, preselectVenueId }: { hostId: number; preselectVenueId: number | null }) {
  const venues = useVenues();
  const createVenue = useCreateVenue();
  const createEvent = useCreateEvent();
  const form = useForm({ resolver: zodResolver(createEventForm), defaultValues: defaults() });
  const { errors, isSubmitting } = form.formState;
  const [created, setCreated] = useState<{ id: number; title: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [dateMissing, setDateMissing] = useState(false);
  const successRef = useRef<HTMLDivElement>(null);

  const [venueName, venueAddress, venueCity, maxParticipants] = form.watch(['venueName', 'venueAddress', 'venueCity', 'maxParticipants']);
  const all = venues.data ?? [];
  const presets = presetVenues(all);
  const typed = { name: venueName, address: venueAddress, city: venueCity };
  const known = findVenue(all, typed, preselectVenueId);
  const typedSomething = [venueName, venueAddress, venueCity].some((s) => s.trim());

  const fillVenue = (v: Venue) => {
    const opts = { shouldDirty: true, shouldValidate: form.formState.isSubmitted } as const;
    form.setValue('venueName', v.name, opts);
    form.setValue('venueAddress', v.address, opts);
    form.setValue('venueCity', v.city, opts);
  };

  // ?venue={id} (Schedule Event on /venues): fill that venue in once the list is here, when the host may
  // book it; another host's venue is not filled in, and the top of the form says why (issue 34).
  const asked = preselectVenueId && venues.data ? (venues.data.find((x) => x.id === preselectVenueId) ?? null) : null;
  const refusedVenue = asked && !asked.canEdit ? asked : null;
  const preselected = useRef<number | null>(null);
  useEffect(() => {
    if (!preselectVenueId || preselected.current === preselectVenueId || !venues.data) return;
    const v = venues.data.find((x) => x.id === preselectVenueId);
    if (!v?.canEdit) return;
    preselected.current = preselectVenueId;
    form.setValue('venueName', v.name);
    form.setValue('venueAddress', v.address);
    form.setValue('venueCity', v.city);
  }, [preselectVenueId, venues.data, form]);

  const applyServerErrors = (err: unknown, map: Record<string, keyof CreateEventFormInput>) => {
    if (!(err instanceof ApiError) || err.status !== 400) return;
    const hit = new Set<keyof CreateEventFormInput>();
    for (const [path, message] of Object.entries(err.fieldErrors)) {
      const field = map[path.split('.')[0] ?? ''];
      if (!field || hit.has(field)) continue;
      hit.add(field);
      form.setError(field, { type: 'server', message });
    }
    const first = ORDER.find((f) => hit.has(f));
    if (first) form.setFocus(first);
  };

  const submit = form.handleSubmit(
    async (values) => {
      setFailure(null);
      setCreated(null);
      setDateMissing(false);
      let venueId: number;
      try {
        venueId = known ? known.id : (await createVenue.mutateAsync(toNewVenuePayload(values))).id;
      } catch (err) {
        applyServerErrors(err, VENUE_FIELD_TO_FORM);
        setFailure(messageOf(err, ''));
        return;
      }
      try {
        const event = await createEvent.mutateAsync(toCreateEventPayload(values, venueId, hostId));
        setCreated({ id: event.id, title: event.title });
        form.reset(defaults());
        requestAnimationFrame(() => {
          successRef.current?.focus();
          successRef.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
        });
      } catch (err) {
        applyServerErrors(err, SERVER_FIELD_TO_FORM);
        setFailure(messageOf(err, ''));
      }
    },
    (invalid: FieldErrors<CreateEventFormInput>) => {
      setCreated(null);
      setFailure(null);
      setDateMissing(!!invalid.date && !form.getValues('date'));
    },
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Create event" className="space-y-5">
      {refusedVenue && <RefusedVenueNotice refusedVenue={refusedVenue} />}
      <CreatedNotice created={created} successRef={successRef} />

      <DetailsSection form={form} errors={errors} />

      <VenueSection
        form={form}
        errors={errors}
        venues={venues}
        presets={presets}
        known={known}
        fillVenue={fillVenue}
        typedSomething={typedSomething}
        maxParticipants={maxParticipants}
      />

      <DateTimeSection form={form} errors={errors} setDateMissing={setDateMissing} />

      <SettingsSection form={form} errors={errors} />

      <SubmitArea dateMissing={dateMissing} failure={failure} isSubmitting={isSubmitting} />
    </form>
  );
}
