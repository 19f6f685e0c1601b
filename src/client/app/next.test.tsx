import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, expect, test } from 'vitest';
import { createdUser } from '@client/features/waitlist/waitlist.fixtures';
import { fakeServer, renderAt } from '@client/test/render';
import { Component as Home } from './routes/home';
import { Component as Login } from './routes/login';
import { Component as SimpleSignup } from './routes/simple-signup';

/**
 * `?next=` survives the code login and the signup forms: a visitor who pressed Book signs up or in
 * and lands on that evening's checkout, never on / (docs/decisions/0048).
 */
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const CHECKOUT = '/checkout/7';
const at = (path: string) => `${path}?next=${encodeURIComponent(CHECKOUT)}`;

async function fillLanding(user: UserEvent) {
  await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Alex Morgan');
  await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'alex@example.com');
  await user.type(screen.getByRole('spinbutton', { name: 'Age' }), '34');
  await user.type(screen.getByRole('textbox', { name: 'About you' }), 'New to Prestwich, love a pub quiz.');
  await user.type(screen.getByRole('textbox', { name: 'Interests and hobbies' }), 'walking, board games, coffee');
  await user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
}

test('the waitlist form on / sends a new member on to ?next= (the checkout), not to the welcome on /', async () => {
  fakeServer({ 'POST /api/users': createdUser });
  const { user, router } = renderAt(<Home />, { path: at('/'), pattern: '/' });
  await fillLanding(user);
  await screen.findByText('Elsewhere');
  expect(router.state.location.pathname).toBe(CHECKOUT);
});

test.each(['//evil.com', 'https://evil.com', '/\\evil.com'])('the form on / ignores next=%s and welcomes the member there', async (next) => {
  fakeServer({ 'POST /api/users': createdUser });
  const { user, router } = renderAt(<Home />, { path: `/?next=${encodeURIComponent(next)}`, pattern: '/' });
  await fillLanding(user);
  expect(await screen.findByRole('heading', { name: 'Welcome to the Community!' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/');
});

test('/simple-signup sends the new member on to ?next=, and its Log in link keeps it', async () => {
  fakeServer({ 'POST /api/users': createdUser });
  const { user, router } = renderAt(<SimpleSignup />, { path: at('/simple-signup'), pattern: '/simple-signup' });
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', at('/login'));
  await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Sam Lee');
  await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'sam@example.com');
  await user.type(screen.getByRole('spinbutton', { name: 'Age' }), '29');
  await user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
  await screen.findByText('Elsewhere');
  expect(router.state.location.pathname).toBe(CHECKOUT);
});

async function logIn(path: string) {
  const email = 'member@example.com';
  fakeServer({
    'POST /api/auth/login': { message: 'Code sent', email },
    'POST /api/auth/verify': { id: 3, email, name: 'Mia Member' },
    'GET /api/auth/me': { id: 3, email, name: 'Mia Member', roles: ['member'] },
  });
  const view = renderAt(
    <>
      <Login />
      <Toaster />
    </>,
    { path, pattern: '/login' },
  );
  await view.user.type(screen.getByLabelText('Email address'), email);
  await view.user.click(screen.getByRole('button', { name: 'Access My Account' }));
  await view.user.type(await screen.findByLabelText('Login code'), '123456');
  await view.user.click(screen.getByRole('button', { name: 'Log In' }));
  await screen.findByText('Elsewhere');
  return view.router.state.location;
}

test('the code login goes on to ?next=; "New here?" keeps it for the signup form', async () => {
  fakeServer({});
  const first = renderAt(<Login />, { path: at('/login'), pattern: '/login' });
  expect(screen.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute('href', at('/'));
  first.unmount();
  expect((await logIn(at('/login'))).pathname).toBe(CHECKOUT);
});

test.each(['//evil.com', 'https://evil.com', '/\\evil.com'])('the code login ignores next=%s and opens the evenings', async (next) => {
  expect((await logIn(`/login?next=${encodeURIComponent(next)}`)).pathname).toBe('/events');
});
