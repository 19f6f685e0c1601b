import { screen, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import type { PublicEvening } from '@shared/schemas/public-evening';
import { KEYS } from '@client/lib/session';
import { anEvent, DAY, fromNow, guestTonight } from '@client/test/fixtures';
import { fakeServer, Reply } from '@client/test/render';
import { member, profileRoutes } from '@client/features/profile/profile.fixtures';
import { EMAIL, LAZY, me, renderApp, signedInAs } from './app.fixtures';

test('a visitor going to a signed-in page is sent to /login with the way back', async () => {
  const server = fakeServer({});
  const { location } = renderApp('/profile?tab=data');
  expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  expect(location()).toBe(`/login?next=${encodeURIComponent('/profile?tab=data')}`);
  expect(server.calls).toHaveLength(0);
});

test('every signed-in-only path is guarded', async () => {
  fakeServer({});
  for (const path of ['/checkout/5', '/matches', '/my-matches']) {
    const view = renderApp(path);
    await screen.findByRole('heading', { name: 'Welcome Back' });
    expect(view.location()).toBe(`/login?next=${encodeURIComponent(path)}`);
    view.unmount();
  }
});

const PUBLIC_EVENING: PublicEvening = {
  id: 5,
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
  url: 'http://localhost/events/5',
  image: 'http://localhost/api/events/5/card.png',
};

test('a visitor opening an evening sees its public page, and Book leads to log in, then to its checkout', async () => {
  const server = fakeServer({ 'GET /api/events/5/public': PUBLIC_EVENING });
  const { location, user } = renderApp('/events/5?source=flyer');
  expect(await screen.findByRole('heading', { level: 1, name: 'Prestwich Friday Friends' }, LAZY)).toBeInTheDocument();
  expect(screen.getByText('Friday, 11 December 2026')).toBeInTheDocument();
  expect(screen.getByText('7:00 PM – 9:00 PM')).toBeInTheDocument();
  expect(screen.getByText('12 Bury New Road, Prestwich')).toBeInTheDocument();
  expect(screen.getByText('£15.00')).toBeInTheDocument();
  expect(screen.getByText(/Hosted by Hannah/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: /Open in map/ })).toHaveAttribute(
    'href',
    'https://www.openstreetmap.org/?mlat=53.53330&mlon=-2.28330#map=18/53.53330/-2.28330',
  );
  // Only the public read and the visit counted for the host's report (docs/decisions/0084): no session check, no member-only event read.
  expect(server.calls.map((c) => `${c.method} ${c.url.pathname}`).sort()).toEqual(['GET /api/events/5/public', 'POST /api/events/5/visits']);
  const book = screen.getByRole('link', { name: 'Book your place' });
  expect(screen.getAllByRole('link', { name: /Book|waitlist/ })).toHaveLength(1);
  // The public pages' footer (issue 34): privacy, the refund rule, contact.
  const footer = screen.getByRole('navigation', { name: 'About this site' });
  expect(within(footer).getByRole('link', { name: 'Refunds' })).toHaveAttribute('href', '/refunds');
  await user.click(book);
  await vi.waitFor(() => expect(location()).toBe(`/login?next=${encodeURIComponent('/checkout/5')}`), LAZY);
});

test('a visitor opening a full evening is offered the waitlist, an ended one is told so', async () => {
  fakeServer({
    'GET /api/events/5/public': { ...PUBLIC_EVENING, state: 'full', spotsLeft: 0 },
    'GET /api/events/6/public': { ...PUBLIC_EVENING, id: 6, state: 'ended' },
  });
  const full = renderApp('/events/5');
  expect(await screen.findByRole('link', { name: 'Join the waitlist' }, LAZY)).toHaveAttribute('href', `/login?next=${encodeURIComponent('/events/5')}`);
  expect(screen.getAllByText('Full: join the waitlist').length).toBeGreaterThan(0);
  full.unmount();
  renderApp('/events/6');
  expect(await screen.findByText(/This evening has ended\./, {}, LAZY)).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Book/ })).not.toBeInTheDocument();
});

// Issue 34: the evenings anyone can find.
const OPEN = anEvent({ id: 31, title: 'Prestwich Friday Friends', spotsLeft: 7, participantCount: 33 });
const FULL = anEvent({ id: 32, title: 'Whitefield Wine Night', date: fromNow(9 * DAY), price: 0, spotsLeft: 0, participantCount: 40 });
const GONE = anEvent({ id: 33, title: 'Last Week in Bury', date: fromNow(-7 * DAY), status: 'completed' });

test('a visitor sees the evenings open for booking on /events, without being sent to log in', async () => {
  const server = fakeServer({ 'GET /api/events': [OPEN, FULL, GONE] });
  const { location } = renderApp('/events');
  expect(await screen.findByRole('heading', { level: 1, name: 'Events' }, LAZY)).toBeInTheDocument();
  const open = await screen.findByRole('link', { name: 'Prestwich Friday Friends' });
  expect(location()).toBe('/events');
  expect(document.title).toBe('Events · Speed Friendship');
  // Each evening: its date, time, venue, price and spots left, linking to its public page.
  expect(open).toHaveAttribute('href', '/events/31');
  const card = within(open.closest('li')!);
  expect(card.getByText(/^\w{3} \d{1,2} \w{3}$/)).toHaveAttribute('datetime', OPEN.date);
  expect(card.getByText(/7:00 PM – 9:00 PM/)).toBeInTheDocument();
  expect(card.getByText('The Church Inn, Prestwich')).toBeInTheDocument();
  expect(card.getByText(/£15\.00/)).toBeInTheDocument();
  expect(card.getByText('7 spots left')).toBeInTheDocument();
  const full = within(screen.getByRole('link', { name: 'Whitefield Wine Night' }).closest('li')!);
  expect(full.getByText('Full: join the waitlist')).toBeInTheDocument();
  expect(full.getByText(/Free/)).toBeInTheDocument();
  // Nothing past, nothing to register for here: booking is on the evening's page.
  expect(screen.queryByText('Last Week in Bury')).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: /Register/ })).not.toBeInTheDocument();
  expect(screen.queryByRole('tab', { name: 'My Events' })).not.toBeInTheDocument();
  // A way to log in, which nobody has to take; no member's data asked for.
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent('/events')}`);
  expect(server.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['GET /api/events']);
  expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
});

test('a visitor with no evening open for booking is pointed to the waitlist', async () => {
  fakeServer({ 'GET /api/events': [GONE] });
  renderApp('/events');
  expect(await screen.findByRole('heading', { name: 'No upcoming events' }, LAZY)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute('href', '/');
});

test("the public page's Back goes to the evenings a visitor can book, and so does an ended evening's See what's next", async () => {
  fakeServer({
    'GET /api/events/5/public': PUBLIC_EVENING,
    'GET /api/events/6/public': { ...PUBLIC_EVENING, id: 6, state: 'ended' },
    'GET /api/events': [OPEN],
  });
  const first = renderApp('/events/5');
  await screen.findByRole('heading', { level: 1, name: 'Prestwich Friday Friends' }, LAZY);
  const back = screen.getByRole('link', { name: 'Back' });
  expect(back).toHaveAttribute('href', '/events');
  await first.user.click(back);
  expect(await screen.findByRole('link', { name: 'Prestwich Friday Friends' }, LAZY)).toHaveAttribute('href', '/events/31');
  expect(first.location()).toBe('/events');
  expect(screen.queryByRole('heading', { name: 'Welcome Back' })).not.toBeInTheDocument();
  first.unmount();

  const ended = renderApp('/events/6');
  await ended.user.click(await screen.findByRole('link', { name: "See what's next" }, LAZY));
  await vi.waitFor(() => expect(ended.location()).toBe('/events'), LAZY);
  expect(await screen.findByRole('link', { name: 'Prestwich Friday Friends' }, LAZY)).toBeInTheDocument();
});

test('a stale local sign-in on /events is forgotten and the visitor list shown', async () => {
  signedInAs();
  fakeServer({ 'GET /api/auth/me': new Reply(401, { message: 'Please log in first', error: 'Please log in first' }), 'GET /api/events': [OPEN] });
  const { location } = renderApp('/events');
  expect(await screen.findByRole('link', { name: 'Log in' }, LAZY)).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: 'Prestwich Friday Friends' })).toHaveAttribute('href', '/events/31');
  expect(location()).toBe('/events');
  expect(localStorage.getItem(KEYS.userId)).toBeNull();
});

test('a visitor opening an unknown evening is told it was not found', async () => {
  fakeServer({ 'GET /api/events/9/public': new Reply(404, { message: 'Event not found', error: 'Event not found' }) });
  renderApp('/events/9');
  expect(await screen.findByRole('heading', { level: 1, name: 'Event not found' }, LAZY)).toBeInTheDocument();
});

test('a signed-in member sees the page', async () => {
  fakeServer({ ...signedInAs(), ...profileRoutes() });
  const { location } = renderApp('/profile');
  expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
  expect(await screen.findByText(member.name)).toBeInTheDocument();
  expect(location()).toBe('/profile');
});

test("a signed-in member's event page asks for the event alongside the session check, and shows it once the member is known", async () => {
  let answerMe: (v: unknown) => void = () => {};
  const server = fakeServer({
    'GET /api/auth/me': new Promise((resolve) => (answerMe = resolve)),
    'GET /api/events/5': guestTonight({ registered: false, checkedIn: false, paid: false, isHost: false, ticketCode: null }),
    'GET /api/users/7/events': [],
  });
  signedInAs();
  renderApp('/events/5');
  // The event is on its way while the session check has not answered yet.
  await vi.waitFor(() => expect(server.calls.map((c) => `${c.method} ${c.url.pathname}`)).toContain('GET /api/events/5'), LAZY);
  expect(screen.queryByRole('heading', { name: 'Prestwich Friday Friends' })).not.toBeInTheDocument();
  answerMe(me());
  expect(await screen.findByRole('heading', { name: 'Prestwich Friday Friends', level: 1 })).toBeInTheDocument();
});

test('a stale local sign-in (the server session is gone) is forgotten and sent to /login', async () => {
  signedInAs();
  fakeServer({ 'GET /api/auth/me': new Reply(401, { message: 'Please log in first', error: 'Please log in first' }) });
  const { location } = renderApp('/profile');
  expect(await screen.findByRole('heading', { name: 'Welcome Back' })).toBeInTheDocument();
  expect(location()).toBe(`/login?next=${encodeURIComponent('/profile')}`);
  expect(localStorage.getItem(KEYS.userId)).toBeNull();
  expect(localStorage.getItem(KEYS.email)).toBeNull();
});

test('an unknown path sends a visitor to /login, and shows a member the 404 page', async () => {
  fakeServer({});
  const visitor = renderApp('/no-such-page');
  await screen.findByRole('heading', { name: 'Welcome Back' });
  expect(visitor.location()).toBe(`/login?next=${encodeURIComponent('/no-such-page')}`);
  visitor.unmount();

  fakeServer(signedInAs());
  const { user, location } = renderApp('/no-such-page');
  expect(await screen.findByRole('heading', { name: '404 Page Not Found' })).toBeInTheDocument();
  expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument();
  expect(document.title).toBe('Page not found · Speed Friendship');
  await user.click(screen.getByRole('link', { name: 'Go to the home page' }));
  await vi.waitFor(() => expect(location()).toBe('/'), LAZY);
});

test('the public pages open without signing in', async () => {
  fakeServer({});
  const pages: [string, string][] = [
    ['/', 'Make new friends, five minutes at a time'],
    ['/events', 'Events'],
    ['/landing', 'Now in Prestwich, Manchester'],
    ['/about', 'About Speed Friendship'],
    ['/privacy', 'Your privacy'],
    ['/promo', 'Speed Friendship Events in Prestwich'],
    ['/login', 'Welcome Back'],
    ['/unlock', 'Get back into your account'],
    ['/waitlist-signup', 'Join the waitlist'],
    ['/simple-signup', 'Sign up'],
    ['/test-signup', 'Sign up'],
    ['/personality-demo', 'Personality Matching Demo'],
  ];
  for (const [path, heading] of pages) {
    const view = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(view.location()).toBe(path);
    view.unmount();
  }
});

test('the header: the logo goes home, the Back button where the page says, and a skip link', async () => {
  fakeServer({});
  const { user, location } = renderApp('/about');
  await screen.findByRole('heading', { level: 1, name: 'About Speed Friendship' });
  expect(document.title).toBe('About us · Speed Friendship');
  expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#main');
  expect(screen.getByRole('link', { name: 'Back' })).toHaveAttribute('href', '/');
  expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Speed Friendship home' }));
  await vi.waitFor(() => expect(location()).toBe('/'), LAZY);
  expect(document.title).toBe('Speed Friendship · Prestwich');
});

test('a signed-in member gets the bottom navigation with the current page marked', async () => {
  fakeServer({ ...signedInAs(), ...profileRoutes() });
  const { user, location } = renderApp('/profile');
  const nav = within(await screen.findByRole('navigation', { name: 'Main' }));
  const links = nav.getAllByRole('link');
  expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
    ['Home', '/'],
    ['Events', '/events'],
    ['Friend Matches', '/my-matches'],
    ['Profile', '/profile'],
  ]);
  expect(nav.getByRole('link', { name: 'Profile' })).toHaveAttribute('aria-current', 'page');
  expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');

  // Not on the home page (the member's own, issue 34).
  await user.click(nav.getByRole('link', { name: 'Home' }));
  await vi.waitFor(() => expect(location()).toBe('/'), LAZY);
  await screen.findByRole('heading', { level: 1, name: 'Welcome back, Alex' }, LAZY);
  expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/profile');
});

test('Logout ends the session, forgets the member and goes home', async () => {
  const server = fakeServer({ ...signedInAs(), ...profileRoutes(), 'POST /api/auth/logout': new Reply(204, undefined) });
  const { user, location } = renderApp('/profile');
  await user.click(await screen.findByRole('button', { name: 'Logout' }));
  await vi.waitFor(() => expect(location()).toBe('/'), LAZY);
  expect(server.calls.some((c) => c.method === 'POST' && c.url.pathname === '/api/auth/logout')).toBe(true);
  expect(localStorage.getItem(KEYS.userId)).toBeNull();
  expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Already a member?' })).toBeInTheDocument();
});

test('Logout with the network gone still forgets the member here and goes home', async () => {
  fakeServer({ ...signedInAs(), ...profileRoutes(), 'POST /api/auth/logout': () => Promise.reject(new TypeError('Failed to fetch')) });
  const { user, location } = renderApp('/profile');
  await user.click(await screen.findByRole('button', { name: 'Logout' }, LAZY));
  await vi.waitFor(() => expect(location()).toBe('/'), LAZY);
  expect(localStorage.getItem(KEYS.userId)).toBeNull();
  expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
});

test('logging in from /login follows ?next= on this site, and never off it', async () => {
  const routes = {
    'POST /api/auth/login': { message: 'Code sent', email: EMAIL },
    'POST /api/auth/verify': { id: 7, email: EMAIL, name: 'Alex Morgan', created: false },
    'GET /api/auth/me': me(),
    ...profileRoutes(),
  };
  for (const [next, lands] of [
    [encodeURIComponent('/profile'), '/profile'],
    [encodeURIComponent('//evil.example/phish'), '/events'],
  ] as const) {
    fakeServer(routes);
    const view = renderApp(`/login?next=${next}`);
    await view.user.type(await screen.findByLabelText('Email address'), EMAIL);
    await view.user.click(screen.getByRole('button', { name: 'Access My Account' }));
    await view.user.type(await screen.findByLabelText('Login code'), '123456');
    await view.user.click(screen.getByRole('button', { name: /log in|verify|sign in/i }));
    await vi.waitFor(() => expect(view.router.state.location.pathname).toBe(lands), LAZY);
    view.unmount();
    localStorage.clear();
  }
});
