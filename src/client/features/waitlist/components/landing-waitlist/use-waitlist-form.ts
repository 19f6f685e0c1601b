import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { splitInterests } from '@shared/domain/constants';
import type { WaitlistFormInput } from '@shared/schemas/users';
import { ApiError, NetworkError } from '@client/lib/api';
import { signUp, toSignupPayload } from '../../api/signup';
import { EMPTY, FIELDS, type Errors, type Failure, type FieldName } from './form-state';
import { loadSchema } from './load-schema';

/**
 * The landing waitlist form's state: each field's props, the submit (checked with the lazily loaded
 * schema, then the signup), whether it is busy, and the alert to show.
 */
export function useWaitlistForm(next: string | null) {
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

  return { field, onSubmit, busy, alert };
}
