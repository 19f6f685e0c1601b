import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import type { Event } from '@shared/schemas/events';
import { fakeServer, Reply, renderAt } from '@client/test/render';
import { dayName, event, fifteenthOfNextMonth, londonToday, refusal, venue, VENUES } from '@client/test/venues.fixtures';
import { CreateEventForm } from './create-event-form';

const HOST = 9;

function renderForm(routes: Record<string, unknown> = {}, preselectVenueId: number | null = null) {
  const server = fakeServer({ 'GET /api/venues': VENUES, ...routes });
  const view = renderAt(<CreateEventForm hostId={HOST} preselectVenueId={preselectVenueId} />, { path: '/create-event' });
  return { server, ...view };
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
const numberField = (name: string) => screen.getByRole('spinbutton', { name }) as HTMLInputElement;
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: /create event/i }));

async function replace(user: UserEvent, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

/** Open the date field, go to next month and pick a day (through roles: any accessible calendar). */
async function pickDay(user: UserEvent, day: string, label = /event date/i) {
  await user.click(screen.getByRole('button', { name: label }));
  await user.click(await screen.findByRole('button', { name: /next month/i }));
  await user.click(await screen.findByRole('button', { name: dayName(day) }));
}

test('the four active venues are one-tap presets that fill the venue fields', async () => {
  const { user } = renderForm();
  const quickPick = within(screen.getByRole('group', { name: 'Quick pick' }));
  const presets = await quickPick.findAllByRole('button');
  expect(presets.map((b) => b.textContent)).toEqual([
    'The Wine Wallop12 Bury New Road, Prestwich',
    'Church Inn1 Church Lane, Prestwich',
    'Café BrewWhitefield',
    'The Library Bar5 Bridge Street, Manchester',
  ]);
  expect(quickPick.queryByRole('button', { name: /Old Mill/ })).not.toBeInTheDocument();

  await user.click(quickPick.getByRole('button', { name: /Church Inn/ }));
  expect(field('Venue name')).toHaveValue('Church Inn');
  expect(field('Venue address')).toHaveValue('1 Church Lane');
  expect(field('City')).toHaveValue('Prestwich');
  expect(quickPick.getByRole('button', { name: /Church Inn/ })).toHaveAttribute('aria-pressed', 'true');
  expect(quickPick.getByRole('button', { name: /Wine Wallop/ })).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getByText('One of your venues: Church Inn.')).toBeInTheDocument();
});

test('the settings start at the spec defaults', async () => {
  renderForm();
  expect(screen.getByLabelText('Start time')).toHaveValue('19:00');
  expect(screen.getByLabelText('End time')).toHaveValue('22:00');
  expect(numberField('Minimum age')).toHaveValue(25);
  expect(numberField('Maximum age')).toHaveValue(40);
  expect(numberField('Maximum participants')).toHaveValue(30);
  expect(numberField('Price (£)')).toHaveValue(15);
  expect(await screen.findAllByRole('button', { pressed: false })).toHaveLength(4);
});

test('submitting an empty form shows the spec messages and sends nothing', async () => {
  const { server, user } = renderForm();
  await screen.findAllByRole('button', { pressed: false });
  await submit(user);

  expect(await screen.findByText('Event title is required')).toBeInTheDocument();
  expect(screen.getByText('Venue name is required')).toBeInTheDocument();
  expect(screen.getByText('Venue address is required')).toBeInTheDocument();
  expect(screen.getByText('City is required')).toBeInTheDocument();
  expect(screen.getByText('Please select a date')).toBeInTheDocument();
  expect(field('Event title')).toHaveAttribute('aria-invalid', 'true');
  expect(field('Event title')).toHaveAccessibleDescription('Event title is required');
  expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});

test('ages, participants, price and times out of range get their messages', async () => {
  const { server, user } = renderForm();
  await replace(user, numberField('Minimum age'), '17');
  await replace(user, numberField('Maximum participants'), '5');
  await replace(user, numberField('Price (£)'), '-1');
  await submit(user);
  expect(await screen.findByText('Minimum age must be at least 18')).toBeInTheDocument();
  expect(screen.getByText('Must allow at least 6 participants')).toBeInTheDocument();
  expect(screen.getByText('Price cannot be negative')).toBeInTheDocument();

  await replace(user, numberField('Minimum age'), '30');
  await replace(user, numberField('Maximum age'), '70');
  await replace(user, numberField('Maximum participants'), '101');
  await submit(user);
  expect(await screen.findByText('Maximum age cannot exceed 65')).toBeInTheDocument();
  expect(screen.getByText('Cannot exceed 100 participants')).toBeInTheDocument();
  expect(screen.queryByText('Minimum age must be at least 18')).not.toBeInTheDocument();

  await replace(user, numberField('Maximum age'), '28');
  await submit(user);
  expect(await screen.findByText('Maximum age must be at least the minimum age')).toBeInTheDocument();

  await replace(user, numberField('Maximum participants'), '');
  await submit(user);
  expect(await screen.findByText('Must allow at least 6 participants')).toBeInTheDocument();
  expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});

test('an end time before the start time is refused', async () => {
  const { user } = renderForm();
  const end = screen.getByLabelText('End time');
  await user.clear(end);
  await user.type(end, '18:00');
  await submit(user);
  expect(await screen.findByText('End time must be after the start time')).toBeInTheDocument();
  expect(end).toHaveAttribute('aria-invalid', 'true');
});

test('a venue typed that is not known yet is announced, created first, then the event is created there', async () => {
  const newVenue = venue({ id: 77, name: 'The Pump House', address: '3 Canal Side', city: 'Salford', capacity: 50 });
  const { server, user } = renderForm({
    'POST /api/venues': newVenue,
    'POST /api/events': (req: { body: unknown }) => event({ ...(req.body as Partial<Event>), id: 43, title: 'Canal Chats' }),
  });
  await screen.findAllByRole('button', { pressed: false });
  await user.type(field('Event title'), 'Canal Chats');
  await user.type(field('Venue name'), 'The Pump House');
  await user.type(field('Venue address'), '3 Canal Side');
  await user.type(field('City'), 'Salford');
  expect(screen.getByText(/A new venue: it will be added to your venues, with room for 50, when you create the event\./)).toBeInTheDocument();

  const day = fifteenthOfNextMonth();
  await pickDay(user, day);
  await submit(user);

  expect(await screen.findByText('Event "Canal Chats" created successfully!')).toBeInTheDocument();
  const posts = server.calls.filter((c) => c.method === 'POST');
  expect(posts.map((c) => c.url.pathname)).toEqual(['/api/venues', '/api/events']);
  expect(posts[0]!.body).toEqual({
    name: 'The Pump House',
    address: '3 Canal Side',
    city: 'Salford',
    capacity: 50,
    amenities: [],
    contactInfo: null,
    pricePerHour: 5000,
    isActive: true,
  });
  expect(posts[1]!.body).toMatchObject({ venueId: 77, date: day, title: 'Canal Chats' });
});

test('the date picker disables past days and shows the picked day', async () => {
  const { user } = renderForm();
  await user.click(screen.getByRole('button', { name: /event date/i }));
  const today = londonToday();
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  if (d > 1) {
    const yesterday = `${y}-${String(m).padStart(2, '0')}-${String(d - 1).padStart(2, '0')}`;
    expect(await screen.findByRole('button', { name: dayName(yesterday) })).toBeDisabled();
  }
  expect(await screen.findByRole('button', { name: dayName(today) })).toBeEnabled();

  const day = fifteenthOfNextMonth();
  await user.click(screen.getByRole('button', { name: /next month/i }));
  await user.click(await screen.findByRole('button', { name: dayName(day) }));
  // The popover closes and the field now names the day.
  expect(screen.getByRole('button', { name: /event date/i })).toHaveAccessibleName(dayName(day));
  expect(screen.queryByRole('button', { name: /next month/i })).not.toBeInTheDocument();
});

test('a preset venue, a title and a day POST the event with the spec payload, then the form is ready again', async () => {
  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  const { server, user } = renderForm({
    'POST /api/events': async (req: { body: unknown }) => {
      await gate;
      return event({ ...(req.body as Partial<Event>), id: 42 });
    },
  });
  await user.click(await screen.findByRole('button', { name: /Church Inn/ }));
  await user.type(field('Event title'), 'Wine Bar Speed Friendship');
  await user.type(field('Description (optional)'), 'First drink included.');
  await replace(user, numberField('Price (£)'), '12.5');
  const day = fifteenthOfNextMonth();
  await pickDay(user, day);
  await submit(user);

  expect(await screen.findByRole('button', { name: /creating event\.\.\./i })).toBeDisabled();
  release();
  expect(await screen.findByText('Event "Wine Bar Speed Friendship" created successfully!')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'View the event page' })).toHaveAttribute('href', '/events/42');

  expect(server.calls.filter((c) => c.url.pathname === '/api/venues' && c.method === 'POST')).toHaveLength(0);
  expect(server.calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/events')?.body).toEqual({
    title: 'Wine Bar Speed Friendship',
    description: 'First drink included.',
    date: day,
    startTime: '19:00',
    endTime: '22:00',
    venueId: 2,
    ageRangeMin: 25,
    ageRangeMax: 40,
    maxParticipants: 30,
    status: 'upcoming',
    roundDuration: 300,
    price: 1250,
    // Nothing typed: nothing promised (issue 34).
    priceIncludes: null,
    hostId: HOST,
  });
  // Reset for the next evening.
  expect(field('Event title')).toHaveValue('');
  expect(field('Venue name')).toHaveValue('');
  expect(numberField('Price (£)')).toHaveValue(15);
  expect(screen.getByRole('button', { name: 'Create Event' })).toBeEnabled();
});

test('what the price includes is the host’s own words, sent with the event; too long gets its message before sending (issue 34)', async () => {
  const { server, user } = renderForm({ 'POST /api/events': (req: { body: unknown }) => event({ ...(req.body as Partial<Event>), id: 44 }) });
  await user.click(await screen.findByRole('button', { name: /Church Inn/ }));
  await user.type(field('Event title'), 'Prosecco Friends');
  await pickDay(user, fifteenthOfNextMonth());
  const includes = field('What the price includes (optional)');
  await user.type(includes, 'x'.repeat(201));
  await submit(user);
  expect(await screen.findByText('What the price includes must be at most 200 characters')).toBeInTheDocument();
  expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

  await replace(user, includes, 'A glass of prosecco');
  await submit(user);
  expect(await screen.findByText('Event "Prosecco Friends" created successfully!')).toBeInTheDocument();
  expect(server.calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/events')?.body).toMatchObject({ priceIncludes: 'A glass of prosecco' });
});

test("the server's field errors land on their fields, with the failure and its reason", async () => {
  const { user } = renderForm({
    'POST /api/events': refusal(400, 'Please check the event details', [{ path: 'title', message: 'Title must be at most 120 characters' }]),
  });
  await user.click(await screen.findByRole('button', { name: /Wine Wallop/ }));
  await user.type(field('Event title'), 'A title');
  await pickDay(user, fifteenthOfNextMonth());
  await submit(user);

  expect(await screen.findByText('Failed to create event. Please try again.')).toBeInTheDocument();
  expect(screen.getByText('Please check the event details')).toBeInTheDocument();
  expect(field('Event title')).toHaveAccessibleDescription('Title must be at most 120 characters');
  await vi.waitFor(() => expect(field('Event title')).toHaveFocus());
  // What was typed stays.
  expect(field('Event title')).toHaveValue('A title');
});

test("a venue already booked at that time: the server's reason is shown, and what was typed stays", async () => {
  const message = 'The Wine Wallop is already booked 12:15-14:15 on Fri 15 May for “Lunch Social”. Pick a time that does not overlap it, or another venue.';
  const { user } = renderForm({ 'POST /api/events': refusal(409, message) });
  await user.click(await screen.findByRole('button', { name: /Wine Wallop/ }));
  await user.type(field('Event title'), 'Overlapping lunch');
  await pickDay(user, fifteenthOfNextMonth());
  await submit(user);

  const alert = await screen.findByText('Failed to create event. Please try again.');
  expect(alert.closest('[role="alert"]')).toHaveTextContent(message);
  expect(field('Event title')).toHaveValue('Overlapping lunch');
  expect(screen.queryByText(/created successfully/)).not.toBeInTheDocument();
});

test('a venue the server refuses stops before the event is created', async () => {
  const { server, user } = renderForm({
    'POST /api/venues': refusal(400, 'That venue cannot be added', [{ path: 'city', message: 'City must be at most 80 characters' }]),
  });
  await screen.findAllByRole('button', { pressed: false });
  await user.type(field('Event title'), 'Night out');
  await user.type(field('Venue name'), 'Somewhere new');
  await user.type(field('Venue address'), '1 Road');
  await user.type(field('City'), 'Bury');
  await pickDay(user, fifteenthOfNextMonth());
  await submit(user);

  expect(await screen.findByText('Failed to create event. Please try again.')).toBeInTheDocument();
  expect(screen.getByText('That venue cannot be added')).toBeInTheDocument();
  expect(field('City')).toHaveAccessibleDescription('City must be at most 80 characters');
  expect(server.calls.some((c) => c.url.pathname === '/api/events')).toBe(false);
});

test('typing an inactive venue points to the venues page to activate it', async () => {
  const { user } = renderForm();
  await screen.findAllByRole('button', { pressed: false });
  await user.type(field('Venue name'), 'old mill');
  await user.type(field('Venue address'), '9 Mill Lane');
  await user.type(field('City'), 'PRESTWICH');
  expect(screen.getByText(/Old Mill is inactive\./)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Activate it on the venues page' })).toHaveAttribute('href', '/venues');
});

test('Schedule Event from a venue (?venue=id) fills that venue in', async () => {
  renderForm({}, 4);
  await vi.waitFor(() => expect(field('Venue name')).toHaveValue('The Library Bar'));
  expect(field('Venue address')).toHaveValue('5 Bridge Street');
  expect(field('City')).toHaveValue('Manchester');
  expect(screen.getByRole('button', { name: /Library Bar/ })).toHaveAttribute('aria-pressed', 'true');
});

// Issue 34: ?venue= for another host's venue filled it in, and the server refused the booking only after the form was filled.
describe('another host’s venue', () => {
  const THEIRS = venue({ id: 7, name: 'Olive Hall', address: '3 Olive Street', city: 'Bury', canEdit: false, canManageHosts: false, ownerName: 'Olive Owner' });
  const MINE = venue({ id: 8, name: 'My Corner', address: '8 Corner Road', city: 'Prestwich' });

  test('?venue= for it says at the top that it cannot be booked and whom to ask, and fills nothing in', async () => {
    renderForm({ 'GET /api/venues': [THEIRS, MINE] }, THEIRS.id);
    const notice = (await screen.findByRole('heading', { name: 'You can’t book Olive Hall' })).parentElement!;
    expect(notice).toHaveTextContent(
      'Olive Hall belongs to Olive Owner. Only its owner, its co-hosts and admins can book it: ask Olive Owner to add you as a co-host.',
    );
    expect(within(notice).getByRole('link', { name: 'See your venues' })).toHaveAttribute('href', '/venues');
    // Before the form: the first thing in it.
    expect(screen.getByRole('form', { name: 'Create event' }).firstElementChild).toContainElement(notice);
    expect(field('Venue name')).toHaveValue('');
    expect(field('Venue address')).toHaveValue('');
    expect(field('City')).toHaveValue('');
  });

  test('it is not a quick pick; typed in, it is named as another host’s before sending', async () => {
    const { user } = renderForm({ 'GET /api/venues': [THEIRS, MINE] });
    const quickPick = within(screen.getByRole('group', { name: 'Quick pick' }));
    expect((await quickPick.findAllByRole('button')).map((b) => b.textContent)).toEqual(['My Corner8 Corner Road, Prestwich']);
    expect(screen.queryByRole('heading', { name: /You can’t book/ })).not.toBeInTheDocument();
    await user.type(field('Venue name'), 'Olive Hall');
    await user.type(field('Venue address'), '3 Olive Street');
    await user.type(field('City'), 'Bury');
    expect(await screen.findByText(/Olive Hall belongs to Olive Owner\. Only its owner/)).toBeInTheDocument();
    expect(screen.queryByText(/One of your venues/)).not.toBeInTheDocument();
  });

  test('?venue= for the host’s own venue still fills it in, with no notice', async () => {
    renderForm({ 'GET /api/venues': [THEIRS, MINE] }, MINE.id);
    await vi.waitFor(() => expect(field('Venue name')).toHaveValue('My Corner'));
    expect(screen.queryByRole('heading', { name: /You can’t book/ })).not.toBeInTheDocument();
  });
});

test('with no active venues the form says so and links to the venues page', async () => {
  renderForm({ 'GET /api/venues': [venue({ isActive: false })] });
  expect(await screen.findByText(/You have no active venue yet/)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'add venues' })).toHaveAttribute('href', '/venues');
});

test('when the venues cannot be loaded the venue can still be typed', async () => {
  renderForm({ 'GET /api/venues': refusal(500, 'Internal Server Error') });
  expect(await screen.findByText("We couldn't load your venues. Type the venue below instead.")).toBeInTheDocument();
  expect(field('Venue name')).toBeEnabled();
});

test('a failure with no reason from the server still says it failed', async () => {
  const { user } = renderForm({ 'POST /api/events': new Reply(500, null) });
  await user.click(await screen.findByRole('button', { name: /Library Bar/ }));
  await user.type(field('Event title'), 'Coffee Chats');
  await pickDay(user, fifteenthOfNextMonth());
  await submit(user);
  expect(await screen.findByText('Failed to create event. Please try again.')).toBeInTheDocument();
});
