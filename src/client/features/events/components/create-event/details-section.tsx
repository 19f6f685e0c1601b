import type { FieldErrors } from 'react-hook-form';
import type { CreateEventFormInput } from '@shared/schemas/create-event-form';
import { TextAreaField, TextField } from '@client/components/ui/field';
import { Section, type CreateEventFormApi } from './section';

export function DetailsSection({ form, errors }: { form: CreateEventFormApi; errors: FieldErrors<CreateEventFormInput> }) {
  return (
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
  );
}
