import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { KEYS } from '@client/lib/session';
import { fakeServer, renderAt, Reply, type FakeRequest } from '@client/test/render';
import { refusal, TAKEN } from '../waitlist.fixtures';
import { SignupForm } from './signup-form';

/** POST /api/users as the server answers it now (docs/decisions/0070): 202, a code mailed to the address it keeps. */
const codeSent = (req: FakeRequest) =>
  new Reply(202, {
    message: 'We sent a 6-digit code to your email. It works for 10 minutes.',
    email: (req.body as { email: string }).email.trim().toLowerCase(),
  });

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });
const age = () => screen.getByRole('spinbutton', { name: 'Age' });
const join = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));

async function fillRequired(user: UserEvent, { name = 'Sam Lee', email = 'sam@example.com', years = '29' } = {}) {
  if (name) await user.type(field('Full name'), name);
  if (email) await user.type(field('Email address'), email);
  if (years) await user.type(age(), years);
}

test('name, e-mail and age are required, with the spec messages, before anything is sent', async () => {
  const server = fakeServer({});
  const { user } = renderAt(<SignupForm bioLabel="Bio" />, { path: '/waitlist-signup' });
  expect(field('Bio (optional)')).toBeInTheDocument();
  expect(screen.queryByRole('textbox', { name: /Interests/ })).not.toBeInTheDocument();
  await join(user);
  expect(await screen.findByText('Name is required')).toBeInTheDocument();
  expect(screen.getByText('Email is required')).toBeInTheDocument();
  expect(screen.getByText('Age is required')).toBeInTheDocument();
  expect(age()).toHaveAccessibleDescription('You need to be 18 or over. Age is required');
  expect(server.calls).toHaveLength(0);
});

test('an e-mail without a dotted domain and an age outside 18-100 are refused', async () => {
  const server = fakeServer({});
  const { user } = renderAt(<SignupForm />);
  await fillRequired(user, { email: 'sam@example', years: '17' });
  await join(user);
  expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  expect(screen.getByText('Age must be between 18 and 100')).toBeInTheDocument();
  await user.clear(age());
  await user.type(age(), '101');
  await join(user);
  expect(await screen.findByText('Age must be between 18 and 100')).toBeInTheDocument();
  expect(server.calls).toHaveLength(0);
});

test('/waitlist-signup: an empty bio is sent as null; /login opens at the code for that address, and nobody is signed in before it', async () => {
  const server = fakeServer({ 'POST /api/users': codeSent });
  const { user, router } = renderAt(<SignupForm bioLabel="Bio" />, { path: '/waitlist-signup' });
  await fillRequired(user, { email: 'Sam@Example.com' });
  await user.type(field('Bio (optional)'), '   ');
  await join(user);

  // docs/decisions/0070: the code proves the address; /login opens at it, with the address the server kept.
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(router.state.location.search).toBe('');
  expect(router.state.location.state).toEqual({ email: 'sam@example.com' });
  expect(server.calls).toHaveLength(1);
  expect(server.calls[0]!.body).toEqual({
    name: 'Sam Lee',
    email: 'Sam@Example.com',
    username: 'Sam@Example.com',
    age: 29,
    bio: null,
    interests: [],
    contactInfo: null,
    profileImage: null,
    personalityTraits: {},
    preferences: {},
    communicationStyle: null,
  });
  expect(localStorage.getItem(KEYS.userId)).toBeNull();
  expect(localStorage.getItem(KEYS.email)).toBeNull();
  // No welcome on the form's page any more: it comes after the code.
  expect(screen.queryByRole('heading', { name: 'Welcome to the Community!' })).not.toBeInTheDocument();
});

test('/test-signup: interests are split on commas, trimmed and blanks dropped; the bio is trimmed', async () => {
  const server = fakeServer({ 'POST /api/users': codeSent });
  const { user, router } = renderAt(<SignupForm bioLabel="About" withInterests errorStyle="generic" />, { path: '/test-signup' });
  await fillRequired(user);
  await user.type(field('About (optional)'), '  Just moved here.  ');
  await user.type(field('Interests (optional)'), 'wine, , hiking ,board games,');
  await join(user);
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(router.state.location.state).toEqual({ email: 'sam@example.com' });
  expect(server.calls[0]!.body).toMatchObject({ bio: 'Just moved here.', interests: ['wine', 'hiking', 'board games'] });
});

test('/test-signup: a failure reads the generic sentence; a taken e-mail puts the reason on the field', async () => {
  fakeServer({ 'POST /api/users': refusal(409, TAKEN) });
  const { user } = renderAt(<SignupForm bioLabel="About" withInterests errorStyle="generic" />);
  await fillRequired(user);
  await join(user);
  expect(await screen.findByText('Error submitting form. Please try again.')).toBeInTheDocument();
  expect(field('Email address')).toHaveAccessibleDescription(TAKEN);
  await vi.waitFor(() => expect(field('Email address')).toHaveFocus());
  expect(screen.getByRole('link', { name: 'Log in instead' })).toHaveAttribute('href', '/login');
  expect(localStorage.getItem(KEYS.userId)).toBeNull();
});

test("the server's refusal is quoted and its field errors land on the fields", async () => {
  fakeServer({
    'POST /api/users': refusal(400, 'Each interest must be at most 40 characters', [
      { path: 'interests.0', message: 'Each interest must be at most 40 characters' },
      { path: 'age', message: 'Age must be between 18 and 100' },
    ]),
  });
  const { user } = renderAt(<SignupForm withInterests />);
  await fillRequired(user);
  await user.type(field('Interests (optional)'), 'x'.repeat(41));
  await join(user);
  expect(await screen.findByText('Error: Each interest must be at most 40 characters')).toBeInTheDocument();
  expect(field('Interests (optional)')).toHaveAccessibleDescription(/Each interest must be at most 40 characters/);
  expect(age()).toHaveAccessibleDescription(/Age must be between 18 and 100/);
  expect(screen.queryByRole('link', { name: 'Log in instead' })).not.toBeInTheDocument();
});

test('a refusal without a sentence, and a dropped connection, still say what happened', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('', { status: 502 })),
  );
  const { user } = renderAt(<SignupForm />);
  await fillRequired(user);
  await join(user);
  expect(await screen.findByText('Error: Failed to sign up')).toBeInTheDocument();

  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  await join(user);
  expect(await screen.findByText('Network error. Please try again.')).toBeInTheDocument();
  expect(logged).toHaveBeenCalled();
  logged.mockRestore();
});

test('while joining the button reads Joining... and is disabled', async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  fakeServer({
    'POST /api/users': async (req: FakeRequest) => {
      await gate;
      return codeSent(req);
    },
  });
  const { user, router } = renderAt(<SignupForm />);
  await fillRequired(user);
  await join(user);
  expect(await screen.findByRole('button', { name: 'Joining...' })).toBeDisabled();
  release();
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
});

test('members are pointed to the login', () => {
  renderAt(<SignupForm />);
  return expect(screen.findByRole('link', { name: 'Log in' })).resolves.toHaveAttribute('href', '/login');
});

test('a visitor who pressed Book (next) keeps it on the way to the code, and so do the Log in links', async () => {
  fakeServer({ 'POST /api/users': codeSent });
  const toCode = `/login?next=${encodeURIComponent('/checkout/3')}`;
  const { user, router } = renderAt(<SignupForm bioLabel="Bio" next="/checkout/3" />, { path: '/waitlist-signup' });
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', toCode);
  await fillRequired(user);
  await join(user);
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(router.state.location.pathname + router.state.location.search).toBe(toCode);
  expect(router.state.location.state).toEqual({ email: 'sam@example.com' });
});
