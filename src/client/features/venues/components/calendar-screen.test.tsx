import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, expect, test, vi } from 'vitest';
import type { Slot, SlotBody } from '@shared/schemas/venues';
import { fakeServer, renderAt, Reply, type FakeRequest } from '@client/test/render';
import { dayName, fifteenthOfNextMonth, londonToday, refusal, slot, VENUES } from '@client/test/venues.fixtures';
import { CalendarScreen } from './calendar-screen';

// Toasts live in sonner's module state: one test's must not show up in the next one's Toaster.
afterEach(() => {
  toast.dismiss();
});

const today = londonToday();
const firstOfMonth = `${today.slice(0, 7)}-01`;
/** Another day of this month than today. */
const otherDay = today === firstOfMonth ? `${today.slice(0, 7)}-02` : firstOfMonth;

const SLOTS: Slot[] = [
  slot({ id: 100, day: today, kind: 'available', startTime: '18:30', endTime: '21:30', maxCapacity: 45, notes: 'Back room' }),
  slot({
    id: 101,
    day: today,
    kind: 'booked',
    startTime: '19:00',
    endTime: '22:00',
    maxCapacity: 30,
    eventId: 42,
    eventTitle: 'Wine Night',
    registrations: 12,
  }),
  slot({ id: 102, day: otherDay, kind: 'blocked', startTime: '09:00', endTime: '17:00', reason: 'staff_training', maxCapacity: null }),
];

function renderCalendar(routes: Record<string, unknown> = {}, initialVenueId: number | null = null) {
  const server = fakeServer({
    'GET /api/venues': VENUES,
    'GET /api/venues/1/slots': SLOTS,
    'GET /api/venues/2/slots': [],
    'GET /api/venues/3/slots': [],
    'GET /api/me/calendar': { url: 'https://speedfriendship.test/api/me/calendar.ics?token=mine' },
    ...routes,
  });
  const view = renderAt(
    <>
      <CalendarScreen initialVenueId={initialVenueId} />
      <Toaster />
    </>,
    { path: '/calendar' },
  );
  return { server, ...view };
}

const openTab = async (user: UserEvent, name: string) => {
  await user.click(await screen.findByRole('tab', { name }));
  return within(screen.getByRole('tabpanel', { name }));
};
const slotForm = (name: 'Add an available slot' | 'Block time') => within(screen.getByRole('form', { name }));

async function pickDayIn(user: UserEvent, form: ReturnType<typeof slotForm>, day: string) {
  await user.click(form.getByRole('button', { name: /^day/i }));
  await user.click(await screen.findByRole('button', { name: /next month/i }));
  await user.click(await screen.findByRole('button', { name: dayName(day) }));
}

test('four tabs; the venue with the most live evenings is picked first, with its details', async () => {
  renderCalendar();
  const tabs = await screen.findAllByRole('tab');
  expect(tabs.map((t) => t.textContent)).toEqual(['Calendar', 'Integrations', 'Manage Availability', 'Live Bookings']);
  expect(screen.getByRole('tab', { name: 'Calendar' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('combobox', { name: 'Venue' })).toHaveDisplayValue('The Wine Wallop, Prestwich');
  expect(screen.getByText('12 Bury New Road, Prestwich · capacity 40')).toBeInTheDocument();
  expect(screen.getByRole('option', { name: 'Old Mill, Prestwich (inactive)' })).toBeInTheDocument();
});

test("the calendar shows today's slots in the side panel, and another day when it is picked", async () => {
  const { server, user } = renderCalendar();
  const todayPanel = within(await screen.findByRole('region', { name: dayName(today) }));
  expect(await todayPanel.findByText('Up to 45 guests')).toBeInTheDocument();
  expect(todayPanel.getByText('Back room')).toBeInTheDocument();
  expect(todayPanel.getByRole('link', { name: 'Wine Night' })).toHaveAttribute('href', '/events/42');
  expect(todayPanel.getByText('12/30 registered')).toBeInTheDocument();
  expect(todayPanel.getByText('18:30–21:30')).toBeInTheDocument();

  // Days say what they hold, for screen readers too.
  expect(screen.getByRole('button', { name: dayName(today) })).toHaveAccessibleName(/2 slots: 1 available, 1 booked/);
  await user.click(screen.getByRole('button', { name: dayName(otherDay) }));
  const otherPanel = within(screen.getByRole('region', { name: dayName(otherDay) }));
  expect(otherPanel.getByText('Reason: Staff training')).toBeInTheDocument();

  const query = server.calls.find((c) => c.url.pathname === '/api/venues/1/slots')!.url.searchParams;
  expect(query.get('from')).toBe(firstOfMonth);
  expect(query.get('to')?.slice(0, 7)).toBe(today.slice(0, 7));
});

test('a month without data says so, and moving months fetches that month', async () => {
  const { server, user } = renderCalendar({
    'GET /api/venues/1/slots': (req: FakeRequest) => (req.url.searchParams.get('from') === firstOfMonth ? SLOTS : []),
  });
  await screen.findByText('Up to 45 guests');
  await user.click(screen.getByRole('button', { name: /next month/i }));
  expect(await screen.findByText(/^No availability data in /)).toBeInTheDocument();
  const next = fifteenthOfNextMonth().slice(0, 7);
  expect(server.calls.some((c) => c.url.searchParams.get('from') === `${next}-01`)).toBe(true);
  expect(screen.getByRole('region', { name: dayName(`${next}-01`) })).toHaveTextContent('No availability data');
});

test('picking another venue shows its own calendar', async () => {
  const { server, user } = renderCalendar();
  await screen.findByText('Up to 45 guests');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Venue' }), 'Café Brew, Whitefield');
  expect(screen.getByText('Whitefield · capacity 25')).toBeInTheDocument();
  expect(await screen.findByText(/No availability data in/)).toBeInTheDocument();
  expect(server.calls.some((c) => c.url.pathname === '/api/venues/3/slots')).toBe(true);
});

test('?venue=id picks that venue', async () => {
  renderCalendar({}, 2);
  expect(await screen.findByRole('combobox', { name: 'Venue' })).toHaveDisplayValue('Church Inn, Prestwich');
});

test('a failed load of the venues offers Try again', async () => {
  // A 500 (a 503 or a dropped network is first retried a few times: lib/query-client.ts).
  const { server, user } = renderCalendar({ 'GET /api/venues': refusal(500, 'Something went wrong') });
  expect(await screen.findByRole('alert')).toHaveTextContent("We couldn't load your venues");
  server.set('GET /api/venues', VENUES);
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('combobox', { name: 'Venue' })).toBeInTheDocument();
});

test('with no venues the screen points to the venues page', async () => {
  renderCalendar({ 'GET /api/venues': [] });
  expect(await screen.findByText('No venues yet')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to venues' })).toHaveAttribute('href', '/venues');
});

test('Integrations: the venue feed and my own feed, copied to the clipboard', async () => {
  const { user } = renderCalendar();
  const panel = await openTab(user, 'Integrations');
  const venueFeed = panel.getByRole('textbox', { name: 'The Wine Wallop feed URL' });
  expect(venueFeed).toHaveValue(VENUES[0]!.calendarUrl);
  const appLinks = panel.getAllByRole('link', { name: 'Open in my calendar app' });
  expect(appLinks[0]).toHaveAttribute('href', 'webcal://speedfriendship.test/api/venues/1/calendar.ics?token=abc');
  expect(await panel.findByRole('textbox', { name: 'My calendar feed URL' })).toHaveValue('https://speedfriendship.test/api/me/calendar.ics?token=mine');
  expect(panel.getAllByRole('link', { name: 'Open in my calendar app' })[1]).toHaveAttribute(
    'href',
    'webcal://speedfriendship.test/api/me/calendar.ics?token=mine',
  );
  expect(panel.getByRole('heading', { name: 'Google Calendar' })).toBeInTheDocument();

  await user.click(panel.getByRole('button', { name: 'Copy The Wine Wallop feed URL' }));
  expect(await navigator.clipboard.readText()).toBe(VENUES[0]!.calendarUrl);
  expect(panel.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
  expect(panel.getByText('The Wine Wallop feed URL copied to the clipboard')).toBeInTheDocument();
});

test('Integrations: a refused clipboard selects the address and says how to copy it', async () => {
  const { user } = renderCalendar();
  const panel = await openTab(user, 'Integrations');
  vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
  vi.spyOn(console, 'error').mockImplementation(() => {});
  await user.click(panel.getByRole('button', { name: 'Copy The Wine Wallop feed URL' }));
  expect(await screen.findByText('Copy failed')).toBeInTheDocument();
  expect(panel.getByRole('button', { name: 'Copy The Wine Wallop feed URL' })).toBeInTheDocument();
  const input = panel.getByRole('textbox', { name: 'The Wine Wallop feed URL' }) as HTMLInputElement;
  expect(input.selectionEnd! - input.selectionStart!).toBe(input.value.length);
});

test('Integrations: my feed that cannot be loaded says so', async () => {
  const { user } = renderCalendar({ 'GET /api/me/calendar': refusal(500, 'No feed for you') });
  const panel = await openTab(user, 'Integrations');
  expect(await panel.findByText('No feed for you')).toBeInTheDocument();
});

test('Live Bookings: booked evenings with registrations and spots left; Refresh asks again', async () => {
  const booked = [
    slot({ id: 101, day: today, kind: 'booked', eventId: 42, eventTitle: 'Wine Night', registrations: 12, maxCapacity: 30 }),
    slot({ id: 103, day: otherDay, kind: 'booked', eventId: 44, eventTitle: 'Quiz Night', registrations: 20, maxCapacity: 20 }),
    slot({ id: 104, day: otherDay, kind: 'booked', eventId: 45, eventTitle: 'Almost full', registrations: 29, maxCapacity: 30 }),
    slot({ id: 100, day: today, kind: 'available' }),
  ];
  const { server, user } = renderCalendar({ 'GET /api/venues/1/slots': booked });
  const panel = await openTab(user, 'Live Bookings');
  const wine = (await panel.findByRole('link', { name: 'Wine Night' })).closest('li')!;
  expect(wine).toHaveTextContent('12/30 registered');
  expect(wine).toHaveTextContent('18 spots left');
  expect(panel.getByRole('link', { name: 'Quiz Night' }).closest('li')).toHaveTextContent('Full');
  expect(panel.getByRole('link', { name: 'Almost full' }).closest('li')).toHaveTextContent('1 spot left');
  expect(panel.getAllByRole('listitem')).toHaveLength(3);
  expect(panel.getByText(/Registrations update every 30 seconds · last checked/)).toBeInTheDocument();

  const before = server.calls.length;
  await user.click(panel.getByRole('button', { name: 'Refresh' }));
  await vi.waitFor(() => expect(server.calls.length).toBeGreaterThan(before));
});

test('Live Bookings: none yet offers to schedule an evening at this venue', async () => {
  const { user } = renderCalendar({ 'GET /api/venues/1/slots': [] });
  const panel = await openTab(user, 'Live Bookings');
  expect(await panel.findByText('No bookings yet')).toBeInTheDocument();
  expect(panel.getByRole('link', { name: 'Schedule Event' })).toHaveAttribute('href', '/create-event?venue=1');
});

test('Manage Availability: the forms start at the spec defaults', async () => {
  const { user } = renderCalendar();
  await openTab(user, 'Manage Availability');
  const add = slotForm('Add an available slot');
  expect(add.getByLabelText('Start time')).toHaveValue('18:30');
  expect(add.getByLabelText('End time')).toHaveValue('21:30');
  expect(add.getByRole('spinbutton', { name: 'Maximum capacity' })).toHaveValue(45);
  const block = slotForm('Block time');
  expect(block.getByLabelText('Start time')).toHaveValue('19:00');
  expect(block.getByLabelText('End time')).toHaveValue('22:00');
  expect(block.getByRole('combobox', { name: 'Reason' })).toHaveDisplayValue('Maintenance');
  expect(block.getAllByRole('option').map((o) => o.textContent)).toEqual(['Maintenance', 'Private event', 'Staff training', 'Holiday', 'Other']);
});

test('Manage Availability: a slot needs a day, a capacity of 1 to 100 and an end after its start', async () => {
  const { server, user } = renderCalendar();
  await openTab(user, 'Manage Availability');
  const add = slotForm('Add an available slot');
  const capacity = add.getByRole('spinbutton', { name: 'Maximum capacity' });
  await user.clear(capacity);
  await user.type(capacity, '101');
  const end = add.getByLabelText('End time');
  await user.clear(end);
  await user.type(end, '17:00');
  await user.click(add.getByRole('button', { name: 'Add Slot' }));

  expect(await add.findByText('Pick a day')).toBeInTheDocument();
  expect(add.getByText('Capacity must be between 1 and 100')).toBeInTheDocument();
  expect(add.getByText('End time must be after the start time')).toBeInTheDocument();
  expect(capacity).toHaveAccessibleDescription('Between 1 and 100 guests. Capacity must be between 1 and 100');
  expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
});

test('Manage Availability: an available slot is POSTed and confirmed', async () => {
  const { server, user } = renderCalendar({
    'POST /api/venues/1/slots': (req: FakeRequest) => slot({ ...(req.body as SlotBody), id: 200, reason: null, notes: null, maxCapacity: 40 }),
  });
  await openTab(user, 'Manage Availability');
  const add = slotForm('Add an available slot');
  const day = fifteenthOfNextMonth();
  await pickDayIn(user, add, day);
  const capacity = add.getByRole('spinbutton', { name: 'Maximum capacity' });
  await user.clear(capacity);
  await user.type(capacity, '40');
  await user.click(add.getByRole('button', { name: 'Add Slot' }));

  expect(await screen.findByText('Slot added')).toBeInTheDocument();
  expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
    day,
    startTime: '18:30',
    endTime: '21:30',
    kind: 'available',
    maxCapacity: 40,
    reason: null,
    notes: null,
  });
});

test('Manage Availability: a block is POSTed with its reason and notes; a clash is explained', async () => {
  const { server, user } = renderCalendar({ 'POST /api/venues/1/slots': refusal(409, 'That time overlaps an evening already booked') });
  await openTab(user, 'Manage Availability');
  const block = slotForm('Block time');
  const day = fifteenthOfNextMonth();
  await pickDayIn(user, block, day);
  await user.selectOptions(block.getByRole('combobox', { name: 'Reason' }), 'Holiday');
  await user.type(block.getByRole('textbox', { name: 'Notes (optional)' }), 'Closed for Christmas');
  await user.click(block.getByRole('button', { name: 'Block Time' }));

  expect(await block.findByRole('alert')).toHaveTextContent('That time overlaps an evening already booked');
  expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({
    day,
    startTime: '19:00',
    endTime: '22:00',
    kind: 'blocked',
    maxCapacity: 45,
    reason: 'holiday',
    notes: 'Closed for Christmas',
  });
});

test('Manage Availability: upcoming slots and blocks (not bookings) can be removed', async () => {
  let slots = SLOTS;
  const { server, user } = renderCalendar({
    'GET /api/venues/1/slots': () => slots,
    'DELETE /api/venues/1/slots/102': () => {
      slots = slots.filter((s) => s.id !== 102);
      return new Reply(204, undefined);
    },
  });
  const panel = await openTab(user, 'Manage Availability');
  const upcoming = within(panel.getByRole('heading', { name: 'Upcoming slots and blocks' }).parentElement!);
  expect(await upcoming.findByText('Up to 45 guests · Back room')).toBeInTheDocument();
  expect(upcoming.getByText('Staff training')).toBeInTheDocument();
  expect(upcoming.queryByText(/Wine Night/)).not.toBeInTheDocument();

  const removeButtons = upcoming.getAllByRole('button', { name: /^Remove / });
  expect(removeButtons).toHaveLength(2);
  await user.click(upcoming.getByRole('button', { name: /^Remove block on .*, 09:00 to 17:00$/ }));
  expect(await screen.findByText('Block removed')).toBeInTheDocument();
  expect(server.calls.some((c) => c.method === 'DELETE' && c.url.pathname === '/api/venues/1/slots/102')).toBe(true);
  await vi.waitFor(() => expect(upcoming.queryByText('Staff training')).not.toBeInTheDocument());
  const query = server.calls.find((c) => c.url.pathname === '/api/venues/1/slots' && c.url.searchParams.get('from') === today)!.url.searchParams;
  expect(query.get('to')! > today).toBe(true);
});

test('Manage Availability: with nothing stored the list says so; a failed removal is reported', async () => {
  const { user } = renderCalendar({ 'GET /api/venues/1/slots': [SLOTS[0]!], 'DELETE /api/venues/1/slots/100': refusal(404, 'Slot not found') });
  const panel = await openTab(user, 'Manage Availability');
  await user.click(await panel.findByRole('button', { name: /^Remove available slot on / }));
  expect(await screen.findByText('Could not remove it')).toBeInTheDocument();
  expect(screen.getByText('Slot not found')).toBeInTheDocument();
});

test('Manage Availability: an empty list invites adding a slot', async () => {
  const { user } = renderCalendar({ 'GET /api/venues/1/slots': [] });
  const panel = await openTab(user, 'Manage Availability');
  expect(await panel.findByText('No availability data. Add a slot or block time above.')).toBeInTheDocument();
});

test("Manage Availability of another host's venue: no forms and no Remove buttons, and it says why", async () => {
  const { user } = renderCalendar({ 'GET /api/venues': VENUES.map((v) => (v.id === 1 ? { ...v, canEdit: false } : v)) });
  const panel = await openTab(user, 'Manage Availability');
  expect(panel.getByText('The Wine Wallop belongs to another host. Only its owner, its co-hosts and admins can change its availability.')).toBeInTheDocument();
  expect(panel.queryByRole('form', { name: 'Add an available slot' })).not.toBeInTheDocument();
  expect(panel.queryByRole('form', { name: 'Block time' })).not.toBeInTheDocument();
  const upcoming = within(panel.getByRole('heading', { name: 'Upcoming slots and blocks' }).parentElement!);
  expect(await upcoming.findByText('Up to 45 guests · Back room')).toBeInTheDocument();
  expect(upcoming.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
});
