import { screen, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, test, vi } from 'vitest';
import { fakeServer, Reply, renderAt } from '@client/test/render';
import { anEvent, aUserEvent, DAY, HOUR } from '../events.fixtures';
import { EventsScreen } from './events-screen';

const screenAt = (path = '/events') =>
  renderAt(
    <>
      <Toaster />
      <EventsScreen userId={1} />
    </>,
    { path },
  );

/** The card (an article) whose heading is `title`. */
const card = async (title: string) => (await screen.findByRole('heading', { name: title })).closest('article') as HTMLElement;

describe('Upcoming', () => {
  test('an evening full only because a seat is held for the first in line says so, not "Full" beside 7/8', async () => {
    const held = anEvent({ id: 3, title: 'Held Seat Night', participantCount: 7, maxParticipants: 8, spotsLeft: 0, seatsHeldForWaitlist: 1 });
    const two = anEvent({ id: 4, title: 'Two Held', participantCount: 6, maxParticipants: 8, spotsLeft: 0, seatsHeldForWaitlist: 2 });
    fakeServer({ 'GET /api/events': [held, two], 'GET /api/users/1/events': [] });
    screenAt();
    const heldCard = await card('Held Seat Night');
    expect(within(heldCard).getByText('7/8 participants')).toBeInTheDocument();
    expect(within(heldCard).getByText('1 seat held for the waitlist')).toBeInTheDocument();
    expect(within(heldCard).queryByText('Full')).not.toBeInTheDocument();
    expect(within(heldCard).queryByRole('link', { name: /Register/ })).not.toBeInTheDocument();
    expect(within(await card('Two Held')).getByText('2 seats held for the waitlist')).toBeInTheDocument();
  });

  test('each evening shows its facts, badge, spots left, View Details and Register', async () => {
    const open = anEvent({ id: 1, title: 'Friday Friends', participantCount: 12, maxParticipants: 40, spotsLeft: 28, ageRangeMin: 25, ageRangeMax: 40 });
    const full = anEvent({ id: 2, title: 'Sold Out Social', date: new Date(Date.now() + 9 * DAY).toISOString(), participantCount: 40, spotsLeft: 0 });
    fakeServer({ 'GET /api/events': [full, open], 'GET /api/users/1/events': [] });
    const { router, user } = screenAt();

    const openCard = await card('Friday Friends');
    expect(within(openCard).getByText('Open')).toBeInTheDocument();
    expect(within(openCard).getByText('Ages 25-40')).toBeInTheDocument();
    expect(within(openCard).getByText('12/40 participants')).toBeInTheDocument();
    expect(within(openCard).getByText('28 spots left')).toBeInTheDocument();
    expect(within(openCard).getByText('7:00 PM – 9:00 PM')).toBeInTheDocument();
    expect(within(openCard).getByText('The Church Inn, Prestwich')).toBeInTheDocument();
    expect(within(openCard).getByText('£15.00')).toBeInTheDocument();
    expect(within(openCard).getByRole('link', { name: 'View Details: Friday Friends' })).toHaveAttribute('href', '/events/1');
    expect(within(openCard).getByRole('link', { name: 'Register £15.00 for Friday Friends' })).toHaveAttribute('href', '/checkout/1');

    const fullCard = await card('Sold Out Social');
    expect(within(fullCard).getByText('Full')).toBeInTheDocument();
    expect(within(fullCard).queryByText(/spots? left/)).not.toBeInTheDocument();
    expect(within(fullCard).queryByRole('link', { name: /Register/ })).not.toBeInTheDocument();
    expect(within(fullCard).queryByRole('button', { name: /Register/ })).not.toBeInTheDocument();

    // Soonest first.
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf('Friday Friends')).toBeLessThan(headings.indexOf('Sold Out Social'));

    await user.click(within(openCard).getByRole('link', { name: /Register £15.00/ }));
    expect(router.state.location.pathname).toBe('/checkout/1');
  });

  test("one seat left reads '1 spot left'", async () => {
    fakeServer({ 'GET /api/events': [anEvent({ title: 'Nearly Full', spotsLeft: 1, participantCount: 39 })], 'GET /api/users/1/events': [] });
    screenAt();
    expect(within(await card('Nearly Full')).getByText('1 spot left')).toBeInTheDocument();
  });

  test('an evening the member is going to says so and offers no Register', async () => {
    const e = anEvent({ id: 5, title: 'Booked Evening' });
    fakeServer({ 'GET /api/events': [e], 'GET /api/users/1/events': [aUserEvent({ ...e })] });
    screenAt();
    const c = await card('Booked Evening');
    expect(await within(c).findByText("You're going")).toBeInTheDocument();
    expect(within(c).queryByRole('link', { name: /Register/ })).not.toBeInTheDocument();
    expect(within(c).getByRole('link', { name: 'View Details: Booked Evening' })).toBeInTheDocument();
  });

  test("past evenings are listed apart with a 'Past' badge and no spots or Register", async () => {
    const past = anEvent({ id: 7, title: 'Last Month Mixer', date: new Date(Date.now() - 30 * DAY).toISOString(), status: 'completed', spotsLeft: 10 });
    fakeServer({ 'GET /api/events': [past], 'GET /api/users/1/events': [] });
    screenAt();
    const section = await screen.findByRole('region', { name: 'Past evenings' });
    const c = within(section).getByRole('heading', { name: 'Last Month Mixer', level: 3 }).closest('article') as HTMLElement;
    expect(within(c).getByText('Past')).toBeInTheDocument();
    expect(within(c).queryByText(/spots left/)).not.toBeInTheDocument();
    expect(within(c).queryByRole('link', { name: /Register/ })).not.toBeInTheDocument();
    // Nothing to come: the empty state says so.
    expect(screen.getByRole('heading', { name: 'No upcoming events' })).toBeInTheDocument();
  });

  test('an evening the host has ended before its advertised time is Past, with no spots left shown', async () => {
    // The host ran it early and pressed End Event: completed, though its date is still ahead.
    const ended = anEvent({ id: 8, title: 'Lunchtime Trial', date: new Date(Date.now() + HOUR).toISOString(), status: 'completed', spotsLeft: 26 });
    fakeServer({ 'GET /api/events': [ended], 'GET /api/users/1/events': [] });
    screenAt();
    const section = await screen.findByRole('region', { name: 'Past evenings' });
    const c = within(section).getByRole('heading', { name: 'Lunchtime Trial', level: 3 }).closest('article') as HTMLElement;
    expect(within(c).getByText('Past')).toBeInTheDocument();
    expect(within(c).queryByText('Open')).not.toBeInTheDocument();
    expect(within(c).queryByText(/spots left/)).not.toBeInTheDocument();
    expect(within(c).queryByRole('link', { name: /Register/ })).not.toBeInTheDocument();
  });

  test("a free evening registers at once with the member's consent, and says so", async () => {
    const free = anEvent({ id: 3, title: 'Free Taster', price: 0 });
    const server = fakeServer({
      'GET /api/events': [free],
      'GET /api/users/1/events': [],
      'POST /api/events/3/register': { id: 1, eventId: 3, userId: 1, checkedIn: false, ticketCode: 'SF-1', createdAt: new Date().toISOString() },
    });
    const { user } = screenAt();
    const c = await card('Free Taster');
    expect(within(c).getByText('Free')).toBeInTheDocument();
    server.set('GET /api/users/1/events', [aUserEvent({ ...free })]);
    await user.click(within(c).getByRole('button', { name: 'Register free for Free Taster' }));

    expect(await screen.findByText('Registration Successful')).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ userId: 1, consentToShare: true });
    // The lists are asked again: the card now shows the place.
    expect(await within(await card('Free Taster')).findByText("You're going")).toBeInTheDocument();
  });

  test('a refused registration shows the server’s reason', async () => {
    fakeServer({
      'GET /api/events': [anEvent({ id: 4, title: 'Free Taster', price: 0 })],
      'GET /api/users/1/events': [],
      'POST /api/events/4/register': new Reply(409, { message: 'This event is full' }),
    });
    const { user } = screenAt();
    await user.click(within(await card('Free Taster')).getByRole('button', { name: /Register free/ }));
    expect(await screen.findByText('Registration Failed')).toBeInTheDocument();
    expect(screen.getByText('This event is full')).toBeInTheDocument();
  });

  test('no evenings at all: the empty state', async () => {
    fakeServer({ 'GET /api/events': [], 'GET /api/users/1/events': [] });
    screenAt();
    expect(await screen.findByRole('heading', { name: 'No upcoming events' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Past evenings' })).not.toBeInTheDocument();
  });

  test('a failed load offers Try again, which asks again', async () => {
    const server = fakeServer({ 'GET /api/events': new Reply(500, { message: 'boom' }), 'GET /api/users/1/events': [] });
    const { user } = screenAt();
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load the events");
    server.set('GET /api/events', [anEvent({ title: 'Back Again' })]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Back Again' })).toBeInTheDocument();
  });

  test('while loading, a status is announced', async () => {
    fakeServer({ 'GET /api/events': () => new Promise(() => {}), 'GET /api/users/1/events': [] });
    screenAt();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading upcoming events…');
  });
});

describe('My Events', () => {
  const coming = aUserEvent({ id: 11, title: 'Next Friday', checkedIn: false });
  const done = aUserEvent({ id: 12, title: 'Spring Social', date: new Date(Date.now() - 20 * DAY).toISOString(), status: 'completed' });

  test("the tab lists the member's evenings: 'Registered' to come, 'Completed' with View Matches", async () => {
    fakeServer({ 'GET /api/events': [], 'GET /api/users/1/events': [done, coming] });
    const { user, router } = screenAt();
    await user.click(screen.getByRole('tab', { name: 'My Events' }));
    expect(router.state.location.search).toBe('?tab=mine');
    expect(screen.getByRole('tab', { name: 'My Events' })).toHaveAttribute('aria-selected', 'true');

    const upcoming = await screen.findByRole('region', { name: 'Coming up' });
    const c1 = within(upcoming).getByRole('heading', { name: 'Next Friday' }).closest('article') as HTMLElement;
    expect(within(c1).getByText('Registered')).toBeInTheDocument();
    expect(within(c1).getByRole('link', { name: 'View Details: Next Friday' })).toHaveAttribute('href', '/events/11');
    expect(within(c1).queryByRole('link', { name: /View Matches/ })).not.toBeInTheDocument();

    const completed = screen.getByRole('region', { name: 'Completed' });
    const c2 = within(completed).getByRole('heading', { name: 'Spring Social' }).closest('article') as HTMLElement;
    expect(within(c2).getByText('Completed')).toBeInTheDocument();
    expect(within(c2).getByRole('link', { name: 'View Matches: Spring Social' })).toHaveAttribute('href', '/matches?event=12');

    // Back to Upcoming drops the parameter.
    await user.click(screen.getByRole('tab', { name: 'Upcoming' }));
    expect(router.state.location.search).toBe('');
  });

  test('an evening ended early by the host is under Completed, not Coming up', async () => {
    const endedEarly = aUserEvent({ id: 13, title: 'Lunchtime Trial', date: new Date(Date.now() + HOUR).toISOString(), status: 'completed', checkedIn: true });
    fakeServer({ 'GET /api/events': [], 'GET /api/users/1/events': [endedEarly] });
    screenAt('/events?tab=mine');
    const completed = await screen.findByRole('region', { name: 'Completed' });
    const c = within(completed).getByRole('heading', { name: 'Lunchtime Trial' }).closest('article') as HTMLElement;
    expect(within(c).getByText('Completed')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Coming up' })).not.toBeInTheDocument();
  });

  test("a checked-in evening says 'Checked in'", async () => {
    fakeServer({ 'GET /api/events': [], 'GET /api/users/1/events': [{ ...coming, checkedIn: true }] });
    screenAt('/events?tab=mine');
    const c = (await screen.findByRole('heading', { name: 'Next Friday' })).closest('article') as HTMLElement;
    expect(within(c).getByText('Checked in')).toBeInTheDocument();
  });

  test('no registrations: the empty state, and Browse Events goes to Upcoming', async () => {
    fakeServer({ 'GET /api/events': [anEvent({ title: 'Open Evening' })], 'GET /api/users/1/events': [] });
    const { user, router } = screenAt('/events?tab=mine');
    expect(await screen.findByRole('heading', { name: 'No registered events' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Browse Events' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByRole('heading', { name: 'Open Evening' })).toBeInTheDocument();
  });

  test('a failed load says so', async () => {
    fakeServer({ 'GET /api/events': [], 'GET /api/users/1/events': new Reply(500, {}) });
    screenAt('/events?tab=mine');
    expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your events");
  });
});

test('the registration list and events list are asked with the member id', async () => {
  const server = fakeServer({ 'GET /api/events': [], 'GET /api/users/1/events': [] });
  screenAt();
  await screen.findByRole('heading', { name: 'No upcoming events' });
  await vi.waitFor(() => expect(server.calls.map((c) => c.url.pathname)).toEqual(expect.arrayContaining(['/api/events', '/api/users/1/events'])));
  expect(server.unhandled).toEqual([]);
});
