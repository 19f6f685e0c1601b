import { useState } from 'react';
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

const NOT_FOUND = 'Email not found. Please check your email or sign up first.';

/** Passwordless login: e-mail, then the 6-digit code we mail. */
export function LoginForm({ onSignedIn, signupHref = '/' }: { onSignedIn: () => void; signupHref?: string }) {
  const [email, setEmail] = useState<string | null>(null);
  return email ? <CodeStep email={email} onBack={() => setEmail(null)} onSignedIn={onSignedIn} /> : <EmailStep onSent={setEmail} signupHref={signupHref} />;
}

/** `signupHref`: where "New here?" leads (the signup form, keeping where to go afterwards). */
function EmailStep({ onSent, signupHref }: { onSent: (email: string) => void; signupHref: string }) {
  const start = useStartLogin();
  const [networkError, setNetworkError] = useState(false);
  const form = useForm({ resolver: emailRules, defaultValues: { email: '' } });
  const submit = form.handleSubmit(async ({ email }) => {
    setNetworkError(false);
    try {
      const res = await start.mutateAsync(email);
      toast.success('Check your email', { description: `We sent a 6-digit code to ${res.email}.` });
      onSent(res.email);
    } catch (err) {
      if (err instanceof NetworkError) setNetworkError(true);
      else toast.error('Login Failed', { description: (err instanceof ApiError && err.serverMessage) || NOT_FOUND });
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
          {start.isPending ? 'Sending code…' : 'Access My Account'}
        </Button>
        <p className="text-center text-muted">
          New here?{' '}
          <Link to={signupHref} className="font-semibold text-wine-700 underline underline-offset-4">
            Join the waitlist
          </Link>
        </p>
      </form>
    </Card>
  );
}

function CodeStep({ email, onBack, onSignedIn }: { email: string; onBack: () => void; onSignedIn: () => void }) {
  const verify = useVerifyLogin();
  const resend = useStartLogin();
  const form = useForm({ resolver: codeRules, defaultValues: { code: '' } });
  const submit = form.handleSubmit(async ({ code }) => {
    try {
      await verify.mutateAsync({ email, code });
      onSignedIn();
    } catch (err) {
      if (err instanceof NetworkError) form.setError('code', { message: 'Error: Unable to connect. Please try again.' });
      else form.setError('code', { message: (err instanceof ApiError && err.serverMessage) || 'That code did not work. Please try again.' });
    }
  });
  return (
    <Card>
      <form onSubmit={submit} noValidate className="space-y-5">
        <p className="text-ink">
          We sent a 6-digit code to <strong className="break-all">{email}</strong>. It works for 10 minutes.
        </p>
        <TextField
          label="Login code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder="123456"
          className="[&_input]:text-center [&_input]:text-2xl [&_input]:tracking-[0.4em]"
          error={form.formState.errors.code?.message}
          {...form.register('code')}
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
                onSuccess: () => toast.success('New code sent', { description: 'Use the newest code from your email.' }),
                onError: (err) => toast.error('Login Failed', { description: (err instanceof ApiError && err.serverMessage) || NOT_FOUND }),
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
