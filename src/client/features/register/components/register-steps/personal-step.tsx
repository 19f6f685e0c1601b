import type { UseFormRegisterReturn } from 'react-hook-form';
import { AGE } from '@shared/domain/constants';
import { TextField } from '@client/components/ui/field';

export const PERSONAL = ['name', 'email', 'age'] as const;

export function PersonalStep({
  field,
  errors,
  emailLocked,
}: {
  field: (name: (typeof PERSONAL)[number]) => UseFormRegisterReturn;
  errors: Partial<Record<(typeof PERSONAL)[number], string>>;
  emailLocked: boolean;
}) {
  return (
    <div className="space-y-5">
      <TextField id="register-name" label="Full name" autoComplete="name" autoCapitalize="words" error={errors.name} {...field('name')} />
      <TextField
        id="register-email"
        label="Email address"
        type="email"
        autoComplete="email"
        inputMode="email"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="you@example.com"
        readOnly={emailLocked}
        hint={emailLocked ? 'The email you log in with. It stays as it is.' : undefined}
        error={errors.email}
        {...field('email')}
      />
      <TextField
        id="register-age"
        label="Age"
        type="number"
        inputMode="numeric"
        min={AGE.min}
        max={AGE.max}
        className="[&_input]:max-w-40"
        hint="You need to be 18 or over."
        error={errors.age}
        {...field('age')}
      />
    </div>
  );
}
