import { act, screen, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import { SIGNUPS } from '@client/features/admin/admin.fixtures';
import { aUserEvent } from '@client/features/events/events.fixtures';
import { VENUES } from '@client/test/venues.fixtures';
import { member, noContent, profileRoutes, refusal } from '@client/features/profile/profile.fixtures';
import { KEYS } from '@client/lib/session';
import { anEvent, DAY, fromNow } from '@client/test/fixtures';
import { fakeServer } from '@client/test/render';
import { LAZY, renderApp, signedInAs } from '../app.fixtures';

const HOSTS_ONLY = 'This page is for hosts only';
const ADMINS_ONLY = 'This page is for admins only';

test.each([
  ['/create-event', 'Create New Event'],
  ['/venues', 'Venue Management'],
  ['/calendar', 'Venue Availability Calendar'],
])('%s: a visitor is asked to log in as a host, and comes back here', async (path, title) => {
  const server = fakeServer({});
  const { user, location } = renderApp(`${path}?venue=2`);
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: HOSTS_ONLY })).toBeInTheDocument();
  expect(screen.getByText('Log in with an account that has host access to see it.')).toBeInTheDocument();
  await user.click(screen.getByRole('link', { name: 'Log in' }));
  await vi.waitFor(() => expect(location()).toBe(`/login?next=${encodeURIComponent(`${path}?venue=2`)}`), LAZY);
  expect(server.calls).toHaveLength(0);
});

test.each(['/create-event', '/venues', '/calendar', '/matching-dashboard', '/dashboard', '/host-control'])(
  '%s: a member without the host role is sent to the host programme to apply',
  async (path) => {
    const server = fakeServer(signedInAs('member'));
    renderApp(path);
    expect(await screen.findByRole('heading', { name: HOSTS_ONLY })).toBeInTheDocument();
    expect(screen.getByText(/Apply to the host programme/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply to host' })).toHaveAttribute('href', '/host-program');
    expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(server.calls.map((c) => c.url.pathname)).toEqual(['/api/auth/me']);
  },
);

test('/create-event: a host gets the form, with ?venue= filled in', async () => {
  fakeServer({ ...signedInAs('host'), 'GET /api/venues': VENUES });
  renderApp('/create-event?venue=2');
  expect(await screen.findByRole('form', { name: 'Create event' })).toBeInTheDocument();
  await vi.waitFor(() => expect(screen.getByRole('textbox', { name: 'Venue name' })).toHaveValue('Church Inn'));
});

test('/venues: a host gets the venue management', async () => {
  fakeServer({ ...signedInAs('host'), 'GET /api/venues': VENUES });
  renderApp('/venues');
  expect(await screen.findByRole('form', { name: 'Add new venue' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Old Mill' })).toBeInTheDocument();
});

test('/calendar: a host gets the calendar of the venue in ?venue=', async () => {
  fakeServer({ ...signedInAs('host'), 'GET /api/venues': VENUES, 'GET /api/venues/3/slots': [] });
  renderApp('/calendar?venue=3');
  expect(await screen.findByRole('combobox', { name: 'Venue' })).toHaveDisplayValue('Café Brew, Whitefield');
  expect(screen.getAllByRole('tab')).toHaveLength(4);
});

test.each(['/admin-stats', '/stats123', '/waitlist-dashboard', '/simple-signup?admin=true', '/?admin=stats'])(
  '%s: a member sees the admins-only card and no signups are fetched',
  async (path) => {
    const server = fakeServer(signedInAs('member', 'host'));
    renderApp(path);
    expect(await screen.findByRole('heading', { name: ADMINS_ONLY })).toBeInTheDocument();
    expect(server.calls.some((c) => c.url.pathname === '/api/users')).toBe(false);
  },
);

test('/simple-signup?admin=true: a visitor is offered the login, back to the member list', async () => {
  fakeServer({});
  const { location, user } = renderApp('/simple-signup?admin=true');
  expect(await screen.findByRole('heading', { level: 1, name: 'All members' })).toBeInTheDocument();
  await user.click(await screen.findByRole('link', { name: 'Log in' }));
  await vi.waitFor(() => expect(location()).toBe(`/login?next=${encodeURIComponent('/simple-signup?admin=true')}`), LAZY);
});

test.each([
  ['/admin-stats', 'Signups'],
  ['/stats123', 'Signups'],
  ['/simple-signup?admin=true', 'All members'],
])('%s: an admin sees every signup', async (path, title) => {
  fakeServer({ ...signedInAs('admin'), 'GET /api/users': SIGNUPS });
  renderApp(path);
  expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Fay Green' })).toBeInTheDocument();
  expect(screen.getByText('6 people on the waitlist')).toBeInTheDocument();
});

test('/waitlist-dashboard: an admin sees the launch readiness', async () => {
  fakeServer({ ...signedInAs('admin'), 'GET /api/users': SIGNUPS });
  renderApp('/waitlist-dashboard');
  expect(await screen.findByRole('heading', { name: '6 of 80 signups' })).toBeInTheDocument();
});

test('/?admin=stats: an admin sees the total and the latest members', async () => {
  fakeServer({ ...signedInAs('admin'), 'GET /api/users': SIGNUPS });
  renderApp('/?admin=stats');
  expect(await screen.findByRole('heading', { level: 1, name: 'Admin Stats' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Latest 5 members' })).toBeInTheDocument();
});

test('/?view=promo: the promo poster instead of the form', async () => {
  fakeServer({});
  renderApp('/?view=promo');
  expect(await screen.findByRole('heading', { level: 1, name: 'Speed Friendship Evenings' })).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Join the Waitlist' })).not.toBeInTheDocument();
});

test('/: the landing page has the hero, the member card, the waitlist form and the notes', async () => {
  fakeServer({ 'GET /api/events': [] });
  renderApp('/');
  expect(await screen.findByRole('heading', { level: 1, name: 'Make new friends, five minutes at a time' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Already a member?' })).toBeInTheDocument();
  expect(screen.getByRole('form', { name: 'Join the Waitlist' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'Good to know' })).toBeInTheDocument();
  // Nothing open for booking: the waitlist form is the page's main thing, with no room kept above it.
  await vi.waitFor(() => expect(document.querySelector('.animate-pulse')).toBeNull(), LAZY);
  expect(screen.queryByRole('heading', { name: 'Upcoming evenings' })).not.toBeInTheDocument();
});

// Issue 34: the evenings open for booking on `/`, and a member's own home.
const SOON = anEvent({ id: 41, title: 'Thursday Night Speed Friendship', spotsLeft: 5 });
const LATER = anEvent({ id: 42, title: 'Whitefield Wine Night', date: fromNow(14 * DAY), spotsLeft: 0, participantCount: 40 });
const PAST = anEvent({ id: 43, title: 'Last Week in Bury', date: fromNow(-7 * DAY), status: 'completed' });

/** The browser's IntersectionObserver, which the test tells when what it watches comes into view. */
function viewport() {
  const watchers: ((entries: { isIntersecting: boolean }[]) => void)[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
        watchers.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  return { scrollToIt: () => act(() => watchers.forEach((w) => w([{ isIntersecting: true }]))) };
}

test('/: a visitor sees the evenings open for booking above the waitlist form, and the way to all of them', async () => {
  const view = viewport();
  const server = fakeServer({ 'GET /api/events': [SOON, LATER, PAST] });
  renderApp('/');
  // Below the first screen of a phone: room is kept for them, and their cards load when it comes into view.
  await vi.waitFor(() => expect(server.calls).toHaveLength(1), LAZY);
  expect(document.querySelector('[aria-hidden="true"].animate-pulse')).not.toBeNull();
  expect(screen.queryByRole('region', { name: 'Upcoming evenings' })).not.toBeInTheDocument();
  view.scrollToIt();
  const section = await screen.findByRole('region', { name: 'Upcoming evenings' }, LAZY);
  const cards = within(section);
  expect(cards.getByRole('link', { name: 'Thursday Night Speed Friendship' })).toHaveAttribute('href', '/events/41');
  expect(cards.getByText('5 spots left')).toBeInTheDocument();
  expect(cards.getByRole('link', { name: 'Whitefield Wine Night' })).toHaveAttribute('href', '/events/42');
  expect(cards.getByText('Full: join the waitlist')).toBeInTheDocument();
  expect(cards.queryByText('Last Week in Bury')).not.toBeInTheDocument();
  expect(cards.getByRole('link', { name: 'See all evenings' })).toHaveAttribute('href', '/events');
  // Above the waitlist form, which stays.
  const form = screen.getByRole('form', { name: 'Join the Waitlist' });
  expect(section.compareDocumentPosition(form) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  // The landing page asks for the evenings and nothing else (no session, no member's data).
  expect(server.calls.map((c) => `${c.method} ${c.url.pathname}`)).toEqual(['GET /api/events']);
});

test('/: a signed-in member sees their next evening with its ticket and the upcoming evenings, not the waitlist form', async () => {
  fakeServer({
    ...signedInAs(),
    'GET /api/users/7/events': [aUserEvent(PAST), aUserEvent(SOON)],
    'GET /api/events': [PAST, SOON, LATER],
  });
  renderApp('/');
  expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Alex' }, LAZY)).toBeInTheDocument();
  const next = (await screen.findByRole('heading', { name: 'Your next evening' })).parentElement!;
  expect(within(next).getByRole('heading', { name: 'Thursday Night Speed Friendship' })).toBeInTheDocument();
  expect(within(next).getByText('7:00 PM – 9:00 PM')).toBeInTheDocument();
  expect(within(next).getByRole('link', { name: 'View your ticket' })).toHaveAttribute('href', '/events/41');
  const upcoming = within(await screen.findByRole('region', { name: 'Upcoming evenings' }));
  expect(upcoming.getByRole('link', { name: 'Whitefield Wine Night' })).toHaveAttribute('href', '/events/42');
  expect(within(upcoming.getByRole('link', { name: 'Thursday Night Speed Friendship' }).closest('li')!).getByText("You're going")).toBeInTheDocument();
  expect(upcoming.getByRole('link', { name: 'See all evenings' })).toHaveAttribute('href', '/events');
  expect(screen.queryByRole('form', { name: 'Join the Waitlist' })).not.toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Already a member?' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'My profile' })).toHaveAttribute('href', '/profile');
});

test('/: a member with nothing booked is pointed to the events', async () => {
  fakeServer({ ...signedInAs(), 'GET /api/users/7/events': [aUserEvent(PAST)], 'GET /api/events': [PAST, LATER] });
  renderApp('/');
  expect(await screen.findByText("You haven't booked an evening yet. Pick one and meet new people nearby.", {}, LAZY)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
  expect(await screen.findByRole('link', { name: 'Whitefield Wine Night' })).toHaveAttribute('href', '/events/42');
});

test.each([
  ['/dashboard', 'Log in to see your events'],
  ['/host-control', 'Log in to run your event'],
  ['/timer', 'Log in to see your round timer'],
  ['/live-event', 'Log in to join the live evening'],
])('%s: a visitor is asked to log in', async (path, title) => {
  fakeServer({});
  const { location, user } = renderApp(path);
  expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument();
  await user.click(await screen.findByRole('link', { name: 'Log in' }));
  await vi.waitFor(() => expect(location()).toBe(`/login?next=${encodeURIComponent(path)}`), LAZY);
});

test('/profile: Edit opens the form, Cancel goes back to the details', async () => {
  fakeServer({ ...signedInAs(), ...profileRoutes() });
  const { user } = renderApp('/profile');
  await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
  // The form loads with the first Edit (its own chunk).
  expect(await screen.findByRole('form', { name: 'Edit profile' }, LAZY)).toBeInTheDocument();
  const toggle = screen.getByRole('button', { name: 'Cancel editing' });
  await user.click(toggle);
  expect(screen.queryByRole('form', { name: 'Edit profile' })).not.toBeInTheDocument();
  expect(screen.getByText('34 years old')).toBeInTheDocument();
});

test('/profile: saving shows the new details and returns focus to the Edit button', async () => {
  fakeServer({ ...signedInAs(), ...profileRoutes(), 'PUT /api/users/7': { ...member, name: 'Alex Price' } });
  const { user } = renderApp('/profile');
  await user.click(await screen.findByRole('button', { name: 'Edit profile' }));
  const name = await screen.findByRole('textbox', { name: 'Name' }, LAZY);
  await user.clear(name);
  await user.type(name, 'Alex Price');
  await user.click(screen.getByRole('button', { name: 'Save changes' }));
  expect(await screen.findByText('Alex Price')).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Edit profile' })).not.toBeInTheDocument();
  await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Edit profile' })).toHaveFocus());
});

test('/profile: the stats and the evenings are shown beside the details', async () => {
  fakeServer({ ...signedInAs(), ...profileRoutes() });
  renderApp('/profile');
  expect(await screen.findByRole('heading', { name: 'Activity Stats' })).toBeInTheDocument();
  expect(await screen.findByText('Winter Warmer')).toBeInTheDocument();
  expect(screen.getByText('Autumn Social')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
});

test('/profile: a deleted account reads User not found, without a retry', async () => {
  fakeServer({ ...signedInAs(), ...profileRoutes({ 'GET /api/users/7': refusal(404, 'User not found') }) });
  renderApp('/profile');
  expect(await screen.findByText('User not found')).toBeInTheDocument();
  expect(screen.getByText(/This account may have been deleted/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
});

test('/profile: a failed load can be tried again', async () => {
  const server = fakeServer({ ...signedInAs(), ...profileRoutes({ 'GET /api/users/7': refusal(500, 'Database unavailable') }) });
  const { user } = renderApp('/profile');
  expect(await screen.findByText("We couldn't load your profile")).toBeInTheDocument();
  server.set('GET /api/users/7', member);
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('Alex Morgan')).toBeInTheDocument();
});

test('/profile: deleting the account goes home signed out', async () => {
  const server = fakeServer({ ...signedInAs(), ...profileRoutes(), 'DELETE /api/users/7': noContent() });
  const { location, user } = renderApp('/profile');
  await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
  await user.click(within(await screen.findByRole('dialog', { name: 'Delete your account?' })).getByRole('button', { name: 'Delete account' }));
  await vi.waitFor(() => expect(location()).toBe('/'), LAZY);
  await vi.waitFor(() => expect(localStorage.getItem(KEYS.userId)).toBeNull());
  expect(server.calls.some((c) => c.method === 'DELETE')).toBe(true);
  // Home, not the login page the guard would send a signed-out member to.
  expect(await screen.findByRole('heading', { name: 'Already a member?' })).toBeInTheDocument();
  expect(location()).toBe('/');
});

test.each([
  ['/events', 'Events', 'Events · Speed Friendship'],
  ['/matches', 'Matches', 'Matches · Speed Friendship'],
  ['/my-matches', 'Friend Matches', 'Friend Matches · Speed Friendship'],
])('%s: a signed-in member gets the page, titled, with the navigation', async (path, heading, title) => {
  fakeServer({ ...signedInAs(), 'GET /api/events': [], 'GET /api/users/7/events': [] });
  renderApp(path);
  expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  expect(document.title).toBe(title);
  const nav = within(screen.getByRole('navigation', { name: 'Main' }));
  const current = nav.getAllByRole('link').filter((a) => a.getAttribute('aria-current') === 'page');
  expect(current.map((a) => a.textContent)).toEqual(path === '/matches' ? [] : [heading]);
});

test('/events/{id}: the event page has a Back button to the events list', async () => {
  fakeServer({ ...signedInAs(), 'GET /api/events/5': refusal(404, 'Event not found') });
  renderApp('/events/5');
  await vi.waitFor(() => expect(document.title).toBe('Event · Speed Friendship'), LAZY);
  expect(await screen.findByRole('link', { name: 'Back' })).toHaveAttribute('href', '/events');
  expect(await screen.findByText(/Event not found/)).toBeInTheDocument();
});

test('/checkout/{id}: the payment page opens for a signed-in member', async () => {
  fakeServer({ ...signedInAs(), 'GET /api/events/5': refusal(404, 'Event not found') });
  renderApp('/checkout/5');
  await vi.waitFor(() => expect(document.title).toBe('Complete Registration · Speed Friendship'), LAZY);
  expect(await screen.findByText(/Event not found/)).toBeInTheDocument();
});

test('/live-event: a member with no evening coming up is pointed to the events', async () => {
  fakeServer({ ...signedInAs(), 'GET /api/users/7/events': [] });
  renderApp('/live-event');
  expect(await screen.findByRole('heading', { name: 'No evening coming up' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
});

test('/live-event: a failed look-up of the evening can be tried again; a bad ?event= is not found', async () => {
  const server = fakeServer({ ...signedInAs(), 'GET /api/users/7/events': refusal(500, 'Database unavailable') });
  const first = renderApp('/live-event');
  expect(await screen.findByRole('heading', { name: "We couldn't load your evening" })).toBeInTheDocument();
  server.set('GET /api/users/7/events', []);
  await first.user.click(screen.getByRole('button', { name: /Try again/ }));
  expect(await screen.findByRole('heading', { name: 'No evening coming up' })).toBeInTheDocument();
  first.unmount();

  fakeServer(signedInAs());
  renderApp('/live-event?event=abc');
  expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
});

test('/host-control: a host without ?event= picks one of their evenings', async () => {
  fakeServer({ ...signedInAs('host'), 'GET /api/live/events': [] });
  renderApp('/host-control');
  expect(await screen.findByRole('heading', { name: 'No events to run' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Create an event' })).toHaveAttribute('href', '/create-event');
});
