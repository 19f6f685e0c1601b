import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { BIO_MAX } from '@shared/domain/constants';
import { profileForm, type User } from '@shared/schemas/users';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/components/ui/cn';
import { TextAreaField, TextField } from '@client/components/ui/field';
import { ApiError, messageOf } from '@client/lib/api';
import { useUpdateProfile } from '../api/profile';
import { Avatar } from './profile-details';
import { InterestsInput } from './interests-input';

const FIELDS = ['name', 'age', 'bio', 'contactInfo', 'interests'] as const;
type FieldName = (typeof FIELDS)[number];

function toDefaults(user: User) {
  return {
    name: user.name,
    age: user.age as number | string,
    bio: user.bio ?? '',
    contactInfo: user.contactInfo ?? '',
    interests: user.interests,
  };
}

/** The edit form of Profile Information. Cancel resets it; a successful save calls onSaved. */
export function ProfileForm({ user, onSaved, onCancel }: { user: User; onSaved: () => void; onCancel: () => void }) {
  const update = useUpdateProfile(user.id);
  const form = useForm({ resolver: zodResolver(profileForm), defaultValues: toDefaults(user) });
  const { errors } = form.formState;
  const bioLength = form.watch('bio')?.length ?? 0;
  const name = form.watch('name');

  const submit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values);
      toast.success('Profile Updated', { description: 'Your changes have been saved.' });
      onSaved();
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        let first: FieldName | null = null;
        for (const [path, message] of Object.entries(err.fieldErrors)) {
          const field = FIELDS.find((f) => path === f || path.startsWith(`${f}.`));
          if (!field) continue;
          form.setError(field, { type: 'server', message });
          first ??= field;
        }
        if (first && first !== 'interests') form.setFocus(first);
      }
      toast.error('Update Failed', { description: messageOf(err, 'Failed to update profile') });
    }
  });

  const cancel = () => {
    form.reset(toDefaults(user));
    onCancel();
  };

  const interestsError = errors.interests?.message ?? errors.interests?.root?.message;

  return (
    <form onSubmit={submit} noValidate className="space-y-5" aria-label="Edit profile">
      <div className="flex items-center gap-4">
        <Avatar name={name || user.name} />
        <p className="text-muted">Your initials are your picture, so no photo is needed.</p>
      </div>

      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
      <TextField
        label="Age"
        type="number"
        inputMode="numeric"
        min={18}
        max={100}
        className="[&_input]:max-w-40"
        error={errors.age?.message}
        {...form.register('age')}
      />
      <TextField
        label="Phone number"
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        placeholder="07700 900123"
        hint="Shared only with people you match with."
        error={errors.contactInfo?.message}
        {...form.register('contactInfo')}
      />
      <TextAreaField
        label="About Me"
        rows={5}
        placeholder="What brings you along? What do you love talking about?"
        hint={
          <span className={cn(bioLength > BIO_MAX && 'font-semibold text-red-700')}>
            {bioLength}/{BIO_MAX} characters
          </span>
        }
        error={errors.bio?.message}
        {...form.register('bio')}
      />
      <Controller
        control={form.control}
        name="interests"
        render={({ field }) => (
          <InterestsInput
            value={field.value}
            onChange={(next) => {
              field.onChange(next);
              form.clearErrors('interests');
            }}
            error={interestsError}
            disabled={update.isPending}
          />
        )}
      />

      <div className="flex flex-col gap-3 border-t border-wine-100 pt-5 sm:flex-row">
        <Button type="submit" disabled={update.isPending}>
          <Save aria-hidden="true" className="size-5" />
          {update.isPending ? 'Saving…' : 'Save changes'}
        </Button>
        <Button variant="outline" onClick={cancel} disabled={update.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
