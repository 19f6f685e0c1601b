import { useEffect, useRef, useState, type ClipboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { TextField } from '@client/components/ui/field';
import { ApiError, NetworkError } from '@client/lib/api';
import { lazyZodResolver } from '@client/lib/lazy-zod-resolver';
import { useStartLogin, useVerifyLogin } from '../api/auth';

// The rules load with the first check (zod is most of what /login would otherwise load).
const emailRules = lazyZodResolver(() => import('@shared/schemas/auth').then((m) => m.loginForm));
const codeRules = lazyZodResolver(() => import('@shared/schemas/auth').then((m) => m.codeForm));
const accountRules = lazyZodResolver(() => import('@shared/schemas/auth').then((m) => m.newAccountForm));

const CANNOT_SEND = 'We could not send a code. Please try again.';
/** The "Check your email" toast's id: it goes once the code has signed the member in (it sat over the next screen's heading). */
const CODE_SENT = 'code-sent';

export interface SignedIn {
  /** True when this code made the account (a new member). */
  created: boolean;
  name: string;
}

interface LoginFormProps {
  onSignedIn: (who: SignedIn) => void;
  /** Where "join the waitlist" leads (keeping where to go afterwards). */
  signupHref?: string;
  /** The evening the visitor is on their way to book, by title: the words name it. */
  evening?: string | null;
  /** A sign-up form already sent the code to this address: start at the code. */
  sentTo?: string | null;
  /** The code, when a sign-in link carried it (`npm run admin -- login-link`, docs/decisions/0089): filled in, for one press. */
  code?: string | null;
}

/** The address and code of a sign-in link, /login#email=…&code=…, or null. */
export function loginLinkFrom(hash: string): { email: string; code: string } | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const email = params.get('email');
  const code = params.get('code');
  return email && /^[^\s@]+@[^\s@]+$/.test(email) && code && /^\d{6}$/.test(code) ? { email, code } : null;
}

/**
 * One way in, for log-in and sign-up alike (docs/decisions/0070): the e-mail, then the 6-digit code
 * we mail to any address, then, only for a new address, a first name and age. Nothing typed is asked twice.
 */
export function LoginForm({ onSignedIn: settled, signupHref = '/', evening = null, sentTo = null, code = null }: LoginFormProps) {
  const [email, setEmail] = useState<string | null>(sentTo);
  const [proven, setProven] = useState<{ code: string } | null>(null);
  const onSignedIn = (who: SignedIn) => {
    toast.dismiss(CODE_SENT);
    settled(who);
  };
  if (!email) return <EmailStep onSent={setEmail} signupHref={signupHref} evening={evening} />;
  if (!proven)
    return (
      <CodeStep
        email={email}
        initialCode={email === sentTo ? code : null}
        onBack={() => setEmail(null)}
        onSignedIn={onSignedIn}
        onNewAddress={(c) => setProven({ code: c })}
      />
    );
  return <AccountStep email={email} code={proven.code} evening={evening} onSignedIn={onSignedIn} />;
}

function EmailStep({ onSent, signupHref, evening }: { onSent: (email: string) => void; signupHref: string; evening: string | null }) {
  const start = useStartLogin();
  const [networkError, setNetworkError] = useState(false);
  const form = useForm({ resolver: emailRules, defaultValues: { email: '' } });
  const submit = form.handleSubmit(async ({ email }) => {
    setNetworkError(false);
    try {
      const res = await start.mutateAsync(email);
      toast.success('Check your email', { id: CODE_SENT, description: `We sent a 6-digit code to ${res.email}.` });
      onSent(res.email);
    } catch (err) {
      if (err instanceof NetworkError) setNetworkError(true);
      else toast.error('Login Failed', { description: (err instanceof ApiError && err.serverMessage) || CANNOT_SEND });
    }
  });
  return (
    <Card>
      <form onSubmit={submit} noValidate className="space-y-5">
        <TextField
          label="Email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          placeholder="you@example.com"
          error={form.formState.errors.email?.message}
          {...form.register('email')}
        />
        {networkError && (
          <p role="alert" className="font-medium text-red-700">
            Error: Unable to connect. Please try again.
          </p>
        )}
        <Button type="submit" block size="lg" disabled={start.isPending}>
          {start.isPending ? 'Sending code…' : evening ? 'Continue' : 'Access My Account'}
        </Button>
        {/* With an evening named, the page's own line already says a newcomer is welcome here. */}
        {!evening && (
          <p className="text-center text-muted">
            New here? Enter your e-mail all the same: after the code we ask only your first name and age. Or{' '}
            <Link to={signupHref} className="font-semibold text-wine-700 underline underline-offset-4">
              Join the waitlist
            </Link>
            .
          </p>
        )}
      </form>
    </Card>
  );
}

/** A pasted or autofilled code keeps only its digits ("123 456" works). */
const digitsOf = (text: string) => text.replace(/\D/g, '').slice(0, 6);

function CodeStep({
  email,
  initialCode,
  onBack,
  onSignedIn,
  onNewAddress,
}: {
  email: string;
  initialCode: string | null;
  onBack: () => void;
  onSignedIn: (who: SignedIn) => void;
  onNewAddress: (code: string) => void;
}) {
  const verify = useVerifyLogin();
  const resend = useStartLogin();
  const form = useForm({ resolver: codeRules, defaultValues: { code: initialCode ?? '' } });
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      const answer = await verify.mutateAsync({ email, code });
      if ('needsProfile' in answer) onNewAddress(code);
      else onSignedIn({ created: answer.created, name: answer.name });
    } catch (err) {
      if (err instanceof NetworkError) form.setError('code', { message: 'Error: Unable to connect. Please try again.' });
      else form.setError('code', { message: (err instanceof ApiError && err.serverMessage) || 'That code did not work. Please try again.' });
    }
  });
  const field = form.register('code');
  const onPaste = (e: ClipboardEvent<HTMLInputElement>) => {
    const digits = digitsOf(e.clipboardData.getData('text'));
    if (!digits) return;
    e.preventDefault();
    form.setValue('code', digits, { shouldDirty: true });
    // Six digits pasted: nothing left to type.
    if (digits.length === 6) void submit();
  };
  return (
    <Card>
      <form onSubmit={submit} noValidate className="space-y-5">
        <p className="text-ink">
          {initialCode ? (
            <>
              Your sign-in link filled in the code for <strong className="break-all">{email}</strong>. Press Log In: it works once, for 10 minutes.
            </>
          ) : (
            <>
              We sent a 6-digit code to <strong className="break-all">{email}</strong>. It works for 10 minutes.
            </>
          )}
        </p>
        <TextField
          label="Login code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          placeholder="123456"
          className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.4em]"
          error={form.formState.errors.code?.message}
          {...field}
          onPaste={onPaste}
        />
        <Button type="submit" block size="lg" disabled={verify.isPending}>
          {verify.isPending ? 'Checking…' : 'Log In'}
        </Button>
        <div className="flex flex-wrap justify-between gap-2">
          <Button variant="ghost" size="sm" onClick={onBack}>
            Use a different email
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={resend.isPending}
            onClick={() =>
              resend.mutate(email, {
                onSuccess: () => toast.success('New code sent', { id: CODE_SENT, description: 'Use the newest code from your email.' }),
                onError: (err) => toast.error('Login Failed', { description: (err instanceof ApiError && err.serverMessage) || CANNOT_SEND }),
              })
            }
          >
            Send a new code
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** A new address, proven by its code: the two things an account needs, on the same screen. */
function AccountStep({ email, code, evening, onSignedIn }: { email: string; code: string; evening: string | null; onSignedIn: (who: SignedIn) => void }) {
  const verify = useVerifyLogin();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const form = useForm({ resolver: accountRules, defaultValues: { name: '', age: '' as unknown as number } });
  const { errors } = form.formState;
  const submit = form.handleSubmit(async ({ name, age }) => {
    try {
      const answer = await verify.mutateAsync({ email, code, name, age });
      if (!('needsProfile' in answer)) onSignedIn({ created: answer.created, name: answer.name });
    } catch (err) {
      if (err instanceof NetworkError) form.setError('root', { message: 'Error: Unable to connect. Please try again.' });
      else if (err instanceof ApiError && Object.keys(err.fieldErrors).length) {
        for (const [path, message] of Object.entries(err.fieldErrors)) if (path === 'name' || path === 'age') form.setError(path, { message });
      } else form.setError('root', { message: (err instanceof ApiError && err.serverMessage) || 'Something went wrong. Please try again.' });
    }
  });
  return (
    <Card>
      <form onSubmit={submit} noValidate className="space-y-5">
        <div>
          <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold text-wine-900 focus:outline-none">
            {evening ? `Create your account to book ${evening}` : 'Create your account'}
          </h2>
          <p className="mt-1 text-ink">
            <strong className="break-all">{email}</strong> is confirmed. Two last things: what should people call you, and how old are you? Our evenings are for
            18 and over.
          </p>
        </div>
        <TextField label="First name" autoComplete="given-name" autoCapitalize="words" error={errors.name?.message} {...form.register('name')} />
        <TextField
          label="Age"
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          className="[&_input]:max-w-32"
          error={errors.age?.message}
          {...form.register('age')}
        />
        {errors.root?.message && (
          <p role="alert" className="font-medium text-red-700">
            {errors.root.message}
          </p>
        )}
        <Button type="submit" block size="lg" disabled={verify.isPending}>
          {verify.isPending ? 'Creating your account…' : 'Create my account'}
        </Button>
      </form>
    </Card>
  );
}
