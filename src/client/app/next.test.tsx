import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { afterEach, expect, test } from 'vitest';
import type { PublicEvening } from '@shared/schemas/public-evening';
import { createQueryClient } from '@client/lib/query-client';
import { KEYS } from '@client/lib/session';
import { fakeServer, renderAt, Reply, type FakeRequest } from '@client/test/render';
import { Component as Home } from './routes/home';
import { Component as Login } from './routes/login';
import { Component as SimpleSignup } from './routes/simple-signup';
import { Component as WaitlistSignup } from './routes/waitlist-signup';

/**
 * `?next=` survives the code login and the signup forms: a visitor who pressed Book signs up or in
 * and lands on that evening's checkout, never on / (docs/decisions/0048). A signup form mails the
 * code and opens /login at it; the account and the welcome come with the code (docs/decisions/0070).
 */
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

const CHECKOUT = '/checkout/7';
const at = (path: string) => `${path}?next=${encodeURIComponent(CHECKOUT)}`;
const UNSAFE = ['//evil.com', 'https://evil.com', '/\\evil.com'];

/** POST /api/users as the server answers it (docs/decisions/0070): 202, a code mailed to the address it keeps. */
const codeSent = (req: FakeRequest) =>
  new Reply(202, {
    message: 'We sent a 6-digit code to your email. It works for 10 minutes.',
    email: (req.body as { email: string }).email.trim().toLowerCase(),
  });

/** The evening of CHECKOUT, as its public page is served. */
const EVENING: PublicEvening = {
  id: 7,
  title: 'Prestwich Friday Friends',
  description: 'A relaxed evening at the bar.',
  date: '2026-12-11T19:00:00.000Z',
  endsAt: '2026-12-11T21:00:00.000Z',
  startTime: '19:00',
  endTime: '21:00',
  price: 1500,
  state: 'open',
  spotsLeft: 7,
  maxParticipants: 12,
  ageRangeMin: 25,
  ageRangeMax: 45,
  roundDuration: 300,
  venue: { name: 'The Wine Bar', address: '12 Bury New Road', city: 'Prestwich', latitude: 53.5333, longitude: -2.2833 },
  hostFirstName: 'Hannah',
  host: { bio: null, image: null, moreEvenings: [] },
  going: 0,
  url: 'http://localhost/events/7',
  image: 'http://localhost/api/events/7/card.png',
};

/** A new member's sign-up, then their code: the server's answers. */
const newMember = (email: string, name: string) => ({
  'POST /api/users': codeSent,
  'POST /api/auth/verify': { id: 8, email, name, created: true },
  'GET /api/auth/me': { id: 8, email, name, roles: ['member'] },
});

/**
 * A signup form's page and /login as the app routes them, with the app's toaster outside the
 * routes (a toast outlives the navigation that follows it); anywhere else reads 'Elsewhere'.
 */
function renderWithLogin(path: string, form?: { pattern: string; element: ReactElement }) {
  const router = createMemoryRouter(
    [...(form ? [{ path: form.pattern, element: form.element }] : []), { path: '/login', element: <Login /> }, { path: '*', element: <p>Elsewhere</p> }],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RouterProvider router={router} />
      <Toaster />
    </QueryClientProvider>,
  );
  const location = () => router.state.location.pathname + router.state.location.search;
  return { user, router, location };
}

/** /login opened at the code for `email` (no e-mail asked again): enter it. */
async function enterCode(user: UserEvent, email: string) {
  const code = await screen.findByLabelText('Login code');
  expect(screen.getByText(/We sent a 6-digit code to/)).toHaveTextContent(`We sent a 6-digit code to ${email}. It works for 10 minutes.`);
  expect(screen.queryByLabelText('Email address')).not.toBeInTheDocument();
  await user.type(code, '123456');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
}

async function fillLanding(user: UserEvent) {
  await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Alex Morgan');
  await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'Alex@Example.com');
  await user.type(screen.getByRole('spinbutton', { name: 'Age' }), '34');
  await user.type(screen.getByRole('textbox', { name: 'About you' }), 'New to Prestwich, love a pub quiz.');
  await user.type(screen.getByRole('textbox', { name: 'Interests and hobbies' }), 'walking, board games, coffee');
  await user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
}

const verifies = (calls: FakeRequest[]) => calls.filter((c) => c.url.pathname === '/api/auth/verify').map((c) => c.body);

test('the waitlist form on / keeps ?next= through the code: /login names the evening, and the new member lands on its checkout, welcomed', async () => {
  const server = fakeServer({ ...newMember('alex@example.com', 'Alex Morgan'), 'GET /api/events/7/public': EVENING });
  const { user, router, location } = renderWithLogin(at('/'), { pattern: '/', element: <Home /> });
  await fillLanding(user);

  expect(await screen.findByRole('heading', { name: 'Book Prestwich Friday Friends' })).toBeInTheDocument();
  expect(location()).toBe(at('/login'));
  await enterCode(user, 'alex@example.com');

  await screen.findByText('Elsewhere');
  expect(router.state.location.pathname).toBe(CHECKOUT);
  expect(await screen.findByText('Welcome to the Community!')).toBeInTheDocument();
  expect(screen.getByText('Your account is ready, Alex Morgan.')).toBeInTheDocument();
  expect(verifies(server.calls)).toEqual([{ email: 'alex@example.com', code: '123456' }]);
  expect(localStorage.getItem(KEYS.userId)).toBe('8');
  expect(localStorage.getItem(KEYS.email)).toBe('alex@example.com');
});

test.each(UNSAFE)('the form on / ignores next=%s: after the code the new member is welcomed on the evenings, never off-site', async (next) => {
  fakeServer(newMember('alex@example.com', 'Alex Morgan'));
  const { user, router, location } = renderWithLogin(`/?next=${encodeURIComponent(next)}`, { pattern: '/', element: <Home /> });
  await fillLanding(user);

  expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  expect(location()).toBe('/login');
  await enterCode(user, 'alex@example.com');

  await screen.findByText('Elsewhere');
  expect(router.state.location.pathname).toBe('/events');
  expect(await screen.findByText('Welcome to the Community!')).toBeInTheDocument();
});

test('/simple-signup keeps ?next= through the code, and its Log in link keeps it', async () => {
  const server = fakeServer(newMember('sam@example.com', 'Sam Lee'));
  const { user, router, location } = renderWithLogin(at('/simple-signup'), { pattern: '/simple-signup', element: <SimpleSignup /> });
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', at('/login'));
  await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Sam Lee');
  await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'sam@example.com');
  await user.type(screen.getByRole('spinbutton', { name: 'Age' }), '29');
  await user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));

  await screen.findByLabelText('Login code');
  expect(location()).toBe(at('/login'));
  expect(server.calls.filter((c) => c.url.pathname === '/api/users')).toHaveLength(1);
  await enterCode(user, 'sam@example.com');
  await screen.findByText('Elsewhere');
  expect(router.state.location.pathname).toBe(CHECKOUT);
  expect(await screen.findByText('Welcome to the Community!')).toBeInTheDocument();
});

test('/waitlist-signup without ?next=: after the code the new member is welcomed on the evenings', async () => {
  fakeServer(newMember('sam@example.com', 'Sam Lee'));
  const { user, router, location } = renderWithLogin('/waitlist-signup', { pattern: '/waitlist-signup', element: <WaitlistSignup /> });
  await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Sam Lee');
  await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'sam@example.com');
  await user.type(screen.getByRole('spinbutton', { name: 'Age' }), '29');
  await user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));

  await screen.findByLabelText('Login code');
  expect(location()).toBe('/login');
  await enterCode(user, 'sam@example.com');
  await screen.findByText('Elsewhere');
  expect(router.state.location.pathname).toBe('/events');
  expect(await screen.findByText('Welcome to the Community!')).toBeInTheDocument();
  expect(screen.getByText('Your account is ready, Sam Lee.')).toBeInTheDocument();
});

/** A member logs in at `path` (e-mail, then code); the e-mail button reads `button`. */
async function logIn(path: string, { button = 'Access My Account', routes = {} }: { button?: string; routes?: Record<string, unknown> } = {}) {
  const email = 'member@example.com';
  fakeServer({
    'POST /api/auth/login': { message: 'Code sent', email },
    'POST /api/auth/verify': { id: 3, email, name: 'Mia Member', created: false },
    'GET /api/auth/me': { id: 3, email, name: 'Mia Member', roles: ['member'] },
    ...routes,
  });
  const view = renderWithLogin(path);
  await view.user.type(await screen.findByLabelText('Email address'), email);
  await view.user.click(await screen.findByRole('button', { name: button }));
  await view.user.type(await screen.findByLabelText('Login code'), '123456');
  await view.user.click(screen.getByRole('button', { name: 'Log In' }));
  await screen.findByText('Elsewhere');
  // A member who already had an account is not welcomed as new.
  expect(screen.queryByText('Welcome to the Community!')).not.toBeInTheDocument();
  return view.router.state.location;
}

test('the code login goes on to ?next= (for an evening the button reads Continue); "New here?" keeps it for the signup form', async () => {
  fakeServer({});
  const first = renderAt(<Login />, { path: at('/login'), pattern: '/login' });
  expect(screen.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute('href', at('/'));
  first.unmount();
  const location = await logIn(at('/login'), { button: 'Continue', routes: { 'GET /api/events/7/public': EVENING } });
  expect(location.pathname).toBe(CHECKOUT);
});

test.each(UNSAFE)('the code login ignores next=%s and opens the evenings', async (next) => {
  expect((await logIn(`/login?next=${encodeURIComponent(next)}`)).pathname).toBe('/events');
});
