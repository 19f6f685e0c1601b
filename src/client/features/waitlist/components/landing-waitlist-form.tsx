import { AlertCircle, CalendarDays, PartyPopper, UserRound } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { AGE, splitInterests } from '@shared/domain/constants';
import type { waitlistForm, WaitlistFormInput } from '@shared/schemas/users';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { TextAreaField, TextField } from '@client/components/ui/field';
import { ApiError, NetworkError } from '@client/lib/api';
import { clearAppQueries } from '@client/lib/app-query-client';
import { resetStorageFor } from '@client/lib/session';
import { signUp, toSignupPayload } from '../api/signup';

type FieldName = keyof WaitlistFormInput;
type Errors = Partial<Record<FieldName | 'root', string>>;

/**
 * zod is the largest piece of JavaScript this page would need, and only a submit needs it: the
 * schema loads when the visitor first touches the form (or presses Join), not with the first paint
 * of /. The form itself is plain React state for the same reason (a form library would be the next
 * largest piece): five fields, checked on submit.
 */
let schema: Promise<typeof waitlistForm> | null = null;
function loadSchema() {
  schema ??= import('@shared/schemas/users').then(
    (m) => m.waitlistForm,
    (err: unknown) => {
      schema = null;
      throw err;
    },
  );
  return schema;
}

const EMPTY: WaitlistFormInput = { name: '', email: '', age: '', bio: '', interests: '' };
const FIELDS = Object.keys(EMPTY) as FieldName[];

interface Failure {
  text: string;
  /** 409: the e-mail already has an account, so point to the login. */
  taken: boolean;
}

/**
 * The waitlist form on /: docs/spec/member-app.md §4, §5 and §8.
 * Validated on submit with the spec's messages (the first field in error gets the focus); a field's
 * error clears as soon as it is edited. A refused signup leaves every field as typed and says why.
 */
export function LandingWaitlistForm({ next = null }: { next?: string | null }) {
  const navigate = useNavigate();
  const [welcome, setWelcome] = useState<string | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [values, setValues] = useState<WaitlistFormInput>(EMPTY);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const welcomeRef = useRef<HTMLHeadingElement>(null);
  const inputs = useRef(new Map<FieldName, HTMLInputElement | HTMLTextAreaElement>());

  useEffect(() => {
    if (welcome !== null) welcomeRef.current?.focus();
  }, [welcome]);

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
      const user = await signUp(toSignupPayload({ name, email, age, bio, interests: splitInterests(interests) }));
      clearAppQueries();
      resetStorageFor(user.id, user.email);
      setValues(EMPTY);
      // Came to book an evening (`?next=`, a path on this site): straight on to it, never left on /.
      if (next) {
        navigate(next, { replace: true });
        return;
      }
      setWelcome(user.name);
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
          Thanks for joining{welcome ? `, ${welcome.split(' ')[0]}` : ''}. You're a member now: book any evening that is open, and we'll email you when new ones
          open near you.
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
