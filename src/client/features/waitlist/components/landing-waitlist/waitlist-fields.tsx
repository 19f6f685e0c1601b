import { AGE } from '@shared/domain/constants';
import { TextAreaField, TextField } from '@client/components/ui/field';
import type { useWaitlistForm } from './use-waitlist-form';

/** Name, email, age, about you, interests: each with its props from useWaitlistForm. */
export function WaitlistFields({ field }: { field: ReturnType<typeof useWaitlistForm>['field'] }) {
  return (
    <>
      <TextField label="Full name" autoComplete="name" autoCapitalize="words" {...field('name')} />
      <TextField
        label="Email address"
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="off"
        spellCheck={false}
        placeholder="you@example.com"
        {...field('email')}
      />
      <TextField label="Age" type="number" inputMode="numeric" min={AGE.min} max={AGE.max} step={1} className="[&_input]:max-w-32" {...field('age')} />
      <TextAreaField label="About you" rows={4} placeholder="What brings you here? What do you enjoy?" hint="A few sentences is perfect." {...field('bio')} />
      <TextField
        label="Interests and hobbies"
        autoCapitalize="off"
        placeholder="walking, board games, coffee"
        hint="Separate them with commas."
        {...field('interests')}
      />
    </>
  );
}
