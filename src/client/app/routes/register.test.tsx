import { screen, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import type { User } from '@shared/schemas/users';
import { fakeServer, Reply } from '@client/test/render';
import { LAZY, renderApp, signedInAs } from '../app.fixtures';

afterEach(() => sessionStorage.clear());

const robin: User = {
  id: 42,
  username: 'robin@example.com',
  name: 'Robin Ashworth',
  email: 'robin@example.com',
  age: 34,
  bio: null,
  interests: ['Wine', 'Film', 'Hiking'],
  profileImage: null,
  contactInfo: null,
  personalityTraits: {},
  preferences: {},
  communicationStyle: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  answers: null,
};
const answered: User = {
  ...robin,
  personalityTraits: { creative: 10, social: 4, adventurous: 8, analytical: 2 },
  answers: {
    personality: { creative: 5, social: 2, adventurous: 4, analytical: 1, empathetic: 5 },
    motivations: ['Try new experiences', 'Build lasting friendships'],
    lookingFor: 'Walking buddies and a pub quiz team',
    completedAt: '2026-11-23T10:00:00.000Z',
  },
};

test('/register is public: a visitor signs up at the end with the mailed code, comes back, completes, and /profile shows the answers', async () => {
  const server = fakeServer({
    'POST /api/users': new Reply(202, { message: 'We sent a 6-digit code to your email. It works for 10 minutes.', email: 'robin@example.com' }),
    'POST /api/auth/verify': { id: 42, email: 'robin@example.com', name: 'Robin Ashworth', created: true },
    'PUT /api/users/42/answers': answered,
    'GET /api/auth/me': { id: 42, email: 'robin@example.com', name: 'Robin Ashworth', roles: ['member'] },
    'GET /api/users/42': answered,
    'GET /api/users/42/stats': { eventsAttended: 0, totalConnections: 0, averageRating: null },
    'GET /api/users/42/events': [],
  });
  const { user, location } = renderApp('/register');
  expect(await screen.findByRole('heading', { level: 1, name: 'Tell us about you' }, LAZY)).toBeInTheDocument();
  expect(location()).toBe('/register');

  await user.type(await screen.findByLabelText('Full name', {}, LAZY), 'Robin Ashworth');
  await user.type(screen.getByLabelText('Email address'), 'robin@example.com');
  await user.type(screen.getByLabelText('Age'), '34');
  await user.click(screen.getByRole('button', { name: /^Next/ }));
  for (const i of ['Wine', 'Film', 'Hiking']) await user.click(screen.getByRole('checkbox', { name: i }));
  await user.click(screen.getByRole('button', { name: /^Next/ }));
  for (const [trait, v] of Object.entries({ Creative: 5, Social: 2, Adventurous: 4, Analytical: 1, Empathetic: 5 })) {
    await user.click(within(screen.getByRole('group', { name: new RegExp(`^${trait}`) })).getByRole('radio', { name: new RegExp(`^${v}`) }));
  }
  await user.click(screen.getByRole('button', { name: /^Next/ }));
  await user.click(screen.getByRole('checkbox', { name: 'Try new experiences' }));
  await user.click(screen.getByRole('checkbox', { name: 'Build lasting friendships' }));
  await user.click(screen.getByRole('button', { name: /Complete Registration/ }));

  // No account before the code (docs/decisions/0070): /login opens at the code, then comes back here.
  await vi.waitFor(() => expect(location()).toBe('/login?next=%2Fregister'), LAZY);
  expect(server.calls.some((c) => c.url.pathname === '/api/users/42/answers')).toBe(false);
  await user.type(await screen.findByLabelText('Login code', {}, LAZY), '123456');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
  await vi.waitFor(() => expect(location()).toBe('/register'), LAZY);
  // The draft kept every answer: one press saves them to the new member's profile.
  await user.click(await screen.findByRole('button', { name: /Complete Registration/ }, LAZY));

  expect(await screen.findByRole('heading', { name: "You're all set, Robin!" })).toBeInTheDocument();
  expect(server.calls.filter((c) => c.url.pathname === '/api/users/42/answers')).toHaveLength(1);
  // The app knows the new member…
  await vi.waitFor(() => expect(server.calls.some((c) => c.url.pathname === '/api/auth/me')).toBe(true), LAZY);
  // …and the completion screen stays.
  expect(screen.getByRole('heading', { name: "You're all set, Robin!" })).toBeInTheDocument();

  await user.click(screen.getByRole('link', { name: 'View my profile' }));
  await vi.waitFor(() => expect(location()).toBe('/profile'), LAZY);
  const card = within((await screen.findByRole('heading', { name: 'Your personality and motivations' }, LAZY)).parentElement!);
  expect(card.getByText('Creative').nextElementSibling).toHaveTextContent('5/5 · High');
  expect(card.getByText('Analytical').nextElementSibling).toHaveTextContent('1/5 · Low');
  expect(card.getByText('Empathetic')).toBeInTheDocument();
  expect(card.getByText('Build lasting friendships')).toBeInTheDocument();
  expect(card.getByText('Walking buddies and a pub quiz team')).toBeInTheDocument();
  expect(card.getByRole('link', { name: 'Update my answers' })).toHaveAttribute('href', '/register');
  // Says truthfully who sees what: the scores reach other guests' match previews.
  expect(card.queryByText(/Only you can see these answers/)).not.toBeInTheDocument();
  expect(
    card.getByText(
      /Only you see these answers and what you wrote\. The personality scores worked out from them feed the match scores that other guests of your evenings see in their match preview/,
    ),
  ).toBeInTheDocument();
});

test('/profile without answers invites the member to the assessment', async () => {
  fakeServer({
    ...signedInAs(),
    'GET /api/users/7': { ...robin, id: 7, email: 'alex@speedfriendship.test', name: 'Alex Morgan' },
    'GET /api/users/7/stats': { eventsAttended: 0, totalConnections: 0, averageRating: null },
    'GET /api/users/7/events': [],
  });
  renderApp('/profile');
  const card = within((await screen.findByRole('heading', { name: 'Your personality and motivations' }, LAZY)).parentElement!);
  expect(card.getByRole('link', { name: 'Complete Personality Assessment' })).toHaveAttribute('href', '/register');
});
