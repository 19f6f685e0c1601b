import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, expect, test, vi } from 'vitest';
import type { Venue, VenueBody } from '@shared/schemas/venues';
import { fakeServer, renderAt, type FakeRequest } from '@client/test/render';
import { event, refusal, venue, VENUES } from '@client/test/venues.fixtures';
import { VenuesScreen } from './venues-screen';

// Toasts live in sonner's module state: one test's must not show up in the next one's Toaster.
afterEach(() => {
  toast.dismiss();
});

function renderScreen(routes: Record<string, unknown> = {}) {
  const server = fakeServer({ 'GET /api/venues': VENUES, ...routes });
  const view = renderAt(
    <>
      <VenuesScreen />
      <Toaster />
    </>,
    { path: '/venues' },
  );
  return { server, ...view };
}

const summary = () => within(screen.getByRole('region', { name: 'Summary' }));
const addForm = () => within(screen.getByRole('form', { name: 'Add new venue' }));
const card = (name: string) => within(screen.getByRole('article', { name }));

async function replace(user: UserEvent, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

test('the summary counts active venues, live events, capacity of the active ones and cities', async () => {
  renderScreen();
  await screen.findByRole('region', { name: 'Summary' });
  // 4 of 5 active; 2 + 1 live events; 40 + 30 + 25 + 60 seats; Prestwich, Whitefield, Manchester.
  expect(summary().getByText('Active venues').parentElement?.parentElement).toHaveTextContent('Active venues4of 5 in total');
  expect(summary().getByText('Live events').parentElement?.parentElement).toHaveTextContent('Live events3');
  expect(summary().getByText('Total capacity').parentElement?.parentElement).toHaveTextContent('Total capacity155');
  expect(summary().getByText('Cities').parentElement?.parentElement).toHaveTextContent('Cities3towns and cities');
  expect(screen.getByRole('heading', { name: /Your venues/ })).toHaveTextContent('(5)');
});

// Issue 34: /venues offered every other host's venue as a place to book, and the server refused the booking.
test("a newly approved host's venues are their own: others are not counted, and are listed apart, booked through their owners", async () => {
  renderScreen({
    'GET /api/venues': [
      venue({ id: 11, name: 'My Corner', canEdit: true, activeEventCount: 0, capacity: 20 }),
      venue({ id: 12, name: 'Their Wine Bar', canEdit: false, canManageHosts: false, activeEventCount: 2, capacity: 40, ownerName: 'Olive Owner' }),
      venue({ id: 13, name: 'Their Pub', canEdit: false, canManageHosts: false, activeEventCount: 1, capacity: 30, ownerName: 'Pat Publican' }),
      venue({ id: 14, name: 'Closed Mill', canEdit: false, isActive: false }),
    ],
  });
  await screen.findByRole('region', { name: 'Summary' });
  expect(screen.getByRole('heading', { name: /^Your venues/ })).toHaveTextContent('(1)');
  expect(summary().getByText('Active venues').parentElement?.parentElement).toHaveTextContent('Active venues1of 1 in total');
  expect(summary().getByText('Live events').parentElement?.parentElement).toHaveTextContent('Live events0');
  expect(summary().getByText('Total capacity').parentElement?.parentElement).toHaveTextContent('Total capacity20');
  const others = within(screen.getByRole('region', { name: /Other hosts’ venues/ }));
  expect(screen.getByRole('heading', { name: /Other hosts’ venues/ })).toHaveTextContent('(2)');
  expect(others.getByText(/only a venue’s owner, its co-hosts and admins can schedule evenings there/)).toBeInTheDocument();
  expect(others.getByRole('heading', { name: 'Their Wine Bar' })).toBeInTheDocument();
  // Only the host's own venue can be booked from here; each of the others says whom to ask.
  expect(screen.getAllByRole('link', { name: /^Schedule Event/ }).map((a) => a.getAttribute('href'))).toEqual(['/create-event?venue=11']);
  expect(card('Their Pub').getByText('Booked through its owner, Pat Publican.').parentElement).toHaveTextContent(
    'Booked through its owner, Pat Publican. To hold an evening here, ask Pat Publican to add you as a co-host.',
  );
  expect(card('Their Wine Bar').getByText('Booked through its owner, Olive Owner.')).toBeInTheDocument();
  expect(card('My Corner').queryByText(/Booked through/)).not.toBeInTheDocument();
  expect(screen.queryByText('Closed Mill')).not.toBeInTheDocument();
});

test('a venue whose owner has left is marked as booked through an admin', async () => {
  renderScreen({ 'GET /api/venues': [venue({ id: 15, name: 'Orphan Rooms', canEdit: false, canManageHosts: false, ownerName: null })] });
  expect(await screen.findByText('Booked through an admin.')).toBeInTheDocument();
  expect(card('Orphan Rooms').queryByRole('link', { name: /Schedule Event/ })).not.toBeInTheDocument();
});

test('each venue card shows its details, status and the hourly price in pounds', async () => {
  renderScreen({
    'GET /api/venues': [
      venue({
        id: 1,
        name: 'The Wine Wallop',
        contactInfo: 'Jo, 0161 000 0000',
        pricePerHour: 1250,
        activeEventCount: 2,
        nextEvent: 'Wine Night · 2030-05-14 19:00',
      }),
      venue({ id: 5, name: 'Old Mill', isActive: false, amenities: [] }),
    ],
  });
  const wallop = card((await screen.findByRole('heading', { name: 'The Wine Wallop' })).textContent!);
  expect(wallop.getByText('12 Bury New Road, Prestwich')).toBeInTheDocument();
  expect(wallop.getByText('Active')).toBeInTheDocument();
  expect(wallop.getByText('£12.50')).toBeInTheDocument();
  expect(wallop.getByText('Contact: Jo, 0161 000 0000')).toBeInTheDocument();
  expect(wallop.getByText(/Wine Night · Tue(sday)?,? 14 May/)).toBeInTheDocument();
  expect(
    within(wallop.getByRole('list', { name: 'Amenities' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent),
  ).toEqual(['Wi-Fi', 'Bar']);
  expect(wallop.getByRole('link', { name: 'Schedule Event at The Wine Wallop' })).toHaveAttribute('href', '/create-event?venue=1');
  expect(wallop.getByRole('button', { name: 'Deactivate The Wine Wallop' })).toBeInTheDocument();

  const mill = card('Old Mill');
  expect(mill.getByText('Inactive')).toBeInTheDocument();
  expect(mill.getByRole('button', { name: 'Activate Old Mill' })).toBeInTheDocument();
  expect(mill.queryByRole('list', { name: 'Amenities' })).not.toBeInTheDocument();
});

test('Deactivate sends the new state and the card and summary follow the answer', async () => {
  const { server, user } = renderScreen({
    'PATCH /api/venues/2': (req: FakeRequest) => ({ ...VENUES[1]!, ...(req.body as Partial<Venue>) }),
  });
  await user.click(await screen.findByRole('button', { name: 'Deactivate Church Inn' }));
  expect(await card('Church Inn').findByRole('button', { name: 'Activate Church Inn' })).toBeInTheDocument();
  expect(server.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ isActive: false });
  expect(card('Church Inn').getByText('Inactive')).toBeInTheDocument();
  expect(await screen.findByText('Church Inn is inactive')).toBeInTheDocument();
  expect(summary().getByText('Active venues').parentElement?.parentElement).toHaveTextContent('3of 5 in total');
});

test('a refused change of state is reported and the card stays as it was', async () => {
  const { user } = renderScreen({ 'PATCH /api/venues/1': refusal(409, 'The venue has upcoming events') });
  await user.click(await screen.findByRole('button', { name: 'Deactivate The Wine Wallop' }));
  expect(await screen.findByText('Could not change the venue')).toBeInTheDocument();
  expect(screen.getByText('The venue has upcoming events')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Deactivate The Wine Wallop' })).toBeEnabled();
});

test('View Events expands the evenings at the venue, with links and registrations', async () => {
  const { user } = renderScreen({
    'GET /api/venues/1/events': [
      event({ id: 42, title: 'Wine Night', participantCount: 12, maxParticipants: 30 }),
      event({ id: 43, title: 'Spring Social', status: 'completed', participantCount: 20, maxParticipants: 20 }),
    ],
    'GET /api/venues/2/events': [],
  });
  const toggle = await screen.findByRole('button', { name: 'View Events at The Wine Wallop' });
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const wine = await screen.findByRole('link', { name: /Wine Night/ });
  expect(wine).toHaveAttribute('href', '/events/42');
  expect(wine).toHaveTextContent('12/30 registered');
  expect(screen.getByRole('link', { name: /Spring Social/ })).toHaveTextContent('Completed');

  await user.click(screen.getByRole('button', { name: 'View Events at Church Inn' }));
  expect(await screen.findByText('No events at this venue yet.')).toBeInTheDocument();

  await user.click(toggle);
  expect(toggle).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('link', { name: /Wine Night/ })).not.toBeInTheDocument();
});

test('a failed load of the venues offers Try again, which fetches them again', async () => {
  const { server, user } = renderScreen({ 'GET /api/venues': refusal(500, 'Database unavailable') });
  expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your venues");
  expect(screen.getByRole('alert')).toHaveTextContent('Database unavailable');
  server.set('GET /api/venues', VENUES);
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { name: 'The Wine Wallop' })).toBeInTheDocument();
  expect(server.calls.filter((c) => c.url.pathname === '/api/venues')).toHaveLength(2);
});

test('with no venues yet the list invites adding the first one', async () => {
  renderScreen({ 'GET /api/venues': [] });
  expect(await screen.findByText('No venues yet. Add your first one to start scheduling evenings.')).toBeInTheDocument();
  expect(summary().getByText('Cities').parentElement?.parentElement).toHaveTextContent('Cities0');
});

test('Add Venue stays disabled until both a name and a city are typed', async () => {
  const { user } = renderScreen();
  await screen.findByRole('form', { name: 'Add new venue' });
  const add = addForm().getByRole('button', { name: 'Add Venue' });
  expect(add).toBeDisabled();
  expect(addForm().getByText('Enter a venue name and city to add it.')).toBeInTheDocument();
  await user.type(addForm().getByRole('textbox', { name: 'Venue name' }), 'The Pump House');
  expect(add).toBeDisabled();
  await user.type(addForm().getByRole('textbox', { name: 'City' }), '   ');
  expect(add).toBeDisabled();
  await user.type(addForm().getByRole('textbox', { name: 'City' }), 'Salford');
  expect(add).toBeEnabled();
  expect(addForm().queryByText('Enter a venue name and city to add it.')).not.toBeInTheDocument();
});

test('a new venue is sent with the price in pence and the chosen amenities, then joins the list', async () => {
  const { server, user } = renderScreen({
    'POST /api/venues': (req: FakeRequest) => {
      const b = req.body as VenueBody;
      return venue({ ...b, id: 9, address: b.address ?? '', capacity: b.capacity ?? 40, amenities: b.amenities ?? [], contactInfo: b.contactInfo ?? null });
    },
  });
  await screen.findByRole('form', { name: 'Add new venue' });
  const form = addForm();
  expect(form.getByRole('spinbutton', { name: 'Capacity' })).toHaveValue(40);
  expect(form.getByRole('spinbutton', { name: 'Price per hour (£)' })).toHaveValue(50);

  await user.type(form.getByRole('textbox', { name: 'Venue name' }), 'The Pump House');
  await user.type(form.getByRole('textbox', { name: 'City' }), 'Salford');
  await user.type(form.getByRole('textbox', { name: 'Address' }), '3 Canal Side');
  await replace(user, form.getByRole('spinbutton', { name: 'Capacity' }), '55');
  await replace(user, form.getByRole('spinbutton', { name: 'Price per hour (£)' }), '62.5');
  await user.type(form.getByRole('textbox', { name: 'Contact info' }), 'sam@pumphouse.test');
  await user.click(form.getByRole('button', { name: 'Coffee' }));
  await user.click(form.getByRole('button', { name: 'Outdoor space' }));
  await user.click(form.getByRole('button', { name: 'Wi-Fi' }));
  await user.click(form.getByRole('button', { name: 'Wi-Fi' }));
  expect(form.getByRole('button', { name: 'Coffee' })).toHaveAttribute('aria-pressed', 'true');
  expect(form.getByRole('button', { name: 'Wi-Fi' })).toHaveAttribute('aria-pressed', 'false');
  await user.click(form.getByRole('button', { name: 'Add Venue' }));

  expect(await screen.findByText('Venue added')).toBeInTheDocument();
  expect(screen.getByText('The Pump House in Salford is active and ready for evenings.')).toBeInTheDocument();
  expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
    name: 'The Pump House',
    address: '3 Canal Side',
    city: 'Salford',
    capacity: 55,
    amenities: ['coffee', 'outdoor'],
    contactInfo: 'sam@pumphouse.test',
    pricePerHour: 6250,
    isActive: true,
  });
  // The form is emptied for the next one.
  expect(form.getByRole('textbox', { name: 'Venue name' })).toHaveValue('');
  expect(form.getByRole('button', { name: 'Coffee' })).toHaveAttribute('aria-pressed', 'false');
});

test('capacity and price out of range are refused before sending', async () => {
  const { server, user } = renderScreen();
  await screen.findByRole('form', { name: 'Add new venue' });
  const form = addForm();
  await user.type(form.getByRole('textbox', { name: 'Venue name' }), 'Tiny');
  await user.type(form.getByRole('textbox', { name: 'City' }), 'Bury');
  await replace(user, form.getByRole('spinbutton', { name: 'Capacity' }), '0');
  await replace(user, form.getByRole('spinbutton', { name: 'Price per hour (£)' }), '-5');
  await user.click(form.getByRole('button', { name: 'Add Venue' }));
  expect(await form.findByText('Capacity must be at least 1')).toBeInTheDocument();
  expect(form.getByText('Price per hour cannot be negative')).toBeInTheDocument();
  expect(form.getByRole('spinbutton', { name: 'Capacity' })).toHaveAttribute('aria-invalid', 'true');

  await replace(user, form.getByRole('spinbutton', { name: 'Capacity' }), '');
  await user.click(form.getByRole('button', { name: 'Add Venue' }));
  expect(await form.findByText('Capacity must be a number')).toBeInTheDocument();
  expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});

test("the server's refusal shows under its field and in a toast", async () => {
  const { user } = renderScreen({
    'POST /api/venues': refusal(400, 'A venue with that name already exists in Salford', [
      { path: 'name', message: 'A venue with that name already exists in Salford' },
    ]),
  });
  await screen.findByRole('form', { name: 'Add new venue' });
  const form = addForm();
  await user.type(form.getByRole('textbox', { name: 'Venue name' }), 'The Pump House');
  await user.type(form.getByRole('textbox', { name: 'City' }), 'Salford');
  await user.click(form.getByRole('button', { name: 'Add Venue' }));
  expect(await screen.findByText('Could not add the venue')).toBeInTheDocument();
  expect(form.getByRole('textbox', { name: 'Venue name' })).toHaveAccessibleDescription('A venue with that name already exists in Salford');
  expect(form.getByRole('textbox', { name: 'Venue name' })).toHaveValue('The Pump House');
});

test('a venue of another host shows no Activate/Deactivate: only its owner, co-hosts and admins may change it', async () => {
  renderScreen({
    'GET /api/venues': [venue({ id: 1, name: 'The Wine Wallop', canEdit: true }), venue({ id: 2, name: 'Church Inn', canEdit: false })],
  });
  const mine = card((await screen.findByRole('heading', { name: 'The Wine Wallop' })).textContent!);
  expect(mine.getByRole('button', { name: 'Deactivate The Wine Wallop' })).toBeInTheDocument();
  const theirs = card('Church Inn');
  expect(theirs.queryByRole('button', { name: /Deactivate|Activate/ })).not.toBeInTheDocument();
  // Looking at its events stays open; booking it is for its owner, co-hosts and admins (docs/decisions/0012).
  expect(theirs.queryByRole('link', { name: 'Schedule Event at Church Inn' })).not.toBeInTheDocument();
  expect(theirs.getByRole('button', { name: 'View Events at Church Inn' })).toBeInTheDocument();
});

test('the owner adds a co-host by e-mail and removes one; a co-host or another host sees no Co-hosts button', async () => {
  let hosts = [{ id: 21, name: 'Sam Host', email: 'sam@example.com' }];
  const { server, user } = renderScreen({
    'GET /api/venues': [
      venue({ id: 1, name: 'The Wine Wallop', canEdit: true, canManageHosts: true }),
      venue({ id: 2, name: 'Church Inn', canEdit: true, canManageHosts: false }),
    ],
    'GET /api/venues/1/hosts': () => hosts,
    'POST /api/venues/1/hosts': (req: FakeRequest) => (hosts = [...hosts, { id: 22, name: 'Kit Host', email: (req.body as { email: string }).email }]),
    'DELETE /api/venues/1/hosts/21': () => {
      hosts = hosts.filter((h) => h.id !== 21);
      return undefined;
    },
  });
  const mine = card((await screen.findByRole('heading', { name: 'The Wine Wallop' })).textContent!);
  expect(card('Church Inn').queryByRole('button', { name: /Co-hosts/ })).not.toBeInTheDocument();

  await user.click(mine.getByRole('button', { name: 'Co-hosts of The Wine Wallop' }));
  const panel = within(await screen.findByRole('region', { name: 'Co-hosts of The Wine Wallop' }));
  expect(await panel.findByText('sam@example.com')).toBeInTheDocument();

  // Not an e-mail: refused before anything is sent.
  await user.type(panel.getByRole('textbox', { name: 'Add a host by e-mail' }), 'kit');
  await user.click(panel.getByRole('button', { name: 'Add co-host' }));
  expect(panel.getByRole('textbox', { name: 'Add a host by e-mail' })).toHaveAccessibleDescription('Please enter a valid email address');
  expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

  await user.type(panel.getByRole('textbox', { name: 'Add a host by e-mail' }), '@example.com');
  await user.click(panel.getByRole('button', { name: 'Add co-host' }));
  expect(await panel.findByText('kit@example.com')).toBeInTheDocument();
  expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'kit@example.com' });
  expect(panel.getByRole('textbox', { name: 'Add a host by e-mail' })).toHaveValue('');

  await user.click(panel.getByRole('button', { name: 'Remove Sam Host' }));
  await vi.waitFor(() => expect(panel.queryByText('sam@example.com')).not.toBeInTheDocument());
  expect(server.calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/venues/1/hosts/21')).toBe(true);
});

test("a refused co-host (not a host, unknown e-mail) shows the server's sentence under the field", async () => {
  const { user } = renderScreen({
    'GET /api/venues': [venue({ id: 1, name: 'The Wine Wallop', canEdit: true, canManageHosts: true })],
    'GET /api/venues/1/hosts': [],
    'POST /api/venues/1/hosts': refusal(409, 'Only hosts can be added as co-hosts'),
  });
  const mine = card((await screen.findByRole('heading', { name: 'The Wine Wallop' })).textContent!);
  await user.click(mine.getByRole('button', { name: 'Co-hosts of The Wine Wallop' }));
  const panel = within(await screen.findByRole('region', { name: 'Co-hosts of The Wine Wallop' }));
  expect(await panel.findByText('No co-hosts yet.')).toBeInTheDocument();
  await user.type(panel.getByRole('textbox', { name: 'Add a host by e-mail' }), 'guest@example.com');
  await user.click(panel.getByRole('button', { name: 'Add co-host' }));
  await vi.waitFor(() =>
    expect(panel.getByRole('textbox', { name: 'Add a host by e-mail' })).toHaveAccessibleDescription('Only hosts can be added as co-hosts'),
  );
});
