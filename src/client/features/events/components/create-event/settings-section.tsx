import type { FieldErrors } from 'react-hook-form';
import type { CreateEventFormInput } from '@shared/schemas/create-event-form';
import { TextField } from '@client/components/ui/field';
import { Section, type CreateEventFormApi } from './section';

export function SettingsSection({ form, errors }: { form: CreateEventFormApi; errors: FieldErrors<CreateEventFormInput> }) {
  return (
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
  );
}
