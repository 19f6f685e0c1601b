import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle, CalendarDays, PartyPopper, UserRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { Link } from 'react-router';
import { AGE, splitInterests } from '@shared/domain/constants';
import type { waitlistForm, WaitlistFormInput } from '@shared/schemas/users';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { TextAreaField, TextField } from '@client/components/ui/field';
import { ApiError, NetworkError } from '@client/lib/api';
import { resetStorageFor } from '@client/lib/session';
import { toSignupPayload, useSignup } from '../api/signup';

type FieldName = keyof WaitlistFormInput;
type WaitlistFormOutput = z.output<typeof waitlistForm>;
type WaitlistResolver = Resolver<WaitlistFormInput, unknown, WaitlistFormOutput>;

/**
 * zod is the largest piece of JavaScript this page would need, and only a submit needs it: the
 * schema loads when the visitor first touches the form (or presses Join), not with the first paint of /.
 */
let schemaResolver: Promise<WaitlistResolver> | null = null;
function loadResolver() {
  schemaResolver ??= import('@shared/schemas/users').then(
    (m) => zodResolver(m.waitlistForm),
    (err: unknown) => {
      schemaResolver = null;
      throw err;
    },
  );
  return schemaResolver;
}
const resolver: WaitlistResolver = async (values, context, options) => {
  let validate: WaitlistResolver;
  try {
    validate = await loadResolver();
  } catch {
    return { values: {}, errors: { root: { type: 'network', message: 'Network error. Please try again.' } } };
  }
  return validate(values, context, options);
};

const EMPTY: WaitlistFormInput = { name: '', email: '', age: '', bio: '', interests: '' };
const FIELDS = Object.keys(EMPTY) as FieldName[];

interface Failure {
  text: string;
  /** 409: the e-mail already has an account, so point to the login. */
  taken: boolean;
}

/**
 * The waitlist form on /: docs/spec/member-app.md §4, §5 and §8.
 * Validated on submit with the spec's messages; a field's error clears as soon as it is edited.
 * A refused signup leaves every field as typed and says why.
 */
export function LandingWaitlistForm() {
  const signup = useSignup();
  const [welcome, setWelcome] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const welcomeRef = useRef<HTMLHeadingElement>(null);
  const form = useForm({
    resolver,
    defaultValues: EMPTY,
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (welcome !== null) welcomeRef.current?.focus();
  }, [welcome]);

  const field = (name: FieldName) =>
    form.register(name, {
      onChange: () => {
        if (form.getFieldState(name).error) form.clearErrors(name);
      },
    });

  const onSubmit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const user = await signup.mutateAsync(
        toSignupPayload({ name: values.name, email: values.email, age: values.age, bio: values.bio, interests: splitInterests(values.interests) }),
      );
      resetStorageFor(user.id, user.email);
      form.reset(EMPTY);
      setWelcome(user.name);
    } catch (err) {
      if (err instanceof NetworkError) {
        setFailure({ text: 'Network error. Please try again.', taken: false });
        return;
      }
      const apiErr = err instanceof ApiError ? err : null;
      setFailure({ text: `Error: ${apiErr?.serverMessage ?? 'Please try again.'}`, taken: apiErr?.status === 409 });
      // A 400 names the fields it refused: show each message under its field too.
      for (const [path, message] of Object.entries(apiErr?.fieldErrors ?? {})) {
        const name = path.split('.')[0] as FieldName;
        if (FIELDS.includes(name)) form.setError(name, { message });
      }
    }
  });

  if (welcome !== null) {
    return (
      <Card className="border-apricot-200 text-center" aria-live="polite">
        <span aria-hidden="true" className="mx-auto inline-flex size-16 items-center justify-center rounded-full bg-apricot-100 text-wine-700">
          <PartyPopper className="size-8" />
        </span>
        <h2 ref={welcomeRef} tabIndex={-1} className="mt-4 scroll-mt-24 text-3xl font-bold text-wine-900 focus:outline-none">
          Welcome to the Community!
        </h2>
        <p className="mt-3 text-lg text-ink">
          Thanks for joining{welcome ? `, ${welcome.split(' ')[0]}` : ''}. You're on the waitlist, and we'll be in touch as soon as the next evening near you opens.
        </p>
        <p className="mt-2 text-muted">See the evenings already open for booking, and add a few more details to your profile so we can plan great evenings.</p>
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
          <Button asChild size="lg" block>
            <Link to="/events">
              <CalendarDays aria-hidden="true" className="size-5" />
              Browse Events
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline" block>
            <Link to="/profile">
              <UserRound aria-hidden="true" className="size-5" />
              View My Profile
            </Link>
          </Button>
        </div>
      </Card>
    );
  }

  const submitting = form.formState.isSubmitting || signup.isPending;
  // A refused signup, or the form's own script failing to load (a root error from the resolver).
  const alert = failure ?? (errors.root?.message ? { text: errors.root.message, taken: false } : null);

  return (
    <Card className="sm:p-8">
      <h2 id="waitlist-title" className="text-3xl font-bold text-wine-900">
        Join the Waitlist
      </h2>
      <p className="mt-2 text-muted">Tell us a little about yourself and we'll invite you to the next evening near you.</p>
      <form aria-labelledby="waitlist-title" onSubmit={onSubmit} onFocus={() => void loadResolver().catch(() => undefined)} noValidate className="mt-6 space-y-5">
        <TextField label="Full name" autoComplete="name" autoCapitalize="words" error={errors.name?.message} {...field('name')} />
        <TextField
          label="Email address"
          type="email"
          inputMode="email"
          autoComplete="email"
          autoCapitalize="off"
          spellCheck={false}
          placeholder="you@example.com"
          error={errors.email?.message}
          {...field('email')}
        />
        <TextField
          label="Age"
          type="number"
          inputMode="numeric"
          min={AGE.min}
          max={AGE.max}
          step={1}
          className="[&_input]:max-w-32"
          error={errors.age?.message}
          {...field('age')}
        />
        <TextAreaField
          label="About you"
          rows={4}
          placeholder="What brings you here? What do you enjoy?"
          hint="A few sentences is perfect."
          error={errors.bio?.message}
          {...field('bio')}
        />
        <TextField
          label="Interests and hobbies"
          autoCapitalize="off"
          placeholder="walking, board games, coffee"
          hint="Separate them with commas."
          error={errors.interests?.message}
          {...field('interests')}
        />

        {alert && (
          <div role="alert" className="flex gap-3 rounded-2xl border-2 border-red-200 bg-red-50 p-4 text-red-800">
            <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p className="font-medium">
              {alert.text}
              {alert.taken && (
                <>
                  {' '}
                  <Link to="/login" className="font-semibold underline underline-offset-4">
                    Log in
                  </Link>
                </>
              )}
            </p>
          </div>
        )}

        <Button type="submit" size="lg" block disabled={submitting}>
          {submitting ? 'Joining...' : 'Join the Waitlist'}
        </Button>
      </form>
    </Card>
  );
}
