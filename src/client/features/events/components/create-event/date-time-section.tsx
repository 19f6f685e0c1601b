import { Controller, type FieldErrors } from 'react-hook-form';
import { ROUND_DURATION_SECONDS } from '@shared/domain/constants';
import type { CreateEventFormInput } from '@shared/schemas/create-event-form';
import { TextField } from '@client/components/ui/field';
import { DatePicker } from '@client/components/ui/date-picker';
import { Section, type CreateEventFormApi } from './section';

export function DateTimeSection({
  form,
  errors,
  setDateMissing,
}: {
  form: CreateEventFormApi;
  errors: FieldErrors<CreateEventFormInput>;
  setDateMissing: (missing: boolean) => void;
}) {
  return (
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
  );
}
