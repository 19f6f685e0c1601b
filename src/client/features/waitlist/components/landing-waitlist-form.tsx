import { AlertCircle } from 'lucide-react';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AGE, splitInterests } from '@shared/domain/constants';
import type { WaitlistFormInput } from '@shared/schemas/users';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { TextAreaField, TextField } from '@client/components/ui/field';
import { ApiError, NetworkError } from '@client/lib/api';
import { signUp, toSignupPayload } from '../api/signup';
import { EMPTY, FIELDS, type Errors, type Failure, type FieldName } from './landing-waitlist/form-state';
import { loadSchema } from './landing-waitlist/load-schema';

/**
 * The waitlist form on /: docs/spec/member-app.md §4, §5 and §8.
 * Validated on submit with the spec's messages (the first field in error gets the focus); a field's
 * error clears as soon as it is edited. A refused signup leaves every field as typed and says why.
 */
export function LandingWaitlistForm({ next = null }: { next?: string | null }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<Failure | null>(null);
  const [values, setValues] = useState<WaitlistFormInput>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const inputs = useRef(new Map<FieldName, HTMLInputElement | HTMLTextAreaElement>());

  const field = (name: FieldName) => ({
    name,
    value: values[name],
    error: errors[name],
    ref: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
      if (el) inputs.current.set(name, el);
      else inputs.current.delete(name);
    },
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [name]: value }));
      setErrors(({ [name]: _gone, ...rest }) => rest);
    },
  });

  const showErrors = (found: Errors) => {
    setErrors(found);
    const first = FIELDS.find((f) => found[f]);
    if (first) inputs.current.get(first)?.focus();
  };

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    setBusy(true);
    let parsed;
    try {
      parsed = (await loadSchema()).safeParse(values);
    } catch {
      setBusy(false);
      return setErrors({ root: 'Network error. Please try again.' });
    }
    if (!parsed.success) {
      setBusy(false);
      const found: Errors = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName;
        found[name] ??= issue.message;
      }
      return showErrors(found);
    }
    setErrors({});
    try {
      const { name, email, age, bio, interests } = parsed.data;
      const sent = await signUp(toSignupPayload({ name, email, age, bio, interests: splitInterests(interests) }));
      setValues(EMPTY);
      // The code proves the address before there is an account (docs/decisions/0070): /login opens at
      // the code, and then goes on to where the visitor was going (`?next=`), or to the evenings.
      navigate(next ? `/login?next=${encodeURIComponent(next)}` : '/login', { state: { email: sent.email } });
    } catch (err) {
      if (err instanceof NetworkError) {
        setFailure({ text: 'Network error. Please try again.', taken: false });
        return;
      }
      const apiErr = err instanceof ApiError ? err : null;
      setFailure({ text: `Error: ${apiErr?.serverMessage ?? 'Please try again.'}`, taken: apiErr?.status === 409 });
      // A 400 names the fields it refused: show each message under its field too.
      const found: Errors = {};
      for (const [path, message] of Object.entries(apiErr?.fieldErrors ?? {})) {
        const name = path.split('.')[0] as FieldName;
        if (FIELDS.includes(name)) found[name] ??= message;
      }
      if (Object.keys(found).length) setErrors(found);
    } finally {
      setBusy(false);
    }
  };

  // A refused signup, or the form's own script failing to load.
  const alert = failure ?? (errors.root ? { text: errors.root, taken: false } : null);

  return (
    <Card className="sm:p-8">
      <h2 id="waitlist-title" className="text-3xl font-bold text-wine-900">
        Join the Waitlist
      </h2>
      <p className="mt-2 text-muted">Tell us a little about yourself and we'll invite you to the next evening near you.</p>
      <form
        aria-labelledby="waitlist-title"
        onSubmit={(e) => void onSubmit(e)}
        onFocus={() => void loadSchema().catch(() => undefined)}
        noValidate
        className="mt-6 space-y-5"
      >
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

        {alert && (
          <div role="alert" className="flex gap-3 rounded-2xl border-2 border-red-200 bg-red-50 p-4 text-red-800">
            <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
            <p className="font-medium">
              {alert.text}
              {alert.taken && (
                <>
                  {' '}
                  <Link to={next ? `/login?next=${encodeURIComponent(next)}` : '/login'} className="font-semibold underline underline-offset-4">
                    Log in
                  </Link>
                </>
              )}
            </p>
          </div>
        )}

        <Button type="submit" size="lg" block disabled={busy}>
          {busy ? 'Joining...' : 'Join the Waitlist'}
        </Button>
      </form>
    </Card>
  );
}
