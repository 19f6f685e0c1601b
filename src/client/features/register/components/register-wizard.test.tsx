import { act, screen, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, expect, test, vi } from 'vitest';
import type { User } from '@shared/schemas/users';
import { fakeServer, renderAt, Reply, signIn } from '@client/test/render';
import { DRAFT_KEY } from '../lib/draft';
import { RegisterWizard } from './register-wizard';

afterEach(() => sessionStorage.clear());

const member: User = {
  id: 7,
  username: 'alex@speedfriendship.test',
  name: 'Alex Morgan',
  email: 'alex@speedfriendship.test',
  age: 34,
  bio: 'New to Prestwich.',
  interests: ['Board games'],
  profileImage: null,
  contactInfo: null,
  personalityTraits: {},
  preferences: {},
  communicationStyle: null,
  createdAt: '2025-03-10T10:00:00.000Z',
  answers: null,
};

const saved = (over: Partial<User> = {}): User => ({
  ...member,
  interests: ['Wine', 'Film', 'Hiking'],
  personalityTraits: { creative: 10, social: 4, adventurous: 8, analytical: 2 },
  answers: {
    personality: { creative: 5, social: 2, adventurous: 4, analytical: 1, empathetic: 5 },
    motivations: ['Try new experiences'],
    lookingFor: 'Walking buddies',
    completedAt: '2026-11-23T10:00:00.000Z',
  },
  ...over,
});

const next = () => screen.getByRole('button', { name: /^Next/ });
const heading = (name: string) => screen.findByRole('heading', { name, level: 2 });
const progress = () => screen.getByRole('progressbar', { name: 'Registration progress' });

function wizard(memberId: number | null = null) {
  return renderAt(
    <>
      <RegisterWizard memberId={memberId} />
      <Toaster />
    </>,
    { path: '/register' },
  );
}

type U = ReturnType<typeof wizard>['user'];

async function fillPersonal(user: U, name = 'Robin Ashworth', email = 'robin@example.com', age = '34') {
  await user.type(screen.getByLabelText('Full name'), name);
  await user.type(screen.getByLabelText('Email address'), email);
  await user.type(screen.getByLabelText('Age'), age);
}

async function pick(user: U, ...names: string[]) {
  for (const n of names) await user.click(screen.getByRole('checkbox', { name: n }));
}

async function answerAll(user: U, scores: Record<string, number>) {
  for (const [trait, v] of Object.entries(scores)) {
    await user.click(within(screen.getByRole('group', { name: new RegExp(`^${trait}`) })).getByRole('radio', { name: new RegExp(`^${v}`) }));
  }
}

const SCORES = { Creative: 5, Social: 2, Adventurous: 4, Analytical: 1, Empathetic: 5 };

test('step 1 needs name, e-mail and age: Next waits for all three, then shows the messages of bad ones', async () => {
  fakeServer({});
  const { user } = wizard();
  expect(await heading('Personal details')).toBeInTheDocument();
  expect(progress()).toHaveAttribute('aria-valuenow', '25');
  expect(screen.getByText('Step 1 of 4')).toBeInTheDocument();
  expect(next()).toBeDisabled();

  await user.type(screen.getByLabelText('Full name'), 'Robin Ashworth');
  await user.type(screen.getByLabelText('Email address'), 'robin@nowhere');
  expect(next()).toBeDisabled();
  await user.type(screen.getByLabelText('Age'), '17');
  expect(next()).toBeEnabled();
  // Not all set: 17 is under age (the hint agrees with the rules before Next is pressed).
  expect(screen.queryByText('All set: press Next.')).not.toBeInTheDocument();

  await user.click(next());
  expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
  expect(screen.getByText('Age must be between 18 and 100')).toBeInTheDocument();
  // The age's error and "All set" never show together.
  expect(screen.queryByText('All set: press Next.')).not.toBeInTheDocument();
  expect(screen.getByText('Correct the highlighted details to continue.')).toBeInTheDocument();
  expect(screen.getByLabelText('Email address')).toHaveFocus();
  expect(screen.getByRole('heading', { name: 'Personal details' })).toBeInTheDocument();

  // A field's message clears when it is edited.
  await user.type(screen.getByLabelText('Email address'), '.com');
  expect(screen.queryByText('Please enter a valid email address')).not.toBeInTheDocument();
  await user.clear(screen.getByLabelText('Age'));
  await user.type(screen.getByLabelText('Age'), '101');
  await user.click(next());
  expect(screen.getByText('Age must be between 18 and 100')).toBeInTheDocument();
  await user.clear(screen.getByLabelText('Age'));
  await user.type(screen.getByLabelText('Age'), '100');
  expect(screen.getByText('All set: press Next.')).toBeInTheDocument();
  await user.click(next());
  expect(await heading('Your interests')).toHaveFocus();
  expect(progress()).toHaveAttribute('aria-valuenow', '50');
});

test('interests: 3 to 8, the rest locked at 8; Back keeps every answer', async () => {
  fakeServer({});
  const { user } = wizard();
  await fillPersonal(user);
  await user.click(next());
  await heading('Your interests');

  expect(screen.getAllByRole('checkbox')).toHaveLength(18);
  expect(next()).toBeDisabled();
  expect(screen.getByText('Choose at least 3 interests (0 chosen).')).toBeInTheDocument();
  await pick(user, 'Wine', 'Film');
  expect(next()).toBeDisabled();
  expect(screen.getByText('Choose at least 3 interests (2 chosen).')).toBeInTheDocument();
  await pick(user, 'Hiking');
  expect(next()).toBeEnabled();
  expect(screen.getByText('3 of 8 chosen.')).toBeInTheDocument();

  await pick(user, 'Art', 'Music', 'Yoga', 'Tech', 'Travel');
  expect(screen.getByText("That's the most you can choose: 8 of 8 chosen.")).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Gaming' })).toBeDisabled();
  expect(screen.getByRole('checkbox', { name: 'Wine' })).toBeEnabled();
  expect(next()).toBeEnabled();
  // Unticking one frees the others.
  await pick(user, 'Travel');
  expect(screen.getByRole('checkbox', { name: 'Gaming' })).toBeEnabled();

  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(await heading('Personal details')).toBeInTheDocument();
  expect(screen.getByLabelText('Full name')).toHaveValue('Robin Ashworth');
  expect(screen.getByLabelText('Age')).toHaveValue(34);
  await user.click(next());
  await heading('Your interests');
  expect(screen.getByRole('checkbox', { name: 'Wine' })).toBeChecked();
  expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(7);
});

test('personality: all five questions must be answered; each answer shows its band', async () => {
  fakeServer({});
  const { user } = wizard();
  await fillPersonal(user);
  await user.click(next());
  await pick(user, 'Wine', 'Film', 'Hiking');
  await user.click(next());
  await heading('Your personality');
  expect(progress()).toHaveAttribute('aria-valuenow', '75');

  expect(screen.getAllByRole('radio')).toHaveLength(25);
  expect(next()).toBeDisabled();
  expect(screen.getByText('Please answer all five personality questions (0 of 5 answered).')).toBeInTheDocument();
  await answerAll(user, { Creative: 5, Social: 3, Adventurous: 2, Analytical: 4 });
  expect(next()).toBeDisabled();
  expect(screen.getByText('Please answer all five personality questions (4 of 5 answered).')).toBeInTheDocument();
  const creative = screen.getByRole('group', { name: /^Creative/ });
  expect(within(creative).getByText('High:')).toBeInTheDocument();
  expect(within(screen.getByRole('group', { name: /^Social/ })).getByText('Moderate:')).toBeInTheDocument();
  expect(within(screen.getByRole('group', { name: /^Adventurous/ })).getByText('Low:')).toBeInTheDocument();

  await answerAll(user, { Empathetic: 4 });
  expect(next()).toBeEnabled();
  await user.click(next());
  expect(await heading('What brings you here')).toBeInTheDocument();
  expect(progress()).toHaveAttribute('aria-valuenow', '100');

  // Back to personality: the answers are still there.
  await user.click(screen.getByRole('button', { name: 'Back' }));
  await heading('Your personality');
  expect(within(screen.getByRole('group', { name: /^Creative/ })).getByRole('radio', { name: /^5/ })).toBeChecked();
  expect(within(screen.getByRole('group', { name: /^Empathetic/ })).getByRole('radio', { name: /^4/ })).toBeChecked();
});

test('a visitor finishes by signing up: the code is mailed, /login opens at it, and the draft waits; back on /register signed in, the answers are saved', async () => {
  const server = fakeServer({
    'POST /api/users': new Reply(202, { message: 'We sent a 6-digit code to your email. It works for 10 minutes.', email: 'robin@example.com' }),
  });
  const { user, router, unmount } = wizard();
  expect(screen.getByRole('link', { name: 'Log in to save your answers' })).toHaveAttribute('href', '/login?next=%2Fregister');
  await fillPersonal(user, 'Robin Ashworth', 'Robin@Example.com');
  await user.click(next());
  await pick(user, 'Wine', 'Film', 'Hiking');
  await user.click(next());
  await answerAll(user, SCORES);
  await user.click(next());
  await heading('What brings you here');

  const finish = screen.getByRole('button', { name: /Complete Registration/ });
  expect(finish).toBeDisabled();
  expect(screen.getByText('Choose at least one motivation')).toBeInTheDocument();
  await pick(user, 'Try new experiences');
  expect(finish).toBeEnabled();
  await user.type(screen.getByLabelText(/What are you looking for\?/), '  Walking buddies  ');
  await user.click(finish);

  // docs/decisions/0070: no account before the code. /login opens at it and brings the new member back here.
  await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(router.state.location.search).toBe('?next=%2Fregister');
  expect(router.state.location.state).toEqual({ email: 'robin@example.com' });
  expect(server.calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url.pathname, c.body])).toEqual([
    [
      'POST',
      '/api/users',
      {
        name: 'Robin Ashworth',
        email: 'Robin@Example.com',
        username: 'Robin@Example.com',
        age: 34,
        bio: null,
        interests: ['Wine', 'Film', 'Hiking'],
        contactInfo: null,
        profileImage: null,
        personalityTraits: {},
        preferences: {},
        communicationStyle: null,
      },
    ],
  ]);
  // Nobody is signed in yet, and the answers are kept for after the code.
  expect(localStorage.getItem('currentUserId')).toBeNull();
  expect(screen.queryByRole('heading', { name: /You're all set/ })).not.toBeInTheDocument();
  expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY)!)).toMatchObject({
    step: 4,
    name: 'Robin Ashworth',
    age: '34',
    interests: ['Wine', 'Film', 'Hiking'],
    personality: { creative: 5, social: 2, adventurous: 4, analytical: 1, empathetic: 5 },
    motivations: ['Try new experiences'],
  });
  unmount();

  // The code entered at /login: back on /register as member 42, the wizard opens at its last step with every answer.
  signIn(42, 'robin@example.com');
  const profile = {
    ...member,
    id: 42,
    name: 'Robin Ashworth',
    email: 'robin@example.com',
    username: 'robin@example.com',
    interests: ['Wine', 'Film', 'Hiking'],
  };
  const back = fakeServer({
    'GET /api/users/42': profile,
    'PUT /api/users/42/answers': saved({ id: 42, name: 'Robin Ashworth', email: 'robin@example.com' }),
  });
  const again = wizard(42);
  expect(await heading('What brings you here')).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Try new experiences' })).toBeChecked();
  expect(screen.queryByRole('link', { name: 'Log in to save your answers' })).not.toBeInTheDocument();
  await again.user.click(screen.getByRole('button', { name: /Complete Registration/ }));

  expect(await screen.findByRole('heading', { name: "You're all set, Robin!" })).toBeInTheDocument();
  expect(back.calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url.pathname, c.body])).toEqual([
    [
      'PUT',
      '/api/users/42/answers',
      {
        name: 'Robin Ashworth',
        age: 34,
        interests: ['Wine', 'Film', 'Hiking'],
        personality: { creative: 5, social: 2, adventurous: 4, analytical: 1, empathetic: 5 },
        motivations: ['Try new experiences'],
        lookingFor: 'Walking buddies',
      },
    ],
  ]);
  // Saved: the draft is gone.
  expect(sessionStorage.getItem(DRAFT_KEY)).toBeNull();
  expect(screen.getByRole('link', { name: 'View my profile' })).toHaveAttribute('href', '/profile');
  expect(await screen.findByText('Profile Complete')).toBeInTheDocument();
});

test('an e-mail that already has an account: the server says so, and logging in keeps the draft', async () => {
  const server = fakeServer({ 'POST /api/users': new Reply(409, { message: 'An account with this email already exists. Please log in instead.' }) });
  const { user } = wizard();
  await fillPersonal(user);
  await user.click(next());
  await pick(user, 'Wine', 'Film', 'Hiking');
  await user.click(next());
  await answerAll(user, SCORES);
  await user.click(next());
  await pick(user, 'Have fun and relax');
  await user.click(screen.getByRole('button', { name: /Complete Registration/ }));

  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Error: An account with this email already exists. Please log in instead.');
  expect(within(alert).getByRole('link', { name: 'Log in to save your answers' })).toHaveAttribute('href', '/login?next=%2Fregister');
  expect(server.calls.filter((c) => c.url.pathname.endsWith('/answers'))).toHaveLength(0);
  expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY)!)).toMatchObject({
    step: 4,
    name: 'Robin Ashworth',
    interests: ['Wine', 'Film', 'Hiking'],
    motivations: ['Have fun and relax'],
  });
});

test('a reload brings the half-finished wizard back where it was', async () => {
  fakeServer({});
  const first = wizard();
  await fillPersonal(first.user);
  await first.user.click(next());
  await pick(first.user, 'Wine', 'Film');
  first.unmount();

  const { user } = wizard();
  expect(await heading('Your interests')).toBeInTheDocument();
  expect(screen.getByRole('checkbox', { name: 'Wine' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Film' })).toBeChecked();
  expect(screen.getByText('Choose at least 3 interests (2 chosen).')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(screen.getByLabelText('Full name')).toHaveValue('Robin Ashworth');
  expect(screen.getByLabelText('Email address')).toHaveValue('robin@example.com');
});

test('a broken draft in storage is ignored, not trusted', async () => {
  fakeServer({});
  sessionStorage.setItem(DRAFT_KEY, JSON.stringify({ step: 9, name: 5, interests: ['Wine', 'Knitting', 'Wine'], personality: { creative: 7, social: 2 } }));
  wizard();
  expect(await heading('Personal details')).toBeInTheDocument();
  expect(screen.getByLabelText('Full name')).toHaveValue('');
  act(() => undefined);
  expect(JSON.parse(sessionStorage.getItem(DRAFT_KEY)!)).toMatchObject({ step: 1, interests: ['Wine'], personality: { social: 2 } });
});

test('a signed-in member starts from their profile and only saves the answers (no signup)', async () => {
  const server = fakeServer({ 'GET /api/users/7': member, 'PUT /api/users/7/answers': saved() });
  const { user } = wizard(7);
  expect(await screen.findByLabelText('Full name')).toHaveValue('Alex Morgan');
  expect(screen.getByLabelText('Email address')).toHaveValue('alex@speedfriendship.test');
  expect(screen.getByLabelText('Email address')).toHaveAttribute('readonly');
  expect(screen.getByLabelText('Age')).toHaveValue(34);
  expect(screen.queryByRole('link', { name: 'Log in to save your answers' })).not.toBeInTheDocument();

  await user.click(next());
  await pick(user, 'Wine', 'Film', 'Hiking');
  await user.click(next());
  await answerAll(user, SCORES);
  await user.click(next());
  await pick(user, 'Try new experiences');
  await user.click(screen.getByRole('button', { name: /Complete Registration/ }));

  expect(await screen.findByRole('heading', { name: "You're all set, Alex!" })).toBeInTheDocument();
  expect(server.calls.filter((c) => c.method !== 'GET').map((c) => [c.method, c.url.pathname, c.body])).toEqual([
    [
      'PUT',
      '/api/users/7/answers',
      {
        name: 'Alex Morgan',
        age: 34,
        interests: ['Wine', 'Film', 'Hiking'],
        personality: { creative: 5, social: 2, adventurous: 4, analytical: 1, empathetic: 5 },
        motivations: ['Try new experiences'],
        lookingFor: null,
      },
    ],
  ]);
  // The completion screen shows what was saved.
  // Creative and Empathetic were 5: high.
  expect(screen.getAllByText('5/5 · High')).toHaveLength(2);
  expect(screen.getByText('Try new experiences')).toBeInTheDocument();
});

test('a member who answered before starts from the saved answers; a failed save keeps the wizard open', async () => {
  fakeServer({ 'GET /api/users/7': saved(), 'PUT /api/users/7/answers': new Reply(500, { message: 'Something went wrong on our side. Please try again.' }) });
  const { user } = wizard(7);
  await screen.findByLabelText('Full name');
  await user.click(next());
  expect(screen.getAllByRole('checkbox', { checked: true }).map((c) => c.closest('label')!.textContent)).toEqual(['Wine', 'Film', 'Hiking']);
  await user.click(next());
  expect(next()).toBeEnabled();
  await user.click(next());
  expect(screen.getByRole('checkbox', { name: 'Try new experiences' })).toBeChecked();
  expect(screen.getByLabelText(/What are you looking for\?/)).toHaveValue('Walking buddies');
  await user.click(screen.getByRole('button', { name: /Complete Registration/ }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Your answers were not saved: Something went wrong on our side. Please try again.');
  expect(screen.getByRole('heading', { name: 'What brings you here' })).toBeInTheDocument();
  expect(sessionStorage.getItem(DRAFT_KEY)).not.toBeNull();
});

/** A half-finished wizard as a reload finds it, at the last step. */
const storedAtLastStep = (over: Record<string, unknown>) =>
  sessionStorage.setItem(
    DRAFT_KEY,
    JSON.stringify({
      step: 4,
      name: 'Robin Ashworth',
      email: 'robin@example.com',
      age: '34',
      interests: ['Wine', 'Film', 'Hiking'],
      personality: { creative: 5, social: 2, adventurous: 4, analytical: 1, empathetic: 5 },
      motivations: ['Try new experiences'],
      lookingFor: '',
      ...over,
    }),
  );

test('Complete Registration checks every step: an earlier answer that is not valid leads back to its step, and nothing is sent', async () => {
  const server = fakeServer({});
  storedAtLastStep({ interests: ['Wine', 'Film'] });
  const first = wizard();
  await heading('What brings you here');
  await first.user.click(screen.getByRole('button', { name: /Complete Registration/ }));
  expect(await heading('Your interests')).toHaveFocus();
  expect(screen.getByText('Choose at least 3 interests (2 chosen).')).toBeInTheDocument();
  first.unmount();

  // Step 1 as it was left: no field's message, the hint says why.
  storedAtLastStep({ age: '17' });
  const { user } = wizard();
  await heading('What brings you here');
  await user.click(screen.getByRole('button', { name: /Complete Registration/ }));
  expect(await heading('Personal details')).toHaveFocus();
  expect(screen.getByLabelText('Age')).toHaveValue(17);
  expect(screen.queryByText('Age must be between 18 and 100')).not.toBeInTheDocument();
  expect(screen.getByText('Check your details: some are not valid yet.')).toBeInTheDocument();
  expect(server.calls.filter((c) => c.method !== 'GET')).toEqual([]);
});

test('what they are looking for is checked before sending: its message shows under it and clears when it is edited', async () => {
  const server = fakeServer({});
  storedAtLastStep({ lookingFor: 'Walking\u0007 buddies' });
  const { user } = wizard();
  await heading('What brings you here');
  await user.click(screen.getByRole('button', { name: /Complete Registration/ }));
  const field = screen.getByLabelText(/What are you looking for\?/);
  expect(await screen.findByText('Text must not contain control characters')).toBeInTheDocument();
  expect(field).toHaveFocus();
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(server.calls.filter((c) => c.method !== 'GET')).toEqual([]);

  await user.type(field, '!');
  expect(screen.queryByText('Text must not contain control characters')).not.toBeInTheDocument();
});
