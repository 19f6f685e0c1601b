import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, expect, test, vi } from 'vitest';
import { fakeServer, Reply, renderAt } from '@client/test/render';
import { LoginForm } from './login-form';

const email = 'member@speedfriendship.test';
const refusal = (status: number, message: string) => new Reply(status, { message, error: message });

afterEach(() => {
  toast.dismiss();
});

function renderLogin(routes: Record<string, unknown>) {
  const server = fakeServer({ 'POST /api/auth/login': { message: 'Code sent', email }, ...routes });
  const onSignedIn = vi.fn();
  const view = renderAt(
    <>
      <LoginForm onSignedIn={onSignedIn} />
      <Toaster />
    </>,
    { path: '/login' },
  );
  return { server, onSignedIn, ...view };
}

async function toCodeStep(user: UserEvent) {
  await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Access My Account' }));
  return screen.findByLabelText('Login code');
}

test('the code step says where the code went, and a code that is not 6 digits is refused before sending', async () => {
  const { server, user } = renderLogin({});
  const code = await toCodeStep(user);
  expect(await screen.findByText('Check your email')).toBeInTheDocument();
  expect(screen.getByText(email)).toBeInTheDocument();
  await user.type(code, '12ab');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
  expect(await screen.findByText('Enter the 6-digit code from your email')).toBeInTheDocument();
  expect(server.calls.filter((c) => c.url.pathname === '/api/auth/verify')).toHaveLength(0);
});

test("a wrong code shows the server's reason on the field; the member is not signed in", async () => {
  const { onSignedIn, user } = renderLogin({ 'POST /api/auth/verify': refusal(401, 'Invalid or expired code. 4 attempts left.') });
  await user.type(await toCodeStep(user), '000000');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
  expect(await screen.findByText('Invalid or expired code. 4 attempts left.')).toBeInTheDocument();
  expect(screen.getByLabelText('Login code')).toHaveAttribute('aria-invalid', 'true');
  expect(onSignedIn).not.toHaveBeenCalled();
  expect(localStorage.length).toBe(0);
});

test('a dropped connection while checking the code says so on the field', async () => {
  const { user } = renderLogin({});
  const code = await toCodeStep(user);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
  await user.type(code, '123456');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
  expect(await screen.findByText('Error: Unable to connect. Please try again.')).toBeInTheDocument();
});

test('Send a new code asks again for the same e-mail and confirms', async () => {
  const { server, user } = renderLogin({});
  await toCodeStep(user);
  await user.click(screen.getByRole('button', { name: 'Send a new code' }));
  expect(await screen.findByText('New code sent')).toBeInTheDocument();
  const logins = server.calls.filter((c) => c.url.pathname === '/api/auth/login');
  expect(logins.map((c) => c.body)).toEqual([{ email }, { email }]);
});

test('a refused new code is reported', async () => {
  const { server, user } = renderLogin({});
  await toCodeStep(user);
  server.set('POST /api/auth/login', refusal(429, 'Too many attempts. Please wait 60 seconds and try again.'));
  await user.click(screen.getByRole('button', { name: 'Send a new code' }));
  expect(await screen.findByText('Too many attempts. Please wait 60 seconds and try again.')).toBeInTheDocument();
});

test('Use a different email goes back to the e-mail step', async () => {
  const { user } = renderLogin({});
  await toCodeStep(user);
  await user.click(screen.getByRole('button', { name: 'Use a different email' }));
  expect(screen.getByLabelText('Email address')).toHaveValue('');
  expect(screen.queryByLabelText('Login code')).not.toBeInTheDocument();
});

test("an unknown e-mail gets the spec's sentence; the way to sign up is at hand", async () => {
  const { user } = renderLogin({ 'POST /api/auth/login': refusal(404, 'Email not found. Please check your email or sign up first.') });
  await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Access My Account' }));
  expect(await screen.findByText('Login Failed')).toBeInTheDocument();
  expect(screen.getByText('Email not found. Please check your email or sign up first.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute('href', '/');
});
