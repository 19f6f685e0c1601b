import { screen } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { fakeServer, renderAt } from '@client/test/render';
import { LoginForm, loginLinkFrom } from './login-form';

// The console's sign-in link (`npm run admin -- login-link`, docs/decisions/0089): /login#email=…&code=…

test('a sign-in link gives its address and code; anything else is no link', () => {
  expect(loginLinkFrom('#email=admin%40example.com&code=012345')).toEqual({ email: 'admin@example.com', code: '012345' });
  expect(loginLinkFrom('')).toBeNull();
  expect(loginLinkFrom('#email=admin%40example.com')).toBeNull();
  expect(loginLinkFrom('#email=admin%40example.com&code=12345')).toBeNull();
  expect(loginLinkFrom('#email=not-an-address&code=123456')).toBeNull();
});

test('the link opens the code step with the code filled in: one press signs in with it', async () => {
  const email = 'admin@example.com';
  const server = fakeServer({ 'POST /api/auth/verify': { id: 1, email, name: 'Admin', created: false } });
  const onSignedIn = vi.fn();
  const { user } = renderAt(<LoginForm onSignedIn={onSignedIn} sentTo={email} code="012345" />, { path: '/login' });
  expect(await screen.findByLabelText('Login code')).toHaveValue('012345');
  expect(screen.getByText(/sign-in link filled in the code/)).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Log In' }));
  // The code's rules load with the first check (a cold import of zod on a busy machine): more than waitFor's default second.
  await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ created: false, name: 'Admin' }), { timeout: 10_000 });
  expect(server.calls.find((c) => c.url.pathname === '/api/auth/verify')?.body).toEqual({ email, code: '012345' });
});
