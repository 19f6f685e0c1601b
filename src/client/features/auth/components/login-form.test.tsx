import { screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { KEYS } from '@client/lib/session';
import { fakeServer, Reply, renderAt } from '@client/test/render';
import { LoginForm } from './login-form';

const email = 'member@speedfriendship.test';

test('e-mail, then the mailed code, signs the member in and remembers them', async () => {
  const server = fakeServer({
    'POST /api/auth/login': { message: 'Code sent', email },
    'POST /api/auth/verify': { id: 7, email, name: 'Member', role: 'member' },
  });
  const onSignedIn = vi.fn();
  const { user } = renderAt(<LoginForm onSignedIn={onSignedIn} />, { path: '/login' });

  await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Access My Account' }));
  await user.type(await screen.findByLabelText('Login code'), '123456');
  await user.click(screen.getByRole('button', { name: /log in|verify|sign in/i }));

  await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalled());
  expect(server.calls.find((c) => c.url.pathname === '/api/auth/verify')?.body).toEqual({ email, code: '123456' });
  expect(localStorage.getItem(KEYS.userId)).toBe('7');
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

test('an unknown e-mail stays on the e-mail step', async () => {
  fakeServer({ 'POST /api/auth/login': new Reply(404, { message: 'Email not found. Please check your email or sign up first.' }) });
  const { user } = renderAt(<LoginForm onSignedIn={() => {}} />);
  await user.type(screen.getByLabelText('Email address'), email);
  await user.click(screen.getByRole('button', { name: 'Access My Account' }));
  await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Access My Account' })).toBeEnabled());
  expect(screen.queryByLabelText('Login code')).not.toBeInTheDocument();
});
