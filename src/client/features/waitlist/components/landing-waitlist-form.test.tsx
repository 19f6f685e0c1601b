import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { KEYS } from '@client/lib/session';
import { fakeServer, renderAt, Reply, type FakeRequest } from '@client/test/render';
import { refusal, TAKEN } from '../waitlist.fixtures';
import { LandingWaitlistForm } from './landing-waitlist-form';

/** POST /api/users as the server answers it now (docs/decisions/0070): 202, a code mailed to the address it keeps. */
const codeSent = (req: FakeRequest) =>
  new Reply(202, {
    message: 'We sent a 6-digit code to your email. It works for 10 minutes.',
    email: (req.body as { email: string }).email.trim().toLowerCase(),
  });

const field = (name: string) => screen.getByRole('textbox', { name });
const age = () => screen.getByRole('spinbutton', { name: 'Age' });
const join = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));

async function fill(user: UserEvent, values: Partial<Record<'name' | 'email' | 'age' | 'bio' | 'interests', string>>) {
  const all = {
    name: 'Alex Morgan',
    email: 'Alex@Example.com',
    age: '34',
    bio: 'New to Prestwich, love a pub quiz.',
    interests: 'walking, , board games ,coffee',
    ...values,
  };
  if (all.name) await user.type(field('Full name'), all.name);
  if (all.email) await user.type(field('Email address'), all.email);
  if (all.age) await user.type(age(), all.age);
  if (all.bio) await user.type(field('About you'), all.bio);
  if (all.interests) await user.type(field('Interests and hobbies'), all.interests);
}

test('an empty form gets every spec message and sends nothing', async () => {
  const server = fakeServer({});
  const { user } = renderAt(<LandingWaitlistForm />);
  expect(screen.getByRole('form', { name: 'Join the Waitlist' })).toBeInTheDocument();
  await join(user);
  expect(await screen.findByText('Please enter your full name')).toBeInTheDocument();
  expect(screen.getByText('Please enter your email address')).toBeInTheDocument();
  expect(screen.getByText('Please enter your age')).toBeInTheDocument();
  expect(screen.getByText('Please tell us a bit about yourself')).toBeInTheDocument();
  expect(screen.getByText('Please share your interests and hobbies')).toBeInTheDocument();
  expect(field('Full name')).toHaveAccessibleDescription('Please enter your full name');
  expect(server.calls).toHaveLength(0);
});

test('a bad e-mail, an age outside 18-80, a short bio and too few interests get their messages', async () => {
  const server = fakeServer({});
  const { user } = renderAt(<LandingWaitlistForm />);
  await fill(user, { email: 'alex@nowhere', age: '81', bio: 'Hi there', interests: 'golf' });
  await join(user);
  expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  expect(screen.getByText('Age must be between 18 and 80')).toBeInTheDocument();
  expect(screen.getByText('Please write at least 10 characters about yourself')).toBeInTheDocument();
  expect(screen.getByText('Please list at least a few interests')).toBeInTheDocument();

  await user.clear(age());
  await user.type(age(), '17');
  await join(user);
  expect(await screen.findByText('Age must be between 18 and 80')).toBeInTheDocument();
  expect(server.calls).toHaveLength(0);
});

test("a field's error clears as soon as it is edited", async () => {
  fakeServer({});
  const { user } = renderAt(<LandingWaitlistForm />);
  await join(user);
  expect(await screen.findByText('Please enter your full name')).toBeInTheDocument();
  await user.type(field('Full name'), 'A');
  expect(screen.queryByText('Please enter your full name')).not.toBeInTheDocument();
  expect(field('Full name')).not.toHaveAttribute('aria-invalid');
  expect(screen.getByText('Please enter your email address')).toBeInTheDocument();
});

test('joining sends the spec payload and opens /login at the code for that address: nobody is signed in before the code', async () => {
  const server = fakeServer({ 'POST /api/users': codeSent });
  const { user, router } = renderAt(<LandingWaitlistForm />);
  await fill(user, {});
  await join(user);

  // docs/decisions/0070: the code proves the address; /login opens at it (the address in the navigation state).
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(router.state.location.search).toBe('');
  expect(router.state.location.state).toEqual({ email: 'alex@example.com' });
  expect(server.calls).toHaveLength(1);
  expect(server.calls[0]!.url.pathname).toBe('/api/users');
  expect(server.calls[0]!.body).toEqual({
    name: 'Alex Morgan',
    email: 'Alex@Example.com',
    username: 'Alex@Example.com',
    age: 34,
    bio: 'New to Prestwich, love a pub quiz.',
    interests: ['walking', 'board games', 'coffee'],
    contactInfo: null,
    profileImage: null,
    personalityTraits: {},
    preferences: {},
    communicationStyle: null,
  });
  expect(localStorage.getItem(KEYS.userId)).toBeNull();
  expect(localStorage.getItem(KEYS.email)).toBeNull();
  // The old welcome card is gone from the form: the welcome comes after the code, on /login.
  expect(screen.queryByRole('heading', { name: 'Welcome to the Community!' })).not.toBeInTheDocument();
});

test('a visitor who came to book (next) keeps it on the way to the code', async () => {
  fakeServer({ 'POST /api/users': codeSent });
  const { user, router } = renderAt(<LandingWaitlistForm next="/checkout/7" />);
  await fill(user, {});
  await join(user);
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/checkout/7')}`);
  expect(router.state.location.state).toEqual({ email: 'alex@example.com' });
});

test('a taken e-mail keeps what was typed and offers the login', async () => {
  fakeServer({ 'POST /api/users': refusal(409, TAKEN) });
  const { user } = renderAt(<LandingWaitlistForm />);
  await fill(user, {});
  await join(user);
  expect(await screen.findByRole('alert')).toHaveTextContent(`Error: ${TAKEN}`);
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  expect(field('Full name')).toHaveValue('Alex Morgan');
  expect(field('Email address')).toHaveValue('Alex@Example.com');
  expect(localStorage.getItem(KEYS.userId)).toBeNull();
});

test("the server's field errors show under their fields too", async () => {
  fakeServer({
    'POST /api/users': refusal(400, 'Name can only contain letters, spaces, hyphens and apostrophes', [
      { path: 'name', message: 'Name can only contain letters, spaces, hyphens and apostrophes' },
    ]),
  });
  const { user } = renderAt(<LandingWaitlistForm />);
  await fill(user, {});
  await join(user);
  expect(await screen.findByText('Error: Name can only contain letters, spaces, hyphens and apostrophes')).toBeInTheDocument();
  expect(field('Full name')).toHaveAccessibleDescription('Name can only contain letters, spaces, hyphens and apostrophes');
  expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
});

test('a dropped connection says so, and the button is back', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
  const { user } = renderAt(<LandingWaitlistForm />);
  await fill(user, {});
  await join(user);
  expect(await screen.findByText('Network error. Please try again.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Join the Waitlist' })).toBeEnabled();
});

test('while joining, the button reads Joining... and cannot be pressed again', async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const server = fakeServer({
    'POST /api/users': async (req: FakeRequest) => {
      await gate;
      return codeSent(req);
    },
  });
  const { user, router } = renderAt(<LandingWaitlistForm />);
  await fill(user, {});
  await join(user);
  const busy = await screen.findByRole('button', { name: 'Joining...' });
  expect(busy).toBeDisabled();
  await user.click(busy);
  release();
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(server.calls).toHaveLength(1);
});
