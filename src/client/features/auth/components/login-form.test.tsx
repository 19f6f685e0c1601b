import { screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { expect, test, vi } from 'vitest';
import { KEYS } from '@client/lib/session';
import { fakeServer, renderAt } from '@client/test/render';
import { LoginForm } from './login-form';

const email = 'member@speedfriendship.test';

test('e-mail, then the mailed code, signs the member in and remembers them', async () => {
  const server = fakeServer({
    'POST /api/auth/login': { message: 'Code sent', email },
    'POST /api/auth/verify': { id: 7, email, name: 'Member', created: false },
  });
  const onSignedIn = vi.fn();
  const { user } = renderAt(<LoginForm onSignedIn={onSignedIn} />, { path: '/login' });

  await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Access My Account' }));
  await user.type(await screen.findByLabelText('Login code'), '123456');
  await user.click(screen.getByRole('button', { name: /log in|verify|sign in/i }));

  await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ created: false, name: 'Member' }));
  expect(server.calls.find((c) => c.url.pathname === '/api/auth/verify')?.body).toEqual({ email, code: '123456' });
  expect(localStorage.getItem(KEYS.userId)).toBe('7');
});

test('the "Check your email" toast goes once the code has signed the member in, not over the next screen', async () => {
  fakeServer({
    'POST /api/auth/login': { message: 'Code sent', email },
    'POST /api/auth/verify': { id: 7, email, name: 'Member', created: false },
  });
  const onSignedIn = vi.fn();
  const { user } = renderAt(
    <>
      <Toaster />
      <LoginForm onSignedIn={onSignedIn} />
    </>,
    { path: '/login' },
  );

  await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Access My Account' }));
  expect(await screen.findByText('Check your email')).toBeInTheDocument();
  await user.type(await screen.findByLabelText('Login code'), '123456');
  await user.click(screen.getByRole('button', { name: /log in|verify|sign in/i }));

  await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
  await waitFor(() => expect(screen.queryByText('Check your email')).not.toBeInTheDocument());
});

test('an e-mail that is not an e-mail is refused before anything is sent', async () => {
  const server = fakeServer({});
  const { user } = renderAt(<LoginForm onSignedIn={() => {}} />);
  await user.type(screen.getByLabelText('Email address'), 'not-an-email');
  await user.click(screen.getByRole('button', { name: 'Access My Account' }));
  expect(await screen.findByText(/valid e-?mail/i)).toBeInTheDocument();
  expect(server.calls).toHaveLength(0);
});

test('a dropped connection says so in the form', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
  const { user } = renderAt(<LoginForm onSignedIn={() => {}} />);
  await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Access My Account' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Unable to connect. Please try again.');
});

// Issue 34: a new address used to get "Email not found" and a waitlist form; now it is the same flow.
test('a new address: after its code, a first name and age on the same screen make the account, with the same code', async () => {
  const server = fakeServer({
    'POST /api/auth/login': { message: 'Code sent', email },
    'POST /api/auth/verify': { needsProfile: true, email, message: 'Your e-mail is confirmed.' },
  });
  const onSignedIn = vi.fn();
  const { user } = renderAt(<LoginForm onSignedIn={onSignedIn} evening="Thursday Night Speed Friendship" />, { path: '/login' });
  await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.type(await screen.findByLabelText('Login code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Log In' }));

  expect(await screen.findByRole('heading', { name: 'Create your account to book Thursday Night Speed Friendship' })).toHaveFocus();
  expect(onSignedIn).not.toHaveBeenCalled();
  await user.type(screen.getByLabelText('First name'), 'Priya');
  await user.type(screen.getByLabelText('Age'), '17');
  await user.click(screen.getByRole('button', { name: 'Create my account' }));
  expect(await screen.findByText('Must be at least 18 years old')).toBeInTheDocument();
  expect(server.calls.filter((c) => c.url.pathname === '/api/auth/verify')).toHaveLength(1);

  server.set('POST /api/auth/verify', { id: 9, email, name: 'Priya', created: true });
  await user.clear(screen.getByLabelText('Age'));
  await user.type(screen.getByLabelText('Age'), '27');
  await user.click(screen.getByRole('button', { name: 'Create my account' }));
  await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ created: true, name: 'Priya' }));
  expect(server.calls.filter((c) => c.url.pathname === '/api/auth/verify').at(-1)?.body).toEqual({ email, code: '123456', name: 'Priya', age: 27 });
  expect(localStorage.getItem(KEYS.userId)).toBe('9');
});

test('a pasted code with a space in it is taken as its six digits and sent at once', async () => {
  const server = fakeServer({
    'POST /api/auth/login': { message: 'Code sent', email },
    'POST /api/auth/verify': { id: 7, email, name: 'Member', created: false },
  });
  const onSignedIn = vi.fn();
  const { user } = renderAt(<LoginForm onSignedIn={onSignedIn} />, { path: '/login' });
  await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Access My Account' }));
  const field = await screen.findByLabelText('Login code');
  expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  expect(field).toHaveAttribute('inputmode', 'numeric');
  await user.click(field);
  await user.paste('123 456');
  await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
  expect(server.calls.find((c) => c.url.pathname === '/api/auth/verify')?.body).toEqual({ email, code: '123456' });
});

test('a sign-up form that already sent the code opens at the code', async () => {
  fakeServer({});
  renderAt(<LoginForm onSignedIn={() => {}} sentTo={email} />, { path: '/login' });
  expect(await screen.findByLabelText('Login code')).toBeInTheDocument();
  expect(screen.getByText(email)).toBeInTheDocument();
});
