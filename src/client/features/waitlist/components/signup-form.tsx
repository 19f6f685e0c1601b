import { zodResolver } from '@hookform/resolvers/zod';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { AGE, splitInterests } from '@shared/domain/constants';
import { simpleSignupForm, type SimpleSignupInput } from '@shared/schemas/users';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { TextAreaField, TextField } from '@client/components/ui/field';
import { ApiError, NetworkError } from '@client/lib/api';
import { toSignupPayload } from '../api/signup';
import { useSignup } from '../api/use-signup';

export interface SignupFormProps {
  /** Label of the optional free-text field ('Bio' or 'About'). */
  bioLabel?: string;
  /** Ask for comma-separated interests too (the /test-signup form). */
  withInterests?: boolean;
  /**
   * How a failed signup reads: 'server' gives 'Error: ' plus the server's sentence (or 'Failed to
   * sign up'), and 'Network error. Please try again.' offline; 'generic' always gives the test
   * form's 'Error submitting form. Please try again.'.
   */
  errorStyle?: 'server' | 'generic';
  submitLabel?: string;
  /** Where to go once signed up (`?next=`, already checked to be a path on this site): the evening's checkout after Book. */
  next?: string | null;
}

const FIELDS = ['name', 'email', 'age', 'bio', 'interests'] as const satisfies readonly FieldPath<SimpleSignupInput>[];
type Field = (typeof FIELDS)[number];

const GENERIC_FAILURE = 'Error submitting form. Please try again.';

function failureText(err: unknown, style: 'server' | 'generic'): string {
  if (style === 'generic') return GENERIC_FAILURE;
  if (err instanceof NetworkError) return 'Network error. Please try again.';
  if (err instanceof ApiError) return `Error: ${err.serverMessage ?? 'Failed to sign up'}`;
  return 'Error: Failed to sign up';
}

/** The server's `errors[].path` ('email', 'interests.2') as one of this form's fields. */
function fieldOf(path: string, withInterests: boolean): Field | null {
  const head = path.split('.')[0] as Field;
  if (!FIELDS.includes(head)) return null;
  if (head === 'interests' && !withInterests) return null;
  return head;
}

/**
 * The waitlist signup form behind /waitlist-signup, /simple-signup and /test-signup:
 * name, e-mail, age, an optional bio and, optionally, comma-separated interests.
 * Validates before sending; on success the new member is signed in and welcomed.
 */
export function SignupForm({
  bioLabel = 'Bio',
  withInterests = false,
  errorStyle = 'server',
  submitLabel = 'Join the Waitlist',
  next = null,
}: SignupFormProps) {
  const signup = useSignup();
  const navigate = useNavigate();
  const loginHref = next ? `/login?next=${encodeURIComponent(next)}` : '/login';
  const [failure, setFailure] = useState<{ text: string; taken: boolean } | null>(null);
  const form = useForm({
    resolver: zodResolver(simpleSignupForm),
    defaultValues: { name: '', email: '', age: '', bio: '', interests: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const sent = await signup.mutateAsync(
        toSignupPayload({
          name: values.name,
          email: values.email,
          age: values.age,
          bio: values.bio || null,
          interests: withInterests ? splitInterests(values.interests) : [],
        }),
      );
      form.reset();
      // The code proves the address before there is an account (docs/decisions/0070): /login opens at
      // the code, and then goes on to where the visitor was going (`?next=`), or to the evenings.
      navigate(loginHref, { state: { email: sent.email } });
    } catch (err) {
      const taken = err instanceof ApiError && err.status === 409;
      if (err instanceof ApiError) {
        let focused = false;
        for (const [path, message] of Object.entries(err.fieldErrors)) {
          const field = fieldOf(path, withInterests);
          if (!field) continue;
          form.setError(field, { message }, { shouldFocus: !focused });
          focused = true;
        }
        // The generic sentence does not say what went wrong: put the server's reason on the field.
        if (taken && errorStyle === 'generic' && err.serverMessage) form.setError('email', { message: err.serverMessage }, { shouldFocus: true });
      } else {
        console.error('Signup failed', err);
      }
      setFailure({ text: failureText(err, errorStyle), taken });
    }
  });

  return (
    <Card>
      <form onSubmit={submit} noValidate className="space-y-5">
        <TextField label="Full name" autoComplete="name" autoCapitalize="words" error={errors.name?.message} {...form.register('name')} />
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <TextField
          label="Age"
          type="number"
          inputMode="numeric"
          min={AGE.min}
          max={AGE.max}
          className="[&_input]:max-w-40"
          hint="You need to be 18 or over."
          error={errors.age?.message}
          {...form.register('age')}
        />
        <TextAreaField
          label={
            <>
              {bioLabel} <span className="font-normal text-muted">(optional)</span>
            </>
          }
          rows={4}
          placeholder="A line or two about you: new in town, love a pub quiz…"
          error={errors.bio?.message}
          {...form.register('bio')}
        />
        {withInterests && (
          <TextField
            label={
              <>
                Interests <span className="font-normal text-muted">(optional)</span>
              </>
            }
            hint="Separate them with commas, e.g. wine, hiking, board games."
            autoCapitalize="none"
            error={errors.interests?.message}
            {...form.register('interests')}
          />
        )}
        {failure && (
          <div role="alert" className="flex gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-800">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <div className="space-y-1">
              <p className="font-medium">{failure.text}</p>
              {failure.taken && (
                <p>
                  <Link to={loginHref} className="inline-flex min-h-11 items-center font-semibold text-red-900 underline underline-offset-4">
                    Log in instead
                  </Link>
                </p>
              )}
            </div>
          </div>
        )}
        <Button type="submit" block size="lg" disabled={signup.isPending}>
          {signup.isPending ? 'Joining...' : submitLabel}
        </Button>
        <p className="text-center text-muted">
          Already a member?{' '}
          <Link to={loginHref} className="inline-flex min-h-11 items-center font-semibold text-wine-700 underline underline-offset-4">
            Log in
          </Link>
        </p>
      </form>
    </Card>
  );
}
