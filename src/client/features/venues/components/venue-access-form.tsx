import { zodResolver } from '@hookform/resolvers/zod';
import { Accessibility, Check } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { z } from 'zod';
import {
  ACCESS_LINE_MAX,
  ACCESS_NOTES_MAX,
  LIGHTING,
  NOISE,
  SEATING,
  STEP_FREE,
  venueAccessInput,
  type VenueAccess,
  type VenueAccessInput,
} from '@shared/schemas/venue-access';
import { accessTold, LIGHTING_WORDS, NOISE_WORDS, SEATING_WORDS, STEP_FREE_WORDS } from '@shared/domain/venue-access';
import type { Venue } from '@shared/schemas/venues';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/components/ui/cn';
import { TextAreaField, TextField } from '@client/components/ui/field';
import { GettingIn } from '@client/components/ui/getting-in';
import { ApiError, messageOf } from '@client/lib/api';
import { useSetVenueAccess } from '../api/venues';

const NOT_TOLD = '';
const yesNo = z.enum([NOT_TOLD, 'yes', 'no']);
const bool = (v: z.infer<typeof yesNo>) => (v === NOT_TOLD ? null : v === 'yes');

/**
 * The form's choices as strings (a radio's value), turned into the facts and checked by the same
 * schema as the server's (docs/decisions/0077-venues-say-how-to-get-in.md): "Not told yet" is null.
 */
const accessForm = z
  .object({
    stepFree: z.enum([NOT_TOLD, ...STEP_FREE]),
    accessibleToilet: yesNo,
    hearingLoop: yesNo,
    quietSpace: yesNo,
    seating: z.array(z.enum(SEATING)),
    lighting: z.enum([NOT_TOLD, ...LIGHTING]),
    noise: z.enum([NOT_TOLD, ...NOISE]),
    parking: z.string(),
    transport: z.string(),
    notes: z.string(),
  })
  .transform((f): VenueAccessInput => ({
    stepFree: f.stepFree || null,
    accessibleToilet: bool(f.accessibleToilet),
    hearingLoop: bool(f.hearingLoop),
    quietSpace: bool(f.quietSpace),
    seating: f.seating,
    lighting: f.lighting || null,
    noise: f.noise || null,
    parking: f.parking,
    transport: f.transport,
    notes: f.notes,
  }))
  .pipe(venueAccessInput);
type AccessFormInput = z.input<typeof accessForm>;

const asYesNo = (v: boolean | null) => (v === null ? NOT_TOLD : v ? 'yes' : 'no');
function formValues(a: VenueAccess): AccessFormInput {
  return {
    stepFree: a.stepFree ?? NOT_TOLD,
    accessibleToilet: asYesNo(a.accessibleToilet),
    hearingLoop: asYesNo(a.hearingLoop),
    quietSpace: asYesNo(a.quietSpace),
    seating: a.seating ?? [],
    lighting: a.lighting ?? NOT_TOLD,
    noise: a.noise ?? NOT_TOLD,
    parking: a.parking ?? '',
    transport: a.transport ?? '',
    notes: a.notes ?? '',
  };
}

const TEXT_FIELDS = ['parking', 'transport', 'notes'] as const;
const CHOICE_FIELDS = ['stepFree', 'accessibleToilet', 'hearingLoop', 'quietSpace', 'seating', 'lighting', 'noise'] as const;

/** One choice among a few, as big pills; the first is always "Not told yet". */
function Choices({
  legend,
  options,
  field,
  type = 'radio',
  error,
}: {
  legend: string;
  options: readonly { value: string; label: string }[];
  field: UseFormRegisterReturn;
  type?: 'radio' | 'checkbox';
  error?: string | undefined;
}) {
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-wine-900">{legend}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <label
            key={o.value}
            className={cn(
              'group inline-flex min-h-11 cursor-pointer items-center gap-1.5 rounded-full border-2 border-wine-100 bg-white px-4 text-sm font-semibold text-wine-900',
              'hover:border-wine-300 has-[:checked]:border-wine-700 has-[:checked]:bg-wine-700 has-[:checked]:text-white',
              'has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-apricot-500',
            )}
          >
            <input type={type} value={o.value} className="sr-only" {...field} />
            {/* Chosen is said by a tick too, not by colour alone. */}
            <Check aria-hidden="true" className="-ml-1 hidden size-4 group-has-[:checked]:block" />
            {o.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

const notTold = { value: NOT_TOLD, label: 'Not told yet' };
const YES_NO = [notTold, { value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }] as const;
const words = <K extends string>(keys: readonly K[], w: Record<K, string>) => keys.map((k) => ({ value: k, label: w[k] }));
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * How to get into a venue, on its card on /venues: shown to every host, told or changed by those who
 * may edit the venue (its owner, co-hosts and admins; the server checks). Guests see the same facts
 * on the evening's pages.
 */
export function VenueAccessBlock({ venue }: { venue: Venue }) {
  const [editing, setEditing] = useState(false);
  const formId = useId();
  const told = accessTold(venue.access);
  if (!venue.canEdit && !told) return null;
  return (
    <div className="mt-3">
      <GettingIn access={venue.access} compact />
      {venue.canEdit && (
        <>
          <button
            type="button"
            aria-expanded={editing}
            aria-controls={formId}
            onClick={() => setEditing((e) => !e)}
            className="mt-1 inline-flex min-h-11 items-center gap-1.5 rounded-full px-2 text-sm font-semibold text-wine-800 underline-offset-2 hover:underline"
          >
            <Accessibility aria-hidden="true" className="size-4" />
            {told ? 'Change how to get in' : 'Tell guests how to get in'}
            <span className="sr-only"> to {venue.name}</span>
          </button>
          <div id={formId} hidden={!editing}>
            {editing && <VenueAccessForm venue={venue} onDone={() => setEditing(false)} />}
          </div>
        </>
      )}
    </div>
  );
}

function VenueAccessForm({ venue, onDone }: { venue: Venue; onDone: () => void }) {
  const set = useSetVenueAccess();
  const hintId = useId();
  const form = useForm({ resolver: zodResolver(accessForm), defaultValues: formValues(venue.access) });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (access) => {
    try {
      const v = await set.mutateAsync({ id: venue.id, access });
      toast.success(`How to get into ${v.name} saved`, {
        description: accessTold(v.access) ? 'Guests see it on the evening pages.' : 'Nothing is told yet, so guests see nothing.',
      });
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        for (const [path, message] of Object.entries(err.fieldErrors)) {
          const key = path.replace(/^access\.?/, '').split('.')[0];
          const field = [...TEXT_FIELDS, ...CHOICE_FIELDS].find((f) => f === key);
          if (field) form.setError(field, { type: 'server', message });
        }
      }
      toast.error('Could not save how to get in', { description: messageOf(err, 'Please try again.') });
    }
  });

  const section = (children: ReactNode) => <div className="grid gap-4">{children}</div>;
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`How to get into ${venue.name}`}
      aria-describedby={hintId}
      className="mt-2 space-y-4 rounded-2xl bg-cream p-4"
    >
      <p id={hintId} className="text-sm text-muted">
        Guests see these on the evening's pages. Leave anything you don't know as “Not told yet”: it is not shown, and never read as a no.
      </p>
      {section(
        <>
          <Choices
            legend="Step-free entrance"
            options={[notTold, ...words(STEP_FREE, STEP_FREE_WORDS)]}
            field={form.register('stepFree')}
            error={errors.stepFree?.message}
          />
          <Choices legend="Accessible toilet" options={YES_NO} field={form.register('accessibleToilet')} error={errors.accessibleToilet?.message} />
          <Choices legend="Hearing loop" options={YES_NO} field={form.register('hearingLoop')} error={errors.hearingLoop?.message} />
          <Choices legend="Quiet space to take a break" options={YES_NO} field={form.register('quietSpace')} error={errors.quietSpace?.message} />
          <Choices
            legend="Seating (choose all there are)"
            type="checkbox"
            options={SEATING.map((s) => ({ value: s, label: capital(SEATING_WORDS[s]) }))}
            field={form.register('seating')}
            error={errors.seating?.message}
          />
          <Choices
            legend="Lighting"
            options={[notTold, ...words(LIGHTING, LIGHTING_WORDS)]}
            field={form.register('lighting')}
            error={errors.lighting?.message}
          />
          <Choices legend="Noise" options={[notTold, ...words(NOISE, NOISE_WORDS)]} field={form.register('noise')} error={errors.noise?.message} />
        </>,
      )}
      <TextField
        label="Nearest accessible parking"
        hint="For example: two blue-badge bays in Church Lane, 30 m from the door"
        maxLength={ACCESS_LINE_MAX}
        error={errors.parking?.message}
        {...form.register('parking')}
      />
      <TextField
        label="Public transport"
        hint="For example: tram to Prestwich, then a 5-minute flat walk"
        maxLength={ACCESS_LINE_MAX}
        error={errors.transport?.message}
        {...form.register('transport')}
      />
      <TextAreaField
        label="More about getting in"
        hint={`Up to ${ACCESS_NOTES_MAX} characters: a side door, a ramp on request, stairs inside…`}
        maxLength={ACCESS_NOTES_MAX}
        error={errors.notes?.message}
        {...form.register('notes')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Save how to get in'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
