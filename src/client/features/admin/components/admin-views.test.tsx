import { screen, within } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { fakeServer, renderAt } from '@client/test/render';
import { refusal, signup, SIGNUPS } from '../admin.fixtures';
import { AdminSignupList } from './signup-list';
import { SignupStats } from './signup-stats';
import { WaitlistDashboard } from './waitlist-dashboard';

afterEach(() => vi.restoreAllMocks());

const tile = (label: string) => screen.getByText(label).parentElement!;

test('others see the admins-only card and nothing is fetched', async () => {
  const server = fakeServer({ 'GET /api/users': SIGNUPS });
  renderAt(<AdminSignupList isAdmin={false} signedIn />, { path: '/admin-stats' });
  expect(await screen.findByRole('heading', { name: 'This page is for admins only' })).toBeInTheDocument();
  expect(screen.queryByText('Total signups')).not.toBeInTheDocument();
  expect(server.calls).toHaveLength(0);
});

test('a visitor is offered the login, back to this list', async () => {
  renderAt(<WaitlistDashboard isAdmin={false} signedIn={false} />, { path: '/waitlist-dashboard' });
  expect(await screen.findByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent('/waitlist-dashboard')}`);
});

test('the signup list: the total, then everyone newest first with name, e-mail, age and bio', async () => {
  fakeServer({ 'GET /api/users': SIGNUPS });
  renderAt(<AdminSignupList isAdmin signedIn />);
  expect(await screen.findByRole('heading', { name: /All signups/ })).toBeInTheDocument();
  expect(tile('Total signups')).toHaveTextContent('Total signups66 people on the waitlist');
  const items = screen.getAllByRole('listitem');
  expect(items.map((li) => within(li).getByRole('heading').textContent)).toEqual([
    'Fay Green',
    'Eve Jones',
    'Dan Evans',
    'Cara Doyle',
    'Ben Carter',
    'Ann Brown',
  ]);
  expect(items[0]).toHaveTextContent('fay@example.com');
  expect(items[0]).toHaveTextContent('Age 51');
  expect(items[0]).toHaveTextContent('Retired teacher.');
  expect(items[0]).toHaveTextContent('Joined 6 Oct 2026');
  expect(items[1]).toHaveTextContent('No bio');
});

test('searching by name or e-mail narrows the list and says how many are shown', async () => {
  fakeServer({ 'GET /api/users': SIGNUPS });
  const { user } = renderAt(<AdminSignupList isAdmin signedIn />);
  const search = await screen.findByRole('searchbox', { name: 'Search signups' });
  await user.type(search, 'WORK.test');
  await vi.waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
  expect(screen.getByRole('heading', { name: 'Ben Carter' })).toBeInTheDocument();
  expect(screen.getByText('Showing 1 of 6')).toBeInTheDocument();
  await user.clear(search);
  await user.type(search, 'zz');
  expect(await screen.findByText('No signups match “zz”.')).toBeInTheDocument();
});

test('one signup reads in the singular; none says nobody has signed up', async () => {
  fakeServer({ 'GET /api/users': [signup(1)] });
  const first = renderAt(<AdminSignupList isAdmin signedIn />);
  expect(await screen.findByText('1 person on the waitlist')).toBeInTheDocument();
  first.unmount();

  fakeServer({ 'GET /api/users': [] });
  renderAt(<AdminSignupList isAdmin signedIn />);
  expect(await screen.findByText('No one has signed up yet.')).toBeInTheDocument();
  expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
});

test('a failed load is reported (and logged) and Try again fetches again', async () => {
  const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
  const server = fakeServer({ 'GET /api/users': refusal(500, 'Database unavailable') });
  const { user } = renderAt(<AdminSignupList isAdmin signedIn />);
  expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the signups");
  expect(logged).toHaveBeenCalled();
  server.set('GET /api/users', SIGNUPS);
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'Fay Green' })).toBeInTheDocument();
  expect(server.calls).toHaveLength(2);
});

test('admin stats (/?admin=stats): the total and the latest five, with a way back', async () => {
  fakeServer({ 'GET /api/users': SIGNUPS });
  renderAt(<SignupStats isAdmin signedIn />, { path: '/?admin=stats' });
  expect(await screen.findByRole('heading', { name: 'Latest 5 members' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { level: 1, name: 'Admin Stats' })).toBeInTheDocument();
  expect(tile('Total signups')).toHaveTextContent('6');
  const recent = within(screen.getByRole('list')).getAllByRole('listitem');
  expect(recent.map((li) => within(li).getByRole('heading').textContent)).toEqual(['Fay Green', 'Eve Jones', 'Dan Evans', 'Cara Doyle', 'Ben Carter']);
  expect(recent[3]).toHaveTextContent('Age 22');
  expect(recent[3]).toHaveTextContent('Loves climbing.');
  expect(screen.getByRole('link', { name: 'Back to the main page' })).toHaveAttribute('href', '/');
});

test('admin stats for a member: the admins-only card, still with the way back', async () => {
  fakeServer({});
  renderAt(<SignupStats isAdmin={false} signedIn />);
  expect(await screen.findByRole('heading', { name: 'This page is for admins only' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Back to the main page' })).toBeInTheDocument();
});

test('the dashboard: not ready yet, progress, potential events, ages, interests and recent signups', async () => {
  fakeServer({ 'GET /api/users': SIGNUPS });
  renderAt(<WaitlistDashboard isAdmin signedIn />);
  expect(await screen.findByText('Not ready yet')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: '6 of 80 signups' })).toBeInTheDocument();
  expect(screen.getByText('74 more signups until we can launch the first two evenings.')).toBeInTheDocument();
  const progress = screen.getByRole('progressbar', { name: 'Progress to launch' });
  expect(progress).toHaveAttribute('aria-valuenow', '7');
  expect(progress).toHaveAttribute('aria-valuetext', '7% (6 of 80 signups)');
  expect(tile('Launch target')).toHaveTextContent('80Two evenings of 40');
  expect(tile('Potential events')).toHaveTextContent('0One per 80 signups');

  // 19, 22 | 28, 33 | 40 | 51 of six people.
  const ages = within(screen.getByRole('heading', { name: 'Age distribution' }).parentElement!).getAllByRole('listitem');
  expect(ages.map((li) => li.textContent)).toEqual(['18-242 people · 33%', '25-342 people · 33%', '35-441 person · 17%', '45+1 person · 17%']);

  // Case and spaces do not split an interest (the first spelling seen is shown); most common first, ties alphabetical.
  const interests = within(screen.getByRole('heading', { name: 'Popular interests' }).parentElement!).getAllByRole('listitem');
  expect(interests.map((li) => li.textContent)).toEqual(['1Books3 people', '2hiking3 people', '3wine3 people', '4Climbing1 person', '5Gardening1 person']);

  const recent = within(screen.getByRole('heading', { name: 'Recent signups' }).parentElement!);
  expect(recent.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
    'Fay Green, 51',
    'Eve Jones, 40',
    'Dan Evans, 33',
    'Cara Doyle, 22',
    'Ben Carter, 28',
  ]);
  expect(
    within(recent.getByRole('list', { name: "Fay Green's interests" }))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Books', 'Gardening', 'Wine ']);
  expect(recent.queryByRole('list', { name: "Eve Jones's interests" })).not.toBeInTheDocument();

  expect(screen.getByRole('link', { name: 'Open the signup form' })).toHaveAttribute('href', '/waitlist-signup');
  expect(screen.getByRole('link', { name: 'See all signups' })).toHaveAttribute('href', '/admin-stats');
});

test('the dashboard at the launch target: ready, 100%, one potential event per 80', async () => {
  const many = Array.from({ length: 161 }, (_, i) => signup(i + 1, { createdAt: new Date(Date.UTC(2026, 9, 1) + i * 60_000).toISOString() }));
  fakeServer({ 'GET /api/users': many });
  renderAt(<WaitlistDashboard isAdmin signedIn />);
  expect(await screen.findByText('Ready to launch')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: '161 of 80 signups' })).toBeInTheDocument();
  expect(screen.getByText(/time to book venues for the first evenings/)).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Progress to launch' })).toHaveAttribute('aria-valuenow', '100');
  expect(tile('Potential events')).toHaveTextContent('2');
  expect(screen.getByText('No interests shared yet.')).toBeInTheDocument();
});

test('an empty waitlist: one more signup reads in the singular at 79', async () => {
  fakeServer({ 'GET /api/users': Array.from({ length: 79 }, (_, i) => signup(i + 1)) });
  const first = renderAt(<WaitlistDashboard isAdmin signedIn />);
  expect(await screen.findByText('1 more signup until we can launch the first two evenings.')).toBeInTheDocument();
  first.unmount();

  fakeServer({ 'GET /api/users': [] });
  renderAt(<WaitlistDashboard isAdmin signedIn />);
  expect(await screen.findByText('No one has signed up yet. Share the signup form to get started.')).toBeInTheDocument();
  expect(screen.getByRole('progressbar', { name: 'Progress to launch' })).toHaveAttribute('aria-valuenow', '0');
});
