import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarPlus, Check, CircleCheck, Lock, MapPin, Sparkles, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { Link } from 'react-router';
import { ROUND_DURATION_SECONDS } from '@shared/domain/constants';
import {
  CREATE_EVENT_DEFAULTS,
  createEventForm,
  DATE_NOT_PICKED,
  NEW_VENUE_EXTRA_CAPACITY,
  SERVER_FIELD_TO_FORM,
  toCreateEventPayload,
  toNewVenuePayload,
  VENUE_FIELD_TO_FORM,
  type CreateEventFormInput,
} from '@shared/schemas/create-event-form';
import type { Venue } from '@shared/schemas/venues';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/components/ui/cn';
import { TextAreaField, TextField } from '@client/components/ui/field';
import { ApiError, messageOf } from '@client/lib/api';
import { useCreateEvent } from '../api/events';
import { useCreateVenue, useVenues } from '../api/venues';
import { findVenue, notYourVenue, presetVenues } from '../lib/venues';
import { Section } from './create-event/section';
import { DatePicker } from './date-picker';

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
      {refusedVenue && (
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
      )}
      <div role="status">
        {created && (
          <div
            ref={successRef}
            tabIndex={-1}
            className="flex gap-3 rounded-3xl border-2 border-emerald-300 bg-emerald-50 p-5 focus:outline-none focus-visible:ring-4 focus-visible:ring-emerald-300"
          >
            <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-emerald-700" />
            <div className="space-y-2">
              <p className="font-semibold text-emerald-900">Event &quot;{created.title}&quot; created successfully!</p>
              <p className="text-emerald-900">It is open for registrations now. The form below is ready for your next evening.</p>
              <Link
                to={`/events/${created.id}`}
                className="inline-flex min-h-11 items-center font-semibold text-wine-800 underline underline-offset-4 hover:text-wine-900"
              >
                View the event page
              </Link>
            </div>
          </div>
        )}
      </div>

      <Section title="Event details" step={1}>
        <TextField label="Event title" placeholder="Wine Bar Speed Friendship" autoComplete="off" error={errors.title?.message} {...form.register('title')} />
        <TextAreaField
          label={
            <>
              Description <span className="font-normal text-muted">(optional)</span>
            </>
          }
          rows={4}
          placeholder="What guests can expect: the setting, the crowd, what to bring."
          error={errors.description?.message}
          {...form.register('description')}
        />
      </Section>

      <Section title="Venue" step={2}>
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

        <div className="space-y-4 border-t border-wine-100 pt-5">
          <TextField label="Venue name" autoComplete="off" error={errors.venueName?.message} {...form.register('venueName')} />
          <TextField label="Venue address" autoComplete="off" error={errors.venueAddress?.message} {...form.register('venueAddress')} />
          <TextField label="City" autoComplete="off" className="sm:max-w-xs" error={errors.venueCity?.message} {...form.register('venueCity')} />
        </div>

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
      </Section>

      <Section title="Date and time" step={3}>
        <Controller
          control={form.control}
          name="date"
          render={({ field }) => (
            <DatePicker
              ref={field.ref}
              label="Event date"
              value={field.value}
              onChange={(day) => {
                field.onChange(day);
                setDateMissing(false);
                if (form.formState.isSubmitted) void form.trigger('date');
              }}
              onBlur={field.onBlur}
              error={errors.date?.message}
            />
          )}
        />
        <div className="grid grid-cols-2 gap-4">
          <TextField label="Start time" type="time" error={errors.startTime?.message} {...form.register('startTime')} />
          <TextField label="End time" type="time" error={errors.endTime?.message} {...form.register('endTime')} />
        </div>
        <p className="text-sm text-muted">Times are in UK time. Conversations last {ROUND_DURATION_SECONDS / 60} minutes each.</p>
      </Section>

      <Section title="Settings" step={4}>
        <div className="grid grid-cols-2 gap-4">
          <TextField
            label="Minimum age"
            type="number"
            inputMode="numeric"
            min={18}
            max={65}
            error={errors.ageRangeMin?.message}
            {...form.register('ageRangeMin', { valueAsNumber: true })}
          />
          <TextField
            label="Maximum age"
            type="number"
            inputMode="numeric"
            min={18}
            max={65}
            error={errors.ageRangeMax?.message}
            {...form.register('ageRangeMax', { valueAsNumber: true })}
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Maximum participants"
            type="number"
            inputMode="numeric"
            min={6}
            max={100}
            error={errors.maxParticipants?.message}
            {...form.register('maxParticipants', { valueAsNumber: true })}
          />
          <TextField
            label="Price (£)"
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            hint="Per person. 0 makes it free."
            error={errors.price?.message}
            {...form.register('price', { valueAsNumber: true })}
          />
        </div>
        <TextField
          label={
            <>
              What the price includes <span className="font-normal text-muted">(optional)</span>
            </>
          }
          placeholder="A welcome drink"
          autoComplete="off"
          hint="Shown beside the price on the evening's page. Leave it empty if the price is just for the evening."
          error={errors.priceIncludes?.message}
          {...form.register('priceIncludes')}
        />
      </Section>

      <div className="space-y-3">
        <div role="alert">
          {dateMissing && (
            <p className="flex gap-2 rounded-2xl bg-red-50 px-4 py-3 font-medium text-red-800">
              <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
              {DATE_NOT_PICKED}
            </p>
          )}
          {failure !== null && (
            <div className="flex gap-3 rounded-2xl border-2 border-red-200 bg-red-50 p-4 text-red-900">
              <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
              <div>
                <p className="font-semibold">Failed to create event. Please try again.</p>
                {failure && <p className="mt-1">{failure}</p>}
              </div>
            </div>
          )}
        </div>
        <Button type="submit" size="lg" block disabled={isSubmitting}>
          <CalendarPlus aria-hidden="true" className="size-5" />
          {isSubmitting ? 'Creating Event...' : 'Create Event'}
        </Button>
      </div>
    </form>
  );
}
